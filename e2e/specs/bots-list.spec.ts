// Bot list: columns, hiding (kept in the browser), server-side sorting, the 300 ms
// search delay, status filter, page size 5 and the delete confirmation (badges and live updates:
// bots-status.spec.ts). Every test works on a fresh user whose bots are created through the API.
import { moduleNames } from "@dsbot/protocol";
import type { Page, Request } from "@playwright/test";
import { botOwner, botStatus, botTable, createBot, isBotListRequest, listCard, loginOwner, nextListRequest, param, playerCells } from "../bots";
import { expect, test, toasts } from "../fixtures";

const HEADERS = ["Spieler", "Status", "Module", "Erstellungsdatum", "Änderungsdatum", "Aktionen"];

/** Records the bot list requests of a page from now on. */
function recordListRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (isBotListRequest(request)) seen.push(request);
  });
  return seen;
}
test("columns in the spec's order; a hidden column stays hidden after a reload until the table is reset", async ({ page, request }) => {
  const owner = await botOwner(request, "botcols");
  const bot = await createBot(request, owner, "Spalten-Spieler");
  await loginOwner(page, owner);

  const table = botTable(page);
  await expect(table.getByRole("columnheader")).toHaveText(HEADERS);
  const row = table.getByRole("row").filter({ hasText: bot.name });
  await expect(row.getByRole("cell")).toHaveCount(6);
  await expect(row.getByRole("link", { name: `${bot.name} öffnen` })).toBeVisible();
  await expect(row.getByRole("button", { name: `${bot.name} löschen` })).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText(`0/${moduleNames.length}`);
  await expect(row.getByLabel(`0 von ${moduleNames.length} aktiv`)).toBeVisible();
  // Dates in the default format DD.MM.YY HH:mm.
  await expect(row.getByRole("cell").nth(3)).toHaveText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
  await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/);

  await page.getByRole("button", { name: "Spalten ein- und ausblenden" }).click();
  const menu = page.getByRole("group", { name: "Spalten ein- und ausblenden" });
  await expect(menu.getByRole("checkbox")).toHaveCount(6);
  await menu.getByRole("checkbox", { name: "Module" }).uncheck();
  await menu.getByRole("checkbox", { name: "Änderungsdatum" }).uncheck();
  await expect(table.getByRole("columnheader")).toHaveText(["Spieler", "Status", "Erstellungsdatum", "Aktionen"]);
  await expect(row.getByRole("cell")).toHaveCount(4);
  await page.keyboard.press("Escape");

  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: bot.name })).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Spieler", "Status", "Erstellungsdatum", "Aktionen"]);
  const stored = await page.evaluate(() => window.localStorage.getItem("dsbot-bot-table"));
  expect(JSON.parse(stored ?? "{}").state.hiddenColumns).toEqual(["modules", "updatedAt"]);
  await page.getByRole("button", { name: "Spalten ein- und ausblenden" }).click();
  await expect(menu.getByRole("checkbox", { name: "Module" })).not.toBeChecked();
  await expect(menu.getByRole("checkbox", { name: "Spieler" })).toBeChecked();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Tabelle zurücksetzen" }).click();
  await expect(table.getByRole("columnheader")).toHaveText(HEADERS);
  await page.reload();
  await expect(table.getByRole("columnheader")).toHaveText(HEADERS);
});

