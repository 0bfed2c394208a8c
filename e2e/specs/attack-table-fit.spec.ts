// The attack table on real screens (issue 21): at 1440 px with the sidebar open it fits its card with the
// spec's column widths (no sideways scroll), every status badge and every row action whole inside its
// cell; on a 375 px phone every attack is a card showing all its values, sorted by a choice above them.
import type { Page } from "@playwright/test";
import { attackStatuses, attackStatusLabels, slowestUnitOnAnyWorld, type AttackData, type AttackStatus, type UnitCounts } from "@dsbot/protocol";
import { allyOf, attackRows, attackTable, coord, createPlan, demoWorldData, importAttacks, listAttacks, nearestVillages, planOwner, tableTime, villagesOf, type PlanOwner } from "../attack-plans";
import { expect, loginWith, test } from "../fixtures";

/** The spec's fixed widths (§2); Angreifer, Verteidiger and Einheiten share the rest. */
const FIXED_WIDTHS: Record<string, number> = {
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

const loads: UnitCounts[] = [{ axe: 6000, light: 2500, ram: 250 }, { spy: 1 }, { snob: 1, axe: 50 }, { spear: 100, sword: 50 }, { light: 50 }, { ram: 10, axe: 50 }];

/** Six attacks a day ahead from Kalle's villages, then one in each status (the bulk action sets them). */
async function planWithEveryStatus(request: Parameters<typeof planOwner>[0], prefix: string): Promise<{ owner: PlanOwner; planId: number; ids: number[] }> {
  const world = demoWorldData();
  const kalle = villagesOf(world, "Kalle");
  const home = kalle[0]!;
  const targets = nearestVillages(world, home, 6, (v) => v.playerId !== 0 && allyOf(world, v) !== allyOf(world, home));
  const base = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
  const attacks: AttackData[] = loads.map((units, i) => ({
    from: coord(kalle[i % kalle.length]!),
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

async function fitReport(page: Page) {
  return attackTable(page).evaluate((table, fixed) => {
    /** Where `inner` lies outside `outer` (0.5 px of subpixel slack), or null. */
    const outside = (inner: DOMRect, outer: DOMRect): string | null =>
      inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 || inner.bottom > outer.bottom + 0.5
        ? `[${Math.round(inner.left)}–${Math.round(inner.right)}] outside [${Math.round(outer.left)}–${Math.round(outer.right)}]`
        : null;
    const scroller = table.closest(".mantine-TableScrollContainer-scrollContainer") as HTMLElement;
    const widths = Object.fromEntries([...table.querySelectorAll("thead th")].map((th) => [th.getAttribute("data-column-id"), Math.round(th.getBoundingClientRect().width)]));
    const problems: string[] = [];
    for (const [id, width] of Object.entries(fixed)) if (widths[id] !== width) problems.push(`${id} is ${widths[id]} px, not ${width}`);
    for (const row of table.querySelectorAll("tbody tr[data-row-id]")) {
      const cells = [...row.querySelectorAll("td")];
      const status = row.querySelector("[data-status]") as HTMLElement;
      const where = outside(status.getBoundingClientRect(), status.closest("td")!.getBoundingClientRect());
      if (where) problems.push(`status ${status.dataset.status}: ${where}`);
      // The dot and the word inside the badge (a word wider than the badge would stick out of it).
      for (const part of status.querySelectorAll("span")) {
        const at = outside(part.getBoundingClientRect(), status.getBoundingClientRect());
        if (at) problems.push(`status ${status.dataset.status} is cut: ${at}`);
      }
      const actions = cells[cells.length - 1]!;
      for (const control of actions.querySelectorAll("a, button, input")) {
        const at = outside(control.getBoundingClientRect(), actions.getBoundingClientRect());
        if (at) problems.push(`action ${control.getAttribute("aria-label")}: ${at}`);
      }
      for (const badge of row.querySelectorAll("[data-unit]")) {
        const at = outside(badge.getBoundingClientRect(), badge.closest("td")!.getBoundingClientRect());
        if (at) problems.push(`unit badge ${badge.getAttribute("aria-label")}: ${at}`);
      }
    }
    return { tableWidth: table.scrollWidth, boxWidth: scroller.clientWidth, scrollable: scroller.scrollWidth > scroller.clientWidth, pageWidth: document.documentElement.scrollWidth, problems };
  }, FIXED_WIDTHS);
}

test.describe("Angriffstabelle auf echten Bildschirmen", () => {
  test("at 1440 px with the sidebar open the table fits: the spec's widths, whole badges and actions, no sideways scroll", async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const seeded = await planWithEveryStatus(request, "fit1440");
    await loginWith(page, seeded.owner.username, seeded.owner.password, `/attack-plans/${seeded.planId}`);
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    await expect(attackRows(page)).toHaveCount(6);
    // Every status in its compact badge: the short word shown, the full word its accessible name.
    for (const status of attackStatuses) await expect(attackTable(page).getByRole("img", { name: attackStatusLabels[status], exact: true })).toHaveCount(1);

    const report = await fitReport(page);
    expect(report.problems).toEqual([]);
    expect(report.scrollable, `table ${report.tableWidth} px in a ${report.boxWidth} px box`).toBe(false);
    expect(report.pageWidth).toBeLessThanOrEqual(1440);
  });

  test("on a 375 px phone each attack is a card with all its values, sorted by the choice above", async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const seeded = await planWithEveryStatus(request, "fit375");
    const { attacks } = await listAttacks(request, seeded.owner, seeded.planId);
    await loginWith(page, seeded.owner.username, seeded.owner.password, `/attack-plans/${seeded.planId}`);
    const list = page.getByRole("list", { name: "Angriffe" });
    const cards = list.locator("[data-row-id]");
    await expect(cards).toHaveCount(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const bySend = [...attacks].sort((a, b) => a.sendTime - b.sendTime || a.id - b.id);
    const first = cards.first();
    await expect(first).toHaveAttribute("data-row-id", String(bySend[0]!.id));
    for (const text of ["Abschickzeit", "Restzeit", "Ankunftszeit", "Priorität", tableTime(bySend[0]!.sendTime), tableTime(bySend[0]!.arrivalTime), bySend[0]!.startVillage.coordinates]) {
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
