// The attack table on real screens: a plan opens on what is still to come ("Nur offene"); at 1440 px with
// the sidebar open every status, the players' and villages' long names, the units' counts and the
// headers are whole (no cell a player reads is cut), every row action is whole and in sight, and the
// table does not scroll sideways; where the screen has the room, every column is at least its set
// width (the widths are not maxima). On a 375 px phone every attack is a card showing all its
// values, sorted by a choice above them.
import type { Page } from "@playwright/test";
import { attackStatuses, attackStatusLabels, slowestUnitOnAnyWorld, type AttackData, type AttackStatus, type GeneratedVillage, type UnitCounts } from "@dsbot/protocol";
import { attackRows, attackTable, coord, createPlan, demoWorldData, importAttacks, listAttacks, planOwner, playerName, showEveryStatus, tableTime, type PlanOwner } from "../attack-plans";
import { expect, loginWith, test } from "../fixtures";
import { tableFit } from "../table-fit";

/** The columns' set widths, held where the screen has the room; Angreifer, Verteidiger and Einheiten share the rest. */
const SPEC_WIDTHS: Record<string, number> = {
  startVillage: 125,
  targetVillage: 125,
  type: 10,
  remaining: 100,
  sendTime: 150,
  arrivalTime: 150,
  priority: 50,
  status: 70,
  actions: 150,
};

const loads: UnitCounts[] = [{ axe: 6000, light: 2500, ram: 250, catapult: 50 }, { spy: 1 }, { snob: 1, axe: 50 }, { spear: 8000, sword: 5000, heavy: 1200 }, { light: 50 }, { ram: 10, axe: 50 }];

/**
 * The demo world's longest names near each other: the attacker is the player with the longest name
 * who has a village with another player's long-named villages close by (the attacks stay a day ahead).
 */
function longNames(): { home: GeneratedVillage; targets: GeneratedVillage[] } {
  const world = demoWorldData();
  const nameLength = (v: GeneratedVillage) => v.name.length + (playerName(world, v)?.length ?? 0);
  const players = [...world.players].sort((a, b) => b.name.length - a.name.length || a.id - b.id);
  for (const player of players) {
    const home = world.villages.find((v) => v.playerId === player.id)!;
    const near = world.villages
      .filter((v) => v.playerId !== 0 && v.playerId !== player.id && Math.hypot(v.x - home.x, v.y - home.y) <= 12)
      .sort((a, b) => nameLength(b) - nameLength(a) || a.id - b.id);
    if (near.length >= loads.length) return { home, targets: near.slice(0, loads.length) };
  }
  throw new Error("no long-named neighbourhood in the demo world");
}

/** Six attacks a day ahead with long names, then one in each status (the bulk action sets them). */
async function planWithEveryStatus(request: Parameters<typeof planOwner>[0], prefix: string): Promise<{ owner: PlanOwner; planId: number; ids: number[] }> {
  const { home, targets } = longNames();
  const base = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
  const attacks: AttackData[] = loads.map((units, i) => ({
    from: coord(home),
    to: coord(targets[i]!),
    type: i === 2 ? "conquer" : i === 3 ? "support" : "attack",
    units,
    unit: slowestUnitOnAnyWorld(units)!,
    arrival: base + i * 60_000 + 999,
    priority: 1 + (i % 5),
  }));
  const owner = await planOwner(request, prefix);
  const planId = await createPlan(request, owner, `Breite ${prefix}`);
  await importAttacks(request, owner, planId, attacks);
  const { attacks: listed } = await listAttacks(request, owner, planId);
  const ids = listed.map((a) => a.id).sort((a, b) => a - b);
  for (const [i, status] of attackStatuses.entries()) {
    const answer = await request.post(`/api/attack-plans/${planId}/attacks/bulk`, {
      headers: owner.headers,
      data: { action: "status", selection: { ids: [ids[i]] }, status },
    });
    expect(answer.ok(), await answer.text()).toBeTruthy();
  }
  return { owner, planId, ids };
}

/** Opens the plan, which shows its two open attacks ("Nur offene"), then every status. */
async function openWithEveryStatus(page: Page, seeded: { owner: PlanOwner; planId: number }): Promise<void> {
  await loginWith(page, seeded.owner.username, seeded.owner.password, `/attack-plans/${seeded.planId}`);
  await expect(page.getByTestId("attack-open-only")).toHaveAttribute("aria-pressed", "true");
  await expect(attackRows(page)).toHaveCount(2);
  for (const status of ["planned", "due"] as const) await expect(attackTable(page).getByRole("img", { name: attackStatusLabels[status], exact: true })).toHaveCount(1);
  await showEveryStatus(page);
  await expect(attackRows(page)).toHaveCount(6);
}

