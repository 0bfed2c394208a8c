// Raubzug end to end: a fresh user on the demo world with a bot for Kalle (a real runner process, the
// sandbox on the demo world's map, the Inventur module scanning troops) opens the Raubzug page before any
// scan — it explains how to get troops — and, once the bot has scanned, sees every one of Kalle's
// villages with its split live, without a reload: squads per option, return times, the sums; the split of
// a village is the protocol's optimiser's on the scanned units at home. "pro Lauf" keeps every squad
// within the longest run (2:00 by default); on a phone the villages are cards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TroopListResponse, Unit, WorldsResponse } from "@dsbot/protocol";
import { planScavenge, scavengeWorld } from "@dsbot/protocol";
import { coordText, createDemoWorldBot, DEMO_PLAN_WORLD, demoWorldData, planOwner, startSandboxBot, villagesOf } from "../attack-plans";
import { expect, loginWith, test, uniqueSuffix } from "../fixtures";
import type { NodeChild } from "../node-process";

const running: NodeChild[] = [];
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-scavenge-"));
});
test.afterEach(() => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** "1:23:45" → seconds. */
const secondsOf = (text: string) => text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
const number = (text: string | null) => Number((text ?? "").replace(/\./g, ""));

test("Raubzug plans every village a bot scanned, live after the scan, per hour and per run, on a phone as cards", async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await planOwner(request, "raubzug");
  const botId = await createDemoWorldBot(request, owner, "Kalle");
  const saved = await request.post(`/api/dsbot/${botId}/module`, {
    headers: owner.headers,
    data: { moduleName: "inventory", module: { enabled: true, scanTroops: true, scanBuildings: false, scanResources: false, intervalMinutes: 15 } },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  // Before any scan: how to get troops.
  await loginWith(page, owner.username, owner.password, "/scavenge");
  await expect(page.getByRole("heading", { name: "Raubzug" })).toBeVisible();
  await expect(page.getByText("Noch keine Truppen")).toBeVisible();

  // The bot scans Kalle's troops: his villages come in without a reload.
  running.push((await startSandboxBot(request, owner, botId, "Kalle", { dir, baseURL, name: `E2E-Raubzug-${uniqueSuffix()}` })).child);
  const kalle = villagesOf(demoWorldData(), "Kalle");
  const table = page.getByRole("table", { name: "Raubzug je Dorf" });
  const rows = table.locator("tbody tr[data-row-id]");
  await expect(rows).toHaveCount(kalle.length, { timeout: 90_000 });
  for (const village of kalle) await expect(rows.filter({ hasText: coordText(village) })).toHaveCount(1);
  await expect(page.getByTestId("scavenge-sources")).toContainText("Quellen: Bot Kalle · Stand");

  // The split shown is the optimiser's on the scanned units at home, on the world's speed and carry.
  const troops = (await (await request.get("/api/troops", { headers: owner.headers, params: { view: "own", perPage: 5000 } })).json()) as TroopListResponse;
  const worlds = (await (await request.get("/api/worlds", { headers: owner.headers })).json()) as WorldsResponse;
  const world = worlds.worlds.find((w) => w.server === DEMO_PLAN_WORLD.server && w.world === DEMO_PLAN_WORLD.world)!;
  const carry = Object.fromEntries(Object.entries(world.units ?? {}).map(([unit, stats]) => [unit, stats.carry])) as Partial<Record<Unit, number>>;
  const first = troops.troops[0]!;
  const plan = planScavenge(scavengeWorld(world.config?.speed ?? 1, carry), { units: first.own, options: [1, 2, 3, 4], measure: "hour" });
  expect(plan.squads.length).toBeGreaterThan(0);
  const firstRow = table.locator(`tr[data-row-id="${first.villageId}"]`);
  for (const squad of plan.squads) {
    for (const [unit, n] of Object.entries(squad.units)) {
      await expect(firstRow.locator(`[data-option="${squad.option}"] [data-unit="${unit}"]`)).toHaveText(n.toLocaleString("de-DE"));
    }
  }
  await expect(firstRow.locator('[data-figure="perHour"]')).toHaveText(Math.round(plan.perHour).toLocaleString("de-DE"));
  await expect(firstRow.locator("[data-return-time]").first()).toHaveText(/^zurück (\d\d\.\d\d\. )?\d\d:\d\d:\d\d$/);
  const perHourTotal = page.getByTestId("scavenge-total-hour").locator("[data-total]");
  expect(number(await perHourTotal.textContent())).toBeGreaterThan(0);

  // Per run within 2:00: every squad is back in time.
  // The segmented control's radio is hidden behind its label: a click on the label, as a player's.
  await page.getByText("pro Lauf", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "pro Lauf" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Höchstdauer (Std:Min)" })).toHaveValue("2:00");
  const durations = table.locator("[data-duration]");
  await expect(durations.first()).toBeVisible();
  await expect.poll(async () => Math.max(...(await durations.allTextContents()).map(secondsOf))).toBeLessThanOrEqual(7_200);

  // A phone: a card per village.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole("list", { name: "Raubzug je Dorf" }).getByRole("listitem");
  await expect(cards).toHaveCount(kalle.length);
  await expect(cards.first().locator("[data-option] [data-unit]").first()).toBeVisible();
});
