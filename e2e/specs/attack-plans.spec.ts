// Angriffsplan: the attack table in Chromium: the defaults, the
// columns in order with their widths, hiding every hideable column, server-side sorting on exactly the
// sortable columns, the preferences kept across a reload and reset, adding and editing an attack
// through the form (milliseconds kept, the server's send time shown) and the bulk actions. Every test
// works on a fresh user with a plan on the demo world whose 15 attacks come in through the JSON import;
// the generated demo world is the oracle for villages, players and travel times.
import type { Page } from "@playwright/test";
import {
  formatServerTime,
  serverTimeParts,
  slowestUnitOnAnyWorld,
  type Attack,
  type AttackData,
  type AttackResponse,
  type AttackType,
  type GeneratedWorld,
  type UnitCounts,
} from "@dsbot/protocol";
import {
  allyOf,
  attackCard,
  attackHeader,
  attackRow,
  attackRows,
  attackTable,
  coord,
  coordText,
  createPlan,
  demoWorldData,
  importAttacks,
  isAttackListRequest,
  listAttacks,
  nearestVillages,
  planOwner,
  playerName,
  queryOf,
  sendTimeFor,
  showEveryStatus,
  tableTime,
  villagesOf,
  type PlanOwner,
} from "../attack-plans";
import { expect, loginWith, test, toasts } from "../fixtures";

/** The attack table's columns in table order, with the width each header cell carries ("auto": no fixed width). */
const COLUMNS = [
  { id: "attacker", label: "Angreifer", width: "auto", sortable: true },
  { id: "defender", label: "Verteidiger", width: "auto", sortable: true },
  { id: "startVillage", label: "Startdorf", width: "125px", sortable: true },
  { id: "targetVillage", label: "Zieldorf", width: "125px", sortable: true },
  { id: "type", label: "Typ", width: "10px", sortable: false },
  { id: "units", label: "Einheiten", width: "auto", sortable: false },
  { id: "remaining", label: "Restzeit", width: "100px", sortable: false },
  { id: "sendTime", label: "Abschickzeit", width: "150px", sortable: true },
  { id: "arrivalTime", label: "Ankunftszeit", width: "150px", sortable: true },
  { id: "priority", label: "Priorität", width: "50px", sortable: false },
  { id: "status", label: "Status", width: "70px", sortable: false },
  { id: "actions", label: "", width: "150px", sortable: false },
] as const;
type ColumnId = (typeof COLUMNS)[number]["id"];
const HIDEABLE = COLUMNS.filter((c) => c.id !== "actions");
const SORTABLE = ["sendTime", "arrivalTime", "attacker", "defender", "startVillage", "targetVillage"] as const;
type SortField = (typeof SORTABLE)[number];

const STORAGE_KEY = "dsbot-attack-table";
/** Attacks from Kalle's villages in the seeded plan (a search for "Kalle" fills two pages). */
const KALLE_ATTACKS = 11;
const TOTAL_ATTACKS = 15;

const loads: { type: AttackType; units: UnitCounts }[] = [
  { type: "attack", units: { axe: 100, light: 20 } },
  { type: "fake", units: { spy: 1 } },
  { type: "wallbreaker", units: { ram: 10, axe: 50 } },
  { type: "support", units: { spear: 100, sword: 50 } },
  { type: "conquer", units: { snob: 1, axe: 50 } },
  { type: "attack", units: { light: 50 } },
];

/**
 * 15 attacks with distinct arrivals (each with its own milliseconds) three days ahead: 11 from Kalle's
 * villages and one each from Bruno, Zora and two other players, on the nearest barbarian and foreign
 * player villages; the units vary, so the send-time order is not the arrival order.
 */
function tableAttacks(world: GeneratedWorld, now: number): AttackData[] {
  const kalle = villagesOf(world, "Kalle");
  const home = kalle[0]!;
  const tribe = allyOf(world, home);
  const targets = [
    ...nearestVillages(world, home, 3, (v) => v.playerId === 0),
    ...nearestVillages(world, home, 3, (v) => v.playerId !== 0 && allyOf(world, v) !== tribe),
  ];
  const others = [villagesOf(world, "Bruno")[0]!, villagesOf(world, "Zora")[0]!, world.villages[0]!, world.villages[2]!];
  const sources = [...Array.from({ length: KALLE_ATTACKS }, (_, i) => kalle[i % kalle.length]!), ...others];
  const base = Math.ceil((now + 3 * 86_400_000) / 3_600_000) * 3_600_000;
  return sources.map((from, i) => {
    const load = loads[i % loads.length]!;
    return {
      from: coord(from),
      to: coord(targets[(i * 5) % targets.length]!),
      type: load.type,
      units: load.units,
      unit: slowestUnitOnAnyWorld(load.units)!,
      arrival: base + i * 20 * 60_000 + ((i * 137 + 11) % 1000),
      priority: 1 + (i % 5),
    };
  });
}