test.describe("Angriffstabelle auf echten Bildschirmen", () => {
  test("at 1440 px with the sidebar open nothing a player reads is cut, the row actions are whole and in sight, no sideways scroll", async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const seeded = await planWithEveryStatus(request, "fit1440");
    await openWithEveryStatus(page, seeded);
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    // Every status in its badge, the word whole: the full one as its accessible name.
    for (const status of attackStatuses) await expect(attackTable(page).getByRole("img", { name: attackStatusLabels[status], exact: true })).toHaveCount(1);
    await expect(attackTable(page).getByText("Abgelaufen", { exact: true })).toBeVisible();
    // The villages' names next to their coordinates, the coordinates linking to the game's village info.
    const { targets } = longNames();
    await expect(attackTable(page).getByText(targets[0]!.name, { exact: true }).first()).toBeVisible();
    await expect(attackTable(page).locator(`a[href$="screen=info_village&id=${targets[0]!.id}"]`)).toHaveCount(1);
    // The units' counts in full.
    await expect(attackTable(page).locator('[data-unit="axe"]').filter({ hasText: "6.000" })).toHaveCount(1);

    const fit = await tableFit(attackTable(page));
    expect(fit.problems).toEqual([]);
    expect(fit.scrollable, `table ${fit.tableWidth} px in a ${fit.boxWidth} px box`).toBe(false);
    expect(fit.pageWidth).toBeLessThanOrEqual(1440);
    // The choice is kept: a reload opens on every status again.
    await page.reload();
    await expect(attackRows(page)).toHaveCount(6);
    await expect(page.getByTestId("attack-open-only")).toHaveAttribute("aria-pressed", "false");
  });

  test("where the screen has the room, every column is at least the spec's width", async ({ page, request }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    const seeded = await planWithEveryStatus(request, "fit1920");
    await openWithEveryStatus(page, seeded);
    const fit = await tableFit(attackTable(page));
    expect(fit.problems).toEqual([]);
    expect(fit.scrollable).toBe(false);
    const narrower = Object.entries(SPEC_WIDTHS).filter(([id, width]) => (fit.widths[id] ?? 0) < width);
    expect(narrower, JSON.stringify(fit.widths)).toEqual([]);
  });

  test("on a 375 px phone each attack is a card with all its values, sorted by the choice above", async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const seeded = await planWithEveryStatus(request, "fit375");
    const { attacks } = await listAttacks(request, seeded.owner, seeded.planId);
    await loginWith(page, seeded.owner.username, seeded.owner.password, `/attack-plans/${seeded.planId}`);
    const list = page.getByRole("list", { name: "Angriffe" });
    const cards = list.locator("[data-row-id]");
    // "Nur offene": the planned and the due attack.
    await expect(cards).toHaveCount(2);
    await showEveryStatus(page);
    await expect(cards).toHaveCount(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const bySend = [...attacks].sort((a, b) => a.sendTime - b.sendTime || a.id - b.id);
    const first = cards.first();
    await expect(first).toHaveAttribute("data-row-id", String(bySend[0]!.id));
    for (const text of ["Abschickzeit", "Restzeit", "Ankunftszeit", "Priorität", tableTime(bySend[0]!.sendTime), tableTime(bySend[0]!.arrivalTime), bySend[0]!.startVillage.coordinates, bySend[0]!.targetVillage.name]) {
      await expect(first).toContainText(text);
    }
    await expect(first.getByRole("link", { name: /^Versammlungsplatz .* öffnen$/ })).toBeVisible();

    await page.getByRole("combobox", { name: "Sortieren nach" }).click();
    await page.getByRole("option", { name: "Abschickzeit (absteigend)" }).click();
    const last = bySend[bySend.length - 1]!;
    await expect(cards.first()).toHaveAttribute("data-row-id", String(last.id));
    const statuses: AttackStatus[] = [];
    for (const status of attackStatuses) if ((await list.getByRole("img", { name: attackStatusLabels[status], exact: true }).count()) === 1) statuses.push(status);
    expect(statuses).toEqual([...attackStatuses]);
  });
});
