// Koordinaten Filter: the filter turns a pasted forum post into the right
// coordinates for each filter and copies the BB-code: a small world imported through the admin API,
// a fresh user on that world, a real paste, every filter in turn, the BB-code on the clipboard. And
// the filtered coordinates go on as targets into an attack plan's planner, whose preview
// draws the planned attacks on a map.
import type { APIRequestContext, Page } from "@playwright/test";
import { attackTable, coordText, createPlan, demoWorldData, nearestVillages, planOwner, villagesOf } from "../attack-plans";
import { apiToken, expect, loginWith, test, toasts, uniqueSuffix } from "../fixtures";

const server = "die-staemme.de";

/** The world of the forum post, in the game's own file formats (see apps/server/test/worlds.ts). */
const worldFiles = {
  "village.txt": [
    "1,Apfelhof,500,500,1,1200,0",
    "2,Apfelgarten,501,499,1,800,0",
    "3,Barbarendorf,498,503,0,150,0",
    "4,Bert%27s+Burg,510,490,2,9000,0",
    "5,Carlas+Dorf,420,455,3,3000,0",
    "6,Barbarendorf,450,420,0,60,0",
    "7,Doras+Dorf,555,555,4,500,0",
  ].join("\n"),
  "player.txt": ["1,Anna+Apfel,11,2,2000,2", "2,Bert,11,1,9000,1", "3,Carla,12,1,3000,3", "4,Dora,0,1,500,4"].join("\n"),
  "ally.txt": ["11,Die+Ersten,ERST,2,3,11000,11000,1", "12,Zweite+Reihe,Z%26R,1,1,3000,3000,2"].join("\n"),
};