interface SeededPlan {
  owner: PlanOwner;
  planId: number;
  /** All 15 attacks as the API lists them. */
  attacks: Attack[];
}

async function seededPlan(request: Parameters<typeof planOwner>[0], prefix: string): Promise<SeededPlan> {
  const owner = await planOwner(request, prefix);
  const planId = await createPlan(request, owner, `Tabelle ${prefix}`);
  await importAttacks(request, owner, planId, tableAttacks(demoWorldData(), Date.now()));
  const { attacks, totals } = await listAttacks(request, owner, planId);
  expect(totals).toBe(TOTAL_ATTACKS);
  return { owner, planId, attacks };
}

/** The row ids of the table, top to bottom. */
function rowIds(page: Page): Promise<number[]> {
  return attackRows(page).evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-row-id"))));
}

/** The column ids of the header, left to right. */
function headerIds(page: Page): Promise<string[]> {
  return attackTable(page)
    .locator("thead th")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-column-id") ?? ""));
}

/** One cell of a row by its column (all columns visible). */
function cell(page: Page, attackId: number, column: ColumnId) {
  return attackRow(page, attackId).locator("td").nth(COLUMNS.findIndex((c) => c.id === column));
}

const villageXY = (coordinates: string) => coordinates.split("|").map(Number) as [number, number];

/** The table order of a sort, computed here (the time and village columns; ties by id). */
function localOrder(attacks: Attack[], field: "sendTime" | "arrivalTime" | "startVillage" | "targetVillage"): number[] {
  const key = (a: Attack): number[] => {
    if (field === "sendTime") return [a.sendTime];
    if (field === "arrivalTime") return [a.arrivalTime];
    return villageXY(field === "startVillage" ? a.startVillage.coordinates : a.targetVillage.coordinates);
  };
  return [...attacks]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
      return a.id - b.id;
    })
    .map((a) => a.id);
}

async function openPlan(page: Page, seeded: SeededPlan): Promise<void> {
  await loginWith(page, seeded.owner.username, seeded.owner.password, `/attack-plans/${seeded.planId}`);
}