test("sorting on player, status and both dates asks the server and orders the rows; the sort is kept", async ({ page, request }) => {
  const owner = await botOwner(request, "botsort");
  // Created in this order: createdAt order Bruno, cesar, anton. Bruno is changed last (updatedAt).
  const bruno = await createBot(request, owner, "Bruno");
  await createBot(request, owner, "cesar");
  await createBot(request, owner, "anton");
  const toggled = await request.post(`/api/dsbot/${bruno.id}/toggle-module`, { headers: owner.headers, data: { moduleName: "inventory" } });
  expect(toggled.ok()).toBeTruthy();

  await loginOwner(page, owner);
  const table = botTable(page);
  const header = (name: string) => table.getByRole("columnheader", { name, exact: true });
  // Default: last changed first.
  await expect(playerCells(page)).toHaveText(["Bruno", "anton", "cesar"]);
  await expect(header("Änderungsdatum")).toHaveAttribute("aria-sort", "descending");
  await expect(header("Module")).not.toHaveAttribute("aria-sort");

  const steps: { column: string; sortBy: string; order: string[]; aria: string }[] = [
    { column: "Erstellungsdatum", sortBy: "createdAt", order: ["Bruno", "cesar", "anton"], aria: "ascending" },
    { column: "Erstellungsdatum", sortBy: "-createdAt", order: ["anton", "cesar", "Bruno"], aria: "descending" },
    { column: "Änderungsdatum", sortBy: "updatedAt", order: ["cesar", "anton", "Bruno"], aria: "ascending" },
    { column: "Spieler", sortBy: "-player", order: ["cesar", "Bruno", "anton"], aria: "descending" },
    // All three have no status (= offline): ties keep creation order in both directions.
    { column: "Status", sortBy: "status", order: ["Bruno", "cesar", "anton"], aria: "ascending" },
    { column: "Status", sortBy: "-status", order: ["Bruno", "cesar", "anton"], aria: "descending" },
  ];
  for (const step of steps) {
    if (step.column === "Spieler") {
      // First click sorts ascending. The bot manager below lists the same page sorted by player, so
      // that answer may come from the shared cache without a request; the order must still be right.
      await header("Spieler").getByRole("button").click();
      await expect(header("Spieler")).toHaveAttribute("aria-sort", "ascending");
      await expect(playerCells(page)).toHaveText(["anton", "Bruno", "cesar"]);
    }
    const sent = nextListRequest(page, "sortBy", step.sortBy);
    await header(step.column).getByRole("button").click();
    const sentRequest = await sent;
    expect(param(sentRequest, "perPage")).toBe("5");
    await expect(header(step.column)).toHaveAttribute("aria-sort", step.aria);
    await expect(playerCells(page)).toHaveText(step.order);
  }

  // The sort is part of the table state kept in the browser.
  const afterReload = nextListRequest(page, "sortBy", "-status");
  await page.reload();
  await afterReload;
  await expect(header("Status")).toHaveAttribute("aria-sort", "descending");
  await expect(playerCells(page)).toHaveText(["Bruno", "cesar", "anton"]);
});

test("the search is sent once, 300 ms after typing stops, with the final value", async ({ page, request }) => {
  const owner = await botOwner(request, "botsearch");
  await createBot(request, owner, "Suchbot-Alpha");
  await createBot(request, owner, "Suchbot-Beta");
  await createBot(request, owner, "Anderer");

  await page.clock.install();
  await loginOwner(page, owner);
  await expect(playerCells(page)).toHaveCount(3);
  const requests = recordListRequests(page);
  const searched = () => requests.filter((r) => (param(r, "searchVal") ?? "") !== "");
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);

  const search = page.getByRole("textbox", { name: "Suche" });
  await search.click();
  // Keystrokes 200 ms apart keep postponing the search.
  for (const key of "such") {
    await search.press(key);
    await page.clock.runFor(200);
  }
  await search.pressSequentially("bot-al");
  await page.clock.runFor(290);
  expect(searched(), "nothing is sent before 300 ms of quiet").toHaveLength(0);

  // 10 ms later the 300 ms of quiet are over: the one request leaves (the clock stays paused, so no
  // later timer can send another meanwhile) and carries the final value.
  await page.clock.runFor(10);
  await expect.poll(() => searched().length).toBe(1);
  // Let time pass normally again (the answer is rendered through timers) and make sure no second
  // search follows.
  await page.clock.resume();
  await expect(playerCells(page)).toHaveText(["Suchbot-Alpha"]);
  expect(searched().map((r) => param(r, "searchVal"))).toEqual(["suchbot-al"]);
  expect(param(searched()[0]!, "activePage")).toBe("1");

  // Clearing the field lists every bot again.
  await search.fill("");
  await expect(playerCells(page)).toHaveCount(3);
});

test("the status filter sends the chosen statuses and filters the rows", async ({ page, request }) => {
  const owner = await botOwner(request, "botfilter");
  await createBot(request, owner, "Filterbot-1");
  await createBot(request, owner, "Filterbot-2");
  await loginOwner(page, owner);
  await expect(playerCells(page)).toHaveCount(2);

  const filter = page.getByRole("combobox", { name: "Statusfilter" });
  // Default: all five statuses in order (online, paused, offline, starting, stopping), and the options in the same order.
  const pills = listCard(page).locator(".mantine-Pill-root");
  await expect(pills).toHaveText(["Online", "Pausiert", "Offline", "Startet", "Stoppt"]);
  // With every pill shown the input itself is covered: open the list through the box (its corner, off the pills).
  await listCard(page).locator(".mantine-MultiSelect-input").click({ position: { x: 4, y: 4 } });
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["Online", "Pausiert", "Offline", "Startet", "Stoppt"]);
  await page.keyboard.press("Escape");

  // Without "Offline" the never-started bots (no status = offline) are filtered out.
  const withoutOffline = page.waitForRequest((r) => isBotListRequest(r) && param(r, "statusFilter") === "online,paused,starting,stopping");
  await pills.filter({ hasText: "Offline" }).locator(".mantine-Pill-remove").click();
  await withoutOffline;
  await expect(botTable(page).getByText("Es wurden keine Bots gefunden.")).toBeVisible();
  await expect(playerCells(page)).toHaveCount(0);

  const onlyOffline = page.waitForRequest((r) => isBotListRequest(r) && param(r, "statusFilter") === "offline");
  for (const label of ["Online", "Pausiert", "Startet", "Stoppt"]) await pills.filter({ hasText: label }).locator(".mantine-Pill-remove").click();
  await filter.click();
  await page.getByRole("option", { name: "Offline" }).click();
  await page.keyboard.press("Escape");
  await onlyOffline;
  await expect(playerCells(page)).toHaveCount(2);
  await expect(pills).toHaveText(["Offline"]);

  // Kept in the browser.
  await page.reload();
  await expect(listCard(page).locator(".mantine-Pill-root")).toHaveText(["Offline"]);
  await expect(playerCells(page)).toHaveCount(2);
});