const post = [
  "[b]Ziele für Freitag[/b]",
  "Bitte Adelung auf [coord]500|500[/coord] und [coord]501|499[/coord].",
  "Fakes: 498|503, 510|490 (Bert), 420|455; Barbar bei 450|420.",
  "Nochmal: [coord]500|500[/coord]",
  "Bericht: Angreifer aus 555|555 (K55) – ein Dorf bei 777|777 gibt es nicht.",
  "Kein Ziel: 1234|567, Uhrzeit 12:30, Datum 24.12.",
].join("\n");
const all = ["500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "555|555"];

/** A new world with the files above, and a user playing on it. */
async function setupWorld(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await apiToken(request, "admin")}` };
  const code = `de${uniqueSuffix()}`;
  const created = await request.post("/api/worlds", { headers: admin, data: { server, world: code } });
  expect(created.status()).toBe(201);
  const { world } = (await created.json()) as { world: { id: number } };
  const multipart = Object.fromEntries(
    Object.entries(worldFiles).map(([name, text]) => [name, { name, mimeType: "text/plain", buffer: Buffer.from(text) }]),
  );
  const imported = await request.post(`/api/worlds/${world.id}/import`, { headers: admin, multipart });
  expect(imported.status(), await imported.text()).toBe(200);
  const username = `filter-${uniqueSuffix()}`;
  const password = "e2e-passwort-123";
  const user = await request.post("/api/users", { headers: admin, data: { username, password, role: "user", world: { server, world: code } } });
  expect(user.status()).toBe(201);
  return { username, password };
}

const output = (page: Page) => page.getByRole("textbox", { name: "Gefilterte Koordinaten" });
const lines = (...coords: string[]) => coords.join("\n");
const count = (page: Page, step: string) => page.getByText(new RegExp(`^${step}: \\d+ vorher, \\d+ nachher$`));

async function chooseOwner(page: Page, mode: string) {
  await page.getByRole("combobox", { name: "Besitzer", exact: true }).click();
  await page.getByRole("option", { name: mode, exact: true }).click();
}

async function resetFilters(page: Page) {
  await page.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(output(page)).toHaveValue(lines(...all));
}

test.describe("coordinate filter", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("filters a pasted forum post by every filter and copies the BB-code", async ({ page, request }) => {
    // Every filter in turn on one page: longer than most specs, and the machine may be busy.
    test.slow();
    const account = await setupWorld(request);
    await loginWith(page, account.username, account.password, "/coords-filter");
    await expect(page.getByText("Noch keine Koordinaten.")).toBeVisible();

    // A real paste from the clipboard.
    await page.evaluate((text) => navigator.clipboard.writeText(text), post);
    await page.getByRole("textbox", { name: "Text mit Koordinaten" }).focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(page.getByText("9 Koordinaten gefunden")).toBeVisible();
    await expect(output(page)).toHaveValue(lines(...all));
    await expect(page.getByText("9 gefunden → 7 im Ergebnis")).toBeVisible();
    await expect(count(page, "Dörfer in der Welt")).toHaveText("Dörfer in der Welt: 9 vorher, 8 nachher");
    await expect(count(page, "Doppelte entfernen")).toHaveText("Doppelte entfernen: 8 vorher, 7 nachher");
    await expect(page.getByRole("group", { name: "Ohne Dorf (1)" })).toContainText("777|777");

    // Owner.
    await chooseOwner(page, "Nur Barbaren");
    await expect(output(page)).toHaveValue(lines("498|503", "450|420"));
    await expect(count(page, "Besitzer")).toHaveText("Besitzer: 8 vorher, 2 nachher");
    await chooseOwner(page, "Alle Spieler");
    await expect(output(page)).toHaveValue(lines("500|500", "501|499", "510|490", "420|455", "555|555"));
    await chooseOwner(page, "Gewählte Spieler oder Stämme");
    await expect(page.getByText("Wähle mindestens einen Spieler oder Stamm.").first()).toBeVisible();
    await page.getByRole("combobox", { name: "Stämme" }).fill("ers");
    await page.getByRole("option", { name: /ERST/ }).click();
    await expect(output(page)).toHaveValue(lines("500|500", "501|499", "510|490"));
    await chooseOwner(page, "Spieler oder Stämme ausschließen");
    await expect(output(page)).toHaveValue(lines("498|503", "420|455", "450|420", "555|555"));
    await page.getByRole("combobox", { name: "Spieler", exact: true }).fill("Dor");
    await page.getByRole("option", { name: "Dora", exact: true }).click();
    await expect(output(page)).toHaveValue(lines("498|503", "420|455", "450|420"));
    await resetFilters(page);

    // Points, continents, radius.
    await page.getByRole("textbox", { name: "Min. Punkte" }).fill("500");
    await page.getByRole("textbox", { name: "Max. Punkte" }).fill("3000");
    await expect(output(page)).toHaveValue(lines("500|500", "501|499", "420|455", "555|555"));
    await page.getByRole("textbox", { name: "Max. Punkte" }).fill("100");
    await expect(page.getByText("Min. Punkte dürfen nicht größer als Max. Punkte sein.").first()).toBeVisible();
    await expect(page.getByText("Bitte korrigiere die markierten Eingaben.")).toBeVisible();
    await expect(output(page)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Text mit Koordinaten" })).toHaveValue(post);
    await resetFilters(page);

    await page.getByRole("combobox", { name: "Kontinente" }).pressSequentially("K44, 45,");
    await expect(output(page)).toHaveValue(lines("501|499", "510|490", "420|455", "450|420"));
    await resetFilters(page);

    await page.getByRole("textbox", { name: "Mittelpunkt" }).fill("500|500");
    await page.getByRole("textbox", { name: "Radius (Felder)" }).fill("5");
    await expect(output(page)).toHaveValue(lines("500|500", "501|499", "498|503"));
    await expect(count(page, "Umkreis")).toHaveText("Umkreis: 8 vorher, 4 nachher");
    await resetFilters(page);

    // De-dup off, limit, random pick.
    await page.getByRole("switch", { name: "Doppelte Koordinaten entfernen" }).uncheck({ force: true });
    await expect(output(page)).toHaveValue(lines("500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "500|500", "555|555"));
    await resetFilters(page);
    await page.getByRole("textbox", { name: "Die ersten N" }).fill("2");
    await expect(output(page)).toHaveValue(lines("500|500", "501|499"));
    await resetFilters(page);

    await page.getByRole("textbox", { name: "Anzahl" }).fill("3");
    await expect.poll(async () => (await output(page).inputValue()).split("\n").length).toBe(3);
    const pick = await output(page).inputValue();
    const picked = pick.split("\n");
    expect(all.filter((c) => picked.includes(c))).toEqual(picked);
    const seed = await page.getByRole("textbox", { name: "Startwert" }).inputValue();
    await page.getByRole("button", { name: "Neu würfeln" }).click();
    await expect(page.getByRole("textbox", { name: "Startwert" })).not.toHaveValue(seed);
    await page.getByRole("textbox", { name: "Startwert" }).fill(seed);
    await expect(output(page)).toHaveValue(pick);

    // Settings and text survive a reload.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Text mit Koordinaten" })).toHaveValue(post);
    await expect(page.getByRole("textbox", { name: "Anzahl" })).toHaveValue("3");
    await expect(output(page)).toHaveValue(pick);
    await resetFilters(page);

    // BB-code on the clipboard.
    await chooseOwner(page, "Nur Barbaren");
    await page.getByText("BB-Code", { exact: true }).click();
    const bbcode = "[coord]498|503[/coord]\n[coord]450|420[/coord]";
    await expect(output(page)).toHaveValue(bbcode);
    await page.getByRole("button", { name: "Kopieren" }).click();
    await expect(toasts(page, "success").filter({ hasText: "Der Wert wurde in die Zwischenablage kopiert." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bbcode);
  });
});

test.describe("coordinate filter → attack plan", () => {
  test("hands the filtered coordinates to a plan's planner, whose preview draws the lines on a map", async ({ page, request }) => {
    const world = demoWorldData();
    const [home] = villagesOf(world, "Kalle");
    if (!home) throw new Error("Kalle has no village in the demo world");
    // Three of Kalle's villages (unknown troops: one attack each) against five barbarians nearby.
    const attackers = [home, ...nearestVillages(world, home, 2, (v) => v.playerId === home.playerId)];
    const targets = nearestVillages(world, home, 5, (v) => v.playerId === 0);
    const owner = await planOwner(request, "filter-plan");
    const planName = `Ziele ${uniqueSuffix()}`;
    const planId = await createPlan(request, owner, planName);

    await loginWith(page, owner.username, owner.password, "/coords-filter");
    const toPlan = page.getByRole("button", { name: "Als Ziele zum Angriffsplan hinzufügen" });
    await expect(toPlan).toBeDisabled();
    await page.getByRole("textbox", { name: "Text mit Koordinaten" }).fill(`Ziele: ${targets.map(coordText).join(", ")}`);
    await expect(output(page)).toHaveValue(lines(...targets.map(coordText)));
    await toPlan.click();

    const dialog = page.getByRole("dialog", { name: "Zum Angriffsplan hinzufügen" });
    await expect(dialog.getByText("5 Koordinaten kommen als Ziele", { exact: false })).toBeVisible();
    await dialog.getByRole("button", { name: new RegExp(`^${planName}`) }).click();

    await expect(page).toHaveURL(new RegExp(`/attack-plans/${planId}$`));
    const planner = page.getByRole("dialog", { name: "Angriffe planen" });
    await expect(planner.getByRole("textbox", { name: "Ziele", exact: true })).toHaveValue(lines(...targets.map(coordText)));

    await planner.getByText("Koordinaten", { exact: true }).click();
    await planner.getByRole("textbox", { name: "Angreiferdörfer" }).fill(attackers.map(coordText).join(" "));
    await planner.getByRole("button", { name: "Vorschau" }).click();
    await expect(planner.getByText("3 Angriffe geplant")).toBeVisible();
    const map = planner.getByRole("img", { name: "Vorschau auf der Karte" });
    await expect(map).toBeVisible();
    const attackLines = map.locator('path[data-type="attack"]');
    await expect(attackLines).toHaveAttribute("data-lines", "3");
    await expect(planner.getByRole("list", { name: "Legende der Kartenvorschau" })).toContainText("Nicht bedient 2");

    // The line under the pointer is named: the middle of the first attack's line on the screen. The
    // dialog may still settle (scroll, layout) after the map is measured: measure, point and check the
    // tooltip again until the pointer rests on the line.
    const [, x0, y0, x1, y1] = (/^M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/.exec((await attackLines.getAttribute("d")) ?? "") ?? []).map(Number);
    const [vx, vy, vw, vh] = ((await map.getAttribute("viewBox")) ?? "").split(" ").map(Number) as [number, number, number, number];
    await map.scrollIntoViewIfNeeded();
    await expect(async () => {
      const box = (await map.boundingBox())!;
      const scale = Math.min(box.width / vw, box.height / vh);
      const toScreen = (x: number, y: number) => ({
        x: box.x + (box.width - vw * scale) / 2 + (x - vx) * scale,
        y: box.y + (box.height - vh * scale) / 2 + (y - vy) * scale,
      });
      const mid = toScreen((x0! + x1!) / 2, (y0! + y1!) / 2);
      // From beside the line onto it: a pointer already resting there would send no move.
      await page.mouse.move(mid.x + 40, mid.y + 40);
      await page.mouse.move(mid.x, mid.y);
      await expect(page.getByRole("tooltip")).toHaveText(/^\d+\|\d+ → \d+\|\d+ · Angriff$/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    // The hand-over is used up: a reload shows the plan without the planner.
    await page.reload();
    await expect(attackTable(page)).toBeVisible();
    await expect(planner).toHaveCount(0);
  });
});
