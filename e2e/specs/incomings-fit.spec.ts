// Eingehende Angriffe on real screens: at 1440 px with the sidebar open no cell a player reads is cut
// (long attacker and village names wrap), "Verteidigen" is whole and in sight in every row, the table
// does not scroll sideways; the target shows its village name once beside its coordinates, which link to
// the game's village info; a noble train's rows are joined. On a 375 px phone every incoming is a card.
import { formatServerTime, type GeneratedVillage, type IncomingListResponse } from "@dsbot/protocol";
import { coordText, demoWorldData, nearestVillages, planOwner, playerName, type PlanOwner } from "../attack-plans";
import { expect, loginWith, test } from "../fixtures";
import { tableFit } from "../table-fit";

const ATTACKER = "Graberthelm von Burg 107 der Unermüdliche";
const TAG = "Fake? Ramme aus dem Norden, bitte beobachten";

/** Two long-named villages of one player and villages near them to attack from. */
function scene(): { targets: GeneratedVillage[]; origins: GeneratedVillage[] } {
  const world = demoWorldData();
  const owned = world.villages.filter((v) => v.playerId !== 0);
  const byName = [...owned].sort((a, b) => b.name.length - a.name.length || a.id - b.id);
  const first = byName[0]!;
  const second = byName.find((v) => v.playerId === first.playerId && v.id !== first.id) ?? byName[1]!;
  const origins = nearestVillages(world, first, 4, (v) => v.playerId !== 0 && v.playerId !== first.playerId);
  return { targets: [first, second], origins };
}

/** An SOS request as the game writes it: per attacked village its attacks (attacker, tribe, origin, arrival). */
function sosText(): string {
  const { targets, origins } = scene();
  const world = demoWorldData();
  const at = (ms: number) => formatServerTime(ms, "Europe/Berlin");
  const base = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
  const attack = (n: number, attacker: string, origin: GeneratedVillage, arrival: number) =>
    [`[b]${n}. Angriff[/b]`, `Angreifer: [player]${attacker}[/player]`, "Stamm: [ally]BÖSE[/ally]", `Herkunft: [coord]${coordText(origin)}[/coord]`, `Ankunftszeit: ${at(arrival)}`, ""];
  const village = (target: GeneratedVillage) => ["[b]Angegriffenes Dorf[/b]", `[coord]${coordText(target)}[/coord]`, "Stufe des Walls: 20", ""];
  const other = playerName(world, origins[1]!)!;
  return [
    ...village(targets[0]!),
    ...attack(1, ATTACKER, origins[0]!, base),
    // A noble train: four commands of one attacker 100 ms apart.
    ...[0, 1, 2, 3].flatMap((i) => attack(2 + i, other, origins[1]!, base + 3_600_000 + i * 100)),
    ...attack(6, other, origins[2]!, base + 7_200_000),
    ...village(targets[1]!),
    ...attack(1, ATTACKER, origins[3]!, base + 10_800_000),
  ].join("\n");
}

async function pasted(request: Parameters<typeof planOwner>[0], prefix: string): Promise<{ owner: PlanOwner; list: IncomingListResponse }> {
  const owner = await planOwner(request, prefix);
  const imported = await request.post("/api/incomings/import", { headers: owner.headers, data: { text: sosText() } });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const list = (await (await request.get("/api/incomings?perPage=100", { headers: owner.headers })).json()) as IncomingListResponse;
  expect(list.incomings).toHaveLength(7);
  const tagged = await request.patch(`/api/incomings/${list.incomings[0]!.id}`, { headers: owner.headers, data: { tag: TAG } });
  expect(tagged.ok(), await tagged.text()).toBeTruthy();
  return { owner, list };
}

test.describe("Eingehende Angriffe auf echten Bildschirmen", () => {
  test("at 1440 px with the sidebar open nothing a player reads is cut, 'Verteidigen' is whole and in sight, the train is joined", async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { owner, list } = await pasted(request, "infit1440");
    await loginWith(page, owner.username, owner.password, "/incomings");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    const table = page.getByRole("table", { name: "Eingehende Angriffe" });
    const rows = table.locator("tbody tr[data-row-id]");
    await expect(rows).toHaveCount(7);
    await expect(table.getByText(TAG, { exact: true })).toBeVisible();

    // The target: its coordinates (linked to the game's village info) and its name, once each.
    const { targets } = scene();
    const first = table.locator(`tr[data-row-id="${list.incomings[0]!.id}"]`);
    await expect(first.getByText(coordText(targets[0]!), { exact: true })).toHaveCount(1);
    await expect(first.getByText(targets[0]!.name, { exact: true })).toHaveCount(1);
    await expect(first.locator(`a[href$="screen=info_village&id=${targets[0]!.id}"]`)).toHaveCount(1);

    // The noble train: four rows joined, first to last.
    const train = rows.filter({ has: page.locator("[data-train]") });
    await expect(train).toHaveCount(4);
    expect(await train.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-train-place")))).toEqual(["first", "middle", "middle", "last"]);

    for (const row of await rows.all()) await expect(row.getByRole("button", { name: /verteidigen$/ })).toBeVisible();
    const fit = await tableFit(table);
    expect(fit.problems).toEqual([]);
    expect(fit.scrollable, `table ${fit.tableWidth} px in a ${fit.boxWidth} px box`).toBe(false);
    expect(fit.pageWidth).toBeLessThanOrEqual(1440);
  });

  test("on a 375 px phone each incoming is a card with 'Verteidigen', the train's cards marked", async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { owner } = await pasted(request, "infit375");
    await loginWith(page, owner.username, owner.password, "/incomings");
    const cards = page.getByRole("list", { name: "Eingehende Angriffe" }).getByRole("listitem");
    await expect(cards).toHaveCount(7);
    await expect(page.locator("[data-train-place]")).toHaveCount(4);
    for (const card of await cards.all()) await expect(card.getByRole("button", { name: /verteidigen$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