test.describe("Angriffsplan: Angriffstabelle", () => {
  test("defaults, the spec's columns in order with their widths, sortable on exactly the spec's columns", async ({ page, request }) => {
    const seeded = await seededPlan(request, "aptable");
    const firstList = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId));
    await openPlan(page, seeded);

    // Defaults: page 1, 10 rows, empty search, sendTime ascending.
    const query = queryOf(await firstList);
    expect(query.get("activePage")).toBe("1");
    expect(query.get("perPage")).toBe("10");
    expect(query.get("searchVal") ?? "").toBe("");
    expect(query.get("sortBy")).toBe("sendTime");
    const bySend = localOrder(seeded.attacks, "sendTime");
    expect(bySend, "the seeded send-time order is not the arrival order").not.toEqual(localOrder(seeded.attacks, "arrivalTime"));
    await expect.poll(() => rowIds(page)).toEqual(bySend.slice(0, 10));
    const card = attackCard(page);
    await expect(card.getByText("1–10 von 15")).toBeVisible();
    await expect(card.getByRole("button", { name: "2", exact: true })).toBeVisible();
    await expect(card.getByRole("combobox", { name: "Einträge pro Seite" })).toHaveValue("10");
    await expect(card.getByRole("textbox", { name: "Suche" })).toHaveValue("");

    // The columns: their labels in order, the actions column without one.
    await expect(attackTable(page).locator("thead th")).toHaveText(COLUMNS.map((c) => c.label));
    expect(await headerIds(page)).toEqual(COLUMNS.map((c) => c.id));
    await expect(attackRows(page).first().locator("td")).toHaveCount(COLUMNS.length);
    for (const column of COLUMNS) {
      const width = await attackHeader(page, column.id).evaluate((th) => (th as HTMLElement).style.width);
      if (column.width === "auto") expect(["", "auto"], `${column.id} has no fixed width`).toContain(width);
      else expect(width, `width of ${column.id}`).toBe(column.width);
    }

    // Sortable exactly: sendTime, arrivalTime, attacker, defender and both villages.
    for (const column of COLUMNS) {
      const header = attackHeader(page, column.id);
      if (column.sortable) {
        await expect(header, column.id).toHaveAttribute("aria-sort", column.id === "sendTime" ? "ascending" : "none");
        await expect(header.getByRole("button"), column.id).toHaveCount(1);
      } else {
        await expect(header, column.id).not.toHaveAttribute("aria-sort");
        await expect(header.getByRole("button"), column.id).toHaveCount(0);
      }
    }
    expect(COLUMNS.filter((c) => c.sortable).map((c) => c.id).sort()).toEqual([...SORTABLE].sort());
  });

  test("each sortable header asks the server ascending, then descending, and reorders the rows", async ({ page, request }) => {
    const seeded = await seededPlan(request, "apsort");
    // Every list request of the page; a sort seen within the app's 15 s staleTime is answered from its cache.
    const requested: { sortBy: string; activePage: string | null; perPage: string | null }[] = [];
    page.on("request", (r) => {
      if (!isAttackListRequest(r, seeded.planId)) return;
      const q = queryOf(r);
      requested.push({ sortBy: q.get("sortBy") ?? "", activePage: q.get("activePage"), perPage: q.get("perPage") });
    });
    await openPlan(page, seeded);
    await expect.poll(() => rowIds(page)).toEqual(localOrder(seeded.attacks, "sendTime").slice(0, 10));

    // The server's full orders (the oracle for the player names' collation); the numeric ones checked here too.
    const orders = new Map<string, number[]>();
    for (const field of SORTABLE) {
      const asc = (await listAttacks(request, seeded.owner, seeded.planId, { sortBy: field })).attacks.map((a) => a.id);
      const desc = (await listAttacks(request, seeded.owner, seeded.planId, { sortBy: `-${field}` })).attacks.map((a) => a.id);
      if (field !== "attacker" && field !== "defender") expect(asc, field).toEqual(localOrder(seeded.attacks, field));
      expect(desc, `-${field} is ${field} reversed`).toEqual([...asc].reverse());
      orders.set(field, asc);
      orders.set(`-${field}`, desc);
    }
    // The player columns really reorder (several attackers and defenders, barbarians among them).
    expect(orders.get("attacker")).not.toEqual(orders.get("sendTime"));
    expect(orders.get("defender")).not.toEqual(orders.get("sendTime"));

    const order: SortField[] = ["arrivalTime", "attacker", "defender", "startVillage", "targetVillage", "sendTime"];
    for (const field of order) {
      const header = attackHeader(page, field);
      await header.getByRole("button").click();
      await expect(header).not.toHaveAttribute("aria-sort", "none");
      const first = await header.getAttribute("aria-sort");
      // Spec: a click on an unsorted sortable header sorts ascending, the next one descending.
      expect.soft(first, `the first click on ${field} sorts ascending`).toBe("ascending");
      const directions = first === "ascending" ? [field, `-${field}`] : [`-${field}`, field];
      for (const [i, sortBy] of directions.entries()) {
        if (i > 0) await header.getByRole("button").click();
        await expect(header).toHaveAttribute("aria-sort", sortBy.startsWith("-") ? "descending" : "ascending");
        for (const other of SORTABLE.filter((f) => f !== field)) await expect(attackHeader(page, other)).toHaveAttribute("aria-sort", "none");
        await expect.poll(() => requested.some((r) => r.sortBy === sortBy), `sortBy=${sortBy} asked`).toBe(true);
        await expect.poll(() => rowIds(page), sortBy).toEqual(orders.get(sortBy)!.slice(0, 10));
      }
    }
    // Every sort asks for page 1 with 10 rows.
    for (const r of requested) expect([r.activePage, r.perPage], r.sortBy).toEqual(["1", "10"]);
  });

  test("every column but actions hides; page size, page, search, sort and hidden columns survive a reload; reset restores the defaults", async ({
    page,
    request,
  }) => {
    const seeded = await seededPlan(request, "apprefs");
    const kalleOnly = await listAttacks(request, seeded.owner, seeded.planId, { searchVal: "Kalle", sortBy: "-arrivalTime" });
    expect(kalleOnly.totals).toBe(KALLE_ATTACKS);
    await openPlan(page, seeded);
    const card = attackCard(page);
    await expect(attackRows(page)).toHaveCount(10);

    // Sort by arrival, descending (one click or two, whichever direction the first one takes).
    const sortedDesc = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId) && queryOf(r).get("sortBy") === "-arrivalTime");
    await attackHeader(page, "arrivalTime").getByRole("button").click();
    await expect(attackHeader(page, "arrivalTime")).not.toHaveAttribute("aria-sort", "none");
    if ((await attackHeader(page, "arrivalTime").getAttribute("aria-sort")) === "ascending") await attackHeader(page, "arrivalTime").getByRole("button").click();
    await sortedDesc;
    await expect(attackHeader(page, "arrivalTime")).toHaveAttribute("aria-sort", "descending");
    // Search: Kalle's 11 attacks, two pages.
    const searched = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId) && queryOf(r).get("searchVal") === "Kalle");
    await card.getByRole("textbox", { name: "Suche" }).fill("Kalle");
    expect(queryOf(await searched).get("activePage")).toBe("1");
    await expect(card.getByText("1–10 von 11")).toBeVisible();
    // Page 2.
    const second = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId) && queryOf(r).get("activePage") === "2");
    await card.getByRole("button", { name: "2", exact: true }).click();
    const secondQuery = queryOf(await second);
    expect([secondQuery.get("searchVal"), secondQuery.get("sortBy"), secondQuery.get("perPage")]).toEqual(["Kalle", "-arrivalTime", "10"]);
    await expect(card.getByText("11–11 von 11")).toBeVisible();
    await expect.poll(() => rowIds(page)).toEqual(kalleOnly.attacks.slice(10).map((a) => a.id));

    // Hide every hideable column: the column menu offers exactly those, not the actions column.
    await page.getByRole("button", { name: "Spalten ein- und ausblenden" }).click();
    const menu = page.getByRole("group", { name: "Spalten ein- und ausblenden" });
    await expect(menu.getByRole("checkbox")).toHaveCount(HIDEABLE.length);
    for (const [i, column] of HIDEABLE.entries()) await expect(menu.getByRole("checkbox").nth(i)).toHaveAccessibleName(column.label);
    await expect(menu.getByRole("checkbox", { name: "Aktionen" })).toHaveCount(0);
    for (const [i, column] of HIDEABLE.entries()) {
      await menu.getByRole("checkbox", { name: column.label, exact: true }).uncheck();
      await expect(attackTable(page).locator("thead th")).toHaveCount(COLUMNS.length - i - 1);
      await expect(attackHeader(page, column.id)).toHaveCount(0);
    }
    await page.keyboard.press("Escape");
    expect(await headerIds(page)).toEqual(["actions"]);
    await expect(attackRows(page).first().locator("td")).toHaveCount(1);

    // Reload: everything is kept (localStorage) and asked for again.
    const reloaded = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId));
    await page.reload();
    const kept = queryOf(await reloaded);
    expect(Object.fromEntries(["activePage", "perPage", "searchVal", "sortBy"].map((k) => [k, kept.get(k)]))).toEqual({
      activePage: "2",
      perPage: "10",
      searchVal: "Kalle",
      sortBy: "-arrivalTime",
    });
    await expect(card.getByText("11–11 von 11")).toBeVisible();
    await expect(card.getByRole("textbox", { name: "Suche" })).toHaveValue("Kalle");
    await expect.poll(() => rowIds(page)).toEqual(kalleOnly.attacks.slice(10).map((a) => a.id));
    expect(await headerIds(page)).toEqual(["actions"]);
    const stored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)) ?? "{}") as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ activePage: 2, perPage: 10, searchVal: "Kalle", sortBy: "-arrivalTime" });
    expect([...(stored.state.hiddenColumns as string[])].sort()).toEqual(HIDEABLE.map((c) => c.id).sort());
    await page.getByRole("button", { name: "Spalten ein- und ausblenden" }).click();
    for (const column of HIDEABLE) await expect(menu.getByRole("checkbox", { name: column.label, exact: true })).not.toBeChecked();
    // One column back, for the sort header to show.
    await menu.getByRole("checkbox", { name: "Ankunftszeit", exact: true }).check();
    await page.keyboard.press("Escape");
    await expect(attackHeader(page, "arrivalTime")).toHaveAttribute("aria-sort", "descending");

    // Page size 25: back to page 1, kept across a reload as well.
    const bigger = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId) && queryOf(r).get("perPage") === "25");
    await card.getByRole("combobox", { name: "Einträge pro Seite" }).click();
    await page.getByRole("option", { name: "25", exact: true }).click();
    expect(queryOf(await bigger).get("activePage")).toBe("1");
    await expect(card.getByText("1–11 von 11")).toBeVisible();
    const reloadedAgain = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId));
    await page.reload();
    const keptAgain = queryOf(await reloadedAgain);
    expect([keptAgain.get("perPage"), keptAgain.get("activePage"), keptAgain.get("searchVal"), keptAgain.get("sortBy")]).toEqual(["25", "1", "Kalle", "-arrivalTime"]);
    await expect(card.getByRole("combobox", { name: "Einträge pro Seite" })).toHaveValue("25");
    await expect(attackRows(page)).toHaveCount(KALLE_ATTACKS);
    expect(await headerIds(page)).toEqual(["arrivalTime", "actions"]);

    // Zurücksetzen: the defaults, all columns, and so after a reload too.
    const reset = page.waitForRequest((r) => {
      if (!isAttackListRequest(r, seeded.planId)) return false;
      const q = queryOf(r);
      return q.get("activePage") === "1" && q.get("perPage") === "10" && !q.get("searchVal") && q.get("sortBy") === "sendTime";
    });
    await card.getByRole("button", { name: "Zurücksetzen" }).click();
    await reset;
    await expect(attackTable(page).locator("thead th")).toHaveText(COLUMNS.map((c) => c.label));
    await expect(card.getByRole("textbox", { name: "Suche" })).toHaveValue("");
    await expect(card.getByText("1–10 von 15")).toBeVisible();
    await expect(attackHeader(page, "sendTime")).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(() => rowIds(page)).toEqual(localOrder(seeded.attacks, "sendTime").slice(0, 10));
    const afterReset = page.waitForRequest((r) => isAttackListRequest(r, seeded.planId));
    await page.reload();
    const defaults = queryOf(await afterReset);
    expect([defaults.get("activePage"), defaults.get("perPage"), defaults.get("searchVal") ?? "", defaults.get("sortBy")]).toEqual(["1", "10", "", "sendTime"]);
    await expect(attackTable(page).locator("thead th")).toHaveText(COLUMNS.map((c) => c.label));
    await expect(card.getByRole("combobox", { name: "Einträge pro Seite" })).toHaveValue("10");
  });

  test("an attack added through the form shows its arrival's milliseconds and the server's send time; editing it updates the row", async ({
    page,
    request,
  }) => {
    const seeded = await seededPlan(request, "apform");
    const world = demoWorldData();
    const from = villagesOf(world, "Kalle")[1]!;
    const to = nearestVillages(world, from, 1, (v) => v.playerId === 0)[0]!;
    const units: UnitCounts = { axe: 120, light: 30 };
    // Earlier than every seeded attack (they arrive three days ahead): the new row leads page 1.
    const arrival = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000 + 456;
    const arrivalText = (ms: number) => {
      const p = serverTimeParts(ms, "Europe/Berlin");
      const pad = (n: number, w = 2) => String(n).padStart(w, "0");
      return `${pad(p.day)}.${pad(p.month)}.${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}:${pad(p.millisecond, 3)}`;
    };
    await openPlan(page, seeded);
    await expect(attackRows(page)).toHaveCount(10);

    await page.getByRole("button", { name: "Angriff hinzufügen" }).click();
    const dialog = page.getByRole("dialog", { name: "Angriff hinzufügen" });
    await dialog.getByTestId("attack-from").fill(coordText(from));
    await dialog.getByTestId("attack-to").fill(coordText(to));
    // The village lookup names the villages found on those coordinates.
    await expect(dialog.getByText(`${from.name} · Kalle`, { exact: true })).toBeVisible();
    await expect(dialog.getByText(`${to.name} · ${playerName(world, to) ?? "Barbarendorf"}`, { exact: true })).toBeVisible();
    await dialog.getByLabel("Typ", { exact: true }).click();
    await page.getByRole("option", { name: "Wallbrecher", exact: true }).click();
    await dialog.getByLabel("Axtkämpfer", { exact: true }).fill("120");
    await dialog.getByLabel("Leichte Kavallerie", { exact: true }).fill("30");
    await dialog.getByLabel("Ankunftszeit", { exact: true }).fill(arrivalText(arrival));
    await dialog.getByLabel("Priorität", { exact: true }).fill("5");
    const expectedSend = sendTimeFor(from, to, units, arrival);
    // The form's preview computes the same send time as the server will.
    await expect(dialog.getByTestId("attack-send-preview")).toContainText(`Abschickzeit: ${formatServerTime(expectedSend, "Europe/Berlin")}`);

    const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/attack-plans/${seeded.planId}/attacks`);
    // Watched from before the click: a toast lives 5 s, which a busy machine can spend before a later check.
    const addedToast = toasts(page, "success").filter({ hasText: "Der Angriff wurde hinzugefügt." }).waitFor();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const { attack } = (await createdResponse.json()) as AttackResponse;
    expect(attack).toMatchObject({ type: "wallbreaker", units, unit: "axe", arrivalTime: arrival, sendTime: expectedSend, priority: 5, status: "planned" });
    await expect(dialog).toBeHidden();
    await addedToast;

    // The row: first by send time, the arrival with its milliseconds and the server's send time.
    await expect.poll(async () => (await rowIds(page))[0]).toBe(attack.id);
    await expect(cell(page, attack.id, "attacker")).toHaveText("Kalle");
    await expect(cell(page, attack.id, "defender")).toHaveText(playerName(world, to) ?? "Barbarendorf");
    // The villages: their coordinates, their names under them.
    await expect(cell(page, attack.id, "startVillage")).toHaveText(`${coordText(from)}${from.name}`);
    await expect(cell(page, attack.id, "targetVillage")).toHaveText(`${coordText(to)}${to.name}`);
    await expect(cell(page, attack.id, "type").getByRole("img", { name: "Wallbrecher" })).toBeVisible();
    await expect(cell(page, attack.id, "units").getByLabel("120 Axtkämpfer")).toBeVisible();
    await expect(cell(page, attack.id, "units").getByLabel("30 Leichte Kavallerie")).toBeVisible();
    await expect(cell(page, attack.id, "sendTime")).toHaveText(tableTime(attack.sendTime));
    await expect(cell(page, attack.id, "arrivalTime")).toHaveText(tableTime(arrival));
    expect(tableTime(arrival).endsWith(":456")).toBe(true);
    await expect(cell(page, attack.id, "priority")).toHaveText("5");
    await expect(cell(page, attack.id, "status")).toHaveText("Geplant");
    await expect(cell(page, attack.id, "remaining").getByTestId("attack-remaining")).toHaveText(/^\d/);

    // Edit: the form holds the attack; a new arrival millisecond moves arrival and send time alike.
    await attackRow(page, attack.id).getByRole("button", { name: `Angriff ${coordText(from)} → ${coordText(to)} bearbeiten` }).click();
    const edit = page.getByRole("dialog", { name: "Angriff bearbeiten" });
    await expect(edit.getByTestId("attack-from")).toHaveValue(coordText(from));
    await expect(edit.getByLabel("Ankunftszeit", { exact: true })).toHaveValue(arrivalText(arrival));
    await expect(edit.getByLabel("Axtkämpfer", { exact: true })).toHaveValue("120");
    const moved = arrival - 456 + 789;
    await edit.getByLabel("Ankunftszeit", { exact: true }).fill(arrivalText(moved));
    const updated = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/attack-plans/${seeded.planId}/attacks/${attack.id}`);
    const savedToast = toasts(page, "success").filter({ hasText: "Der Angriff wurde gespeichert." }).waitFor();
    await edit.getByRole("button", { name: "Speichern" }).click();
    const updatedResponse = await updated;
    expect(updatedResponse.status()).toBe(200);
    const changed = ((await updatedResponse.json()) as AttackResponse).attack;
    expect(changed).toMatchObject({ id: attack.id, arrivalTime: moved, sendTime: expectedSend + 333 });
    await expect(edit).toBeHidden();
    await savedToast;
    await expect(cell(page, attack.id, "arrivalTime")).toHaveText(tableTime(moved));
    await expect(cell(page, attack.id, "sendTime")).toHaveText(tableTime(changed.sendTime));
    expect(tableTime(moved).endsWith(":789")).toBe(true);
  });

  test("bulk actions: change the status of the selected rows, delete them after confirming, delete sent and expired ones", async ({ page, request }) => {
    const seeded = await seededPlan(request, "apbulk");
    await openPlan(page, seeded);
    // Sent attacks stay in the table ("Nur offene", the default, would leave them out).
    await showEveryStatus(page);
    const ids = localOrder(seeded.attacks, "sendTime");
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(0, 10));
    const card = attackCard(page);
    const bar = page.getByTestId("attack-bulk-bar");
    const select = async (id: number) => attackRow(page, id).getByRole("checkbox").check();
    const bulkResponse = () =>
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/attack-plans/${seeded.planId}/attacks/bulk`);
    const status = (id: number) => cell(page, id, "status").locator("[data-status]");

    // Status of three rows → Gesendet.
    const sent = ids.slice(0, 3);
    for (const id of sent) await select(id);
    await expect(bar.getByText("3 ausgewählt")).toBeVisible();
    await bar.getByRole("combobox", { name: "Neuer Status" }).click();
    await page.getByRole("option", { name: "Gesendet", exact: true }).click();
    const changed = bulkResponse();
    await bar.getByRole("button", { name: "Status ändern" }).click();
    const changedResponse = await changed;
    expect(changedResponse.request().postDataJSON()).toEqual({ action: "status", selection: { ids: sent }, status: "sent" });
    expect(await changedResponse.json()).toEqual({ affected: 3 });
    // First the toast: it closes after 5 s, which the row checks below may take on a loaded machine.
    await expect(toasts(page, "success").filter({ hasText: "3 Angriffe geändert." })).toBeVisible();
    for (const id of sent) {
      await expect(status(id)).toHaveAttribute("data-status", "sent");
      await expect(status(id)).toHaveText("Gesendet");
    }
    for (const id of ids.slice(3, 10)) await expect(status(id)).toHaveText("Geplant");
    await expect(bar.getByText(/ausgewählt$/)).toHaveCount(0);
    for (const id of sent) await expect(attackRow(page, id).getByRole("checkbox")).not.toBeChecked();

    // Delete two others: the confirmation first, cancelling keeps them.
    const doomed = ids.slice(3, 5);
    for (const id of doomed) await select(id);
    await bar.getByRole("button", { name: "Löschen", exact: true }).click();
    const confirmDialog = page.getByRole("dialog", { name: "Löschen bestätigen" });
    await expect(confirmDialog.getByText("Möchtest du 2 ausgewählte Angriffe wirklich löschen?", { exact: true })).toBeVisible();
    await confirmDialog.getByRole("button", { name: "Abbrechen" }).click();
    await expect(confirmDialog).toBeHidden();
    for (const id of doomed) await expect(attackRow(page, id)).toBeVisible();
    await bar.getByRole("button", { name: "Löschen", exact: true }).click();
    await expect(confirmDialog.getByText("Möchtest du 2 ausgewählte Angriffe wirklich löschen?", { exact: true })).toBeVisible();
    const deleted = bulkResponse();
    await confirmDialog.getByRole("button", { name: "Löschen", exact: true }).click();
    const deletedResponse = await deleted;
    expect(deletedResponse.request().postDataJSON()).toEqual({ action: "delete", selection: { ids: doomed } });
    expect(await deletedResponse.json()).toEqual({ affected: 2 });
    await expect(toasts(page, "success").filter({ hasText: "2 Angriffe gelöscht." })).toBeVisible();
    for (const id of doomed) await expect(attackRow(page, id)).toHaveCount(0);
    await expect(card.getByText("1–10 von 13")).toBeVisible();

    // Gesendete/abgelaufene löschen: the three sent ones go, the planned ones stay.
    await bar.getByRole("button", { name: "Gesendete/abgelaufene löschen" }).click();
    await expect(confirmDialog.getByText("Möchtest du alle gesendeten und abgelaufenen Angriffe dieses Plans wirklich löschen?", { exact: true })).toBeVisible();
    const finished = bulkResponse();
    await confirmDialog.getByRole("button", { name: "Löschen", exact: true }).click();
    const finishedResponse = await finished;
    expect(finishedResponse.request().postDataJSON()).toEqual({ action: "deleteFinished" });
    expect(await finishedResponse.json()).toEqual({ affected: 3 });
    await expect(card.getByText("1–10 von 10")).toBeVisible();
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(5, 15));
    const left = await listAttacks(request, seeded.owner, seeded.planId);
    expect(left.totals).toBe(10);
    expect(left.attacks.every((a) => a.status === "planned")).toBe(true);
  });
});