test("paging with page size 5: seven bots on two pages, the page is kept", async ({ page, request }) => {
  const owner = await botOwner(request, "botpage");
  const names: string[] = [];
  for (let i = 1; i <= 7; i++) names.push((await createBot(request, owner, `Seitenbot-${i}`)).name);
  await loginOwner(page, owner);

  const card = listCard(page);
  await expect(card.getByText("1–5 von 7")).toBeVisible();
  await expect(playerCells(page)).toHaveText(names.slice(2).reverse()); // newest first
  await expect(card.getByRole("combobox", { name: "Einträge pro Seite" })).toHaveValue("5");

  const second = nextListRequest(page, "activePage", "2");
  await card.getByRole("button", { name: "2", exact: true }).click();
  expect(param(await second, "perPage")).toBe("5");
  await expect(card.getByText("6–7 von 7")).toBeVisible();
  await expect(playerCells(page)).toHaveText(["Seitenbot-2", "Seitenbot-1"]);

  await page.reload();
  await expect(card.getByText("6–7 von 7")).toBeVisible();
  await expect(playerCells(page)).toHaveText(["Seitenbot-2", "Seitenbot-1"]);

  // The bot manager selection below pages by 5 as well (sorted by player).
  const manager = page.getByRole("table", { name: "Bot-Manager-Auswahl" });
  await expect(manager.locator("tbody tr")).toHaveCount(5);
  await expect(manager.locator("tbody tr td:nth-child(2)")).toHaveText(names.slice(0, 5));

  // Deleting the last rows of page 2 leaves no page 2: the list shows page 1 instead of an empty table.
  for (const name of ["Seitenbot-2", "Seitenbot-1"]) {
    await botTable(page).getByRole("button", { name: `${name} löschen` }).click();
    await page.getByRole("dialog", { name: "Löschen bestätigen" }).getByRole("button", { name: "Löschen", exact: true }).click();
    await expect(botTable(page).getByRole("row").filter({ hasText: name })).toHaveCount(0);
  }
  await expect(card.getByText("1–5 von 5")).toBeVisible();
  await expect(playerCells(page)).toHaveText(names.slice(2).reverse());
});

test("delete asks with the spec's dialog: cancel keeps the bot, confirm removes it", async ({ page, request }) => {
  const owner = await botOwner(request, "botdel");
  const keep = await createBot(request, owner, "Bleibt");
  const gone = await createBot(request, owner, "Wird-geloescht");
  await loginOwner(page, owner);
  const deletes: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "DELETE") deletes.push(new URL(r.url()).pathname);
  });

  const row = botTable(page).getByRole("row").filter({ hasText: gone.name });
  await row.getByRole("button", { name: `${gone.name} löschen` }).click();
  const dialog = page.getByRole("dialog", { name: "Löschen bestätigen" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Möchtest du diesen Bot wirklich löschen?", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Abbrechen", exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Löschen", exact: true })).toBeVisible();

  await dialog.getByRole("button", { name: "Abbrechen", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  expect(deletes).toEqual([]);
  expect(await botStatus(request, owner, gone.id)).toBeNull(); // still there

  await row.getByRole("button", { name: `${gone.name} löschen` }).click();
  const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().endsWith(`/api/dsbot/${gone.id}`));
  await dialog.getByRole("button", { name: "Löschen", exact: true }).click();
  expect((await deleted).status()).toBe(204);
  await expect(toasts(page, "success").filter({ hasText: "Der Bot wurde gelöscht." })).toHaveCount(1);
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(playerCells(page)).toHaveText([keep.name]);
  expect((await request.get(`/api/dsbot/${gone.id}`, { headers: owner.headers })).status()).toBe(404);
});

/** The colour a Mantine light badge of `color` resolves to in this page's theme. */
