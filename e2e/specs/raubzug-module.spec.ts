// Raubzug at work: a sandbox bot on the demo world's map (a real runner process, its economy at the
// demo's pace, so squads come home within a minute) is started; the player switches "Raubzug" on on the
// bot page. The log then shows the module's line live (squads, villages, units, expected haul), the Raubzug
// page names the bot's reading of its villages, and the bot page's "Dörfer" tab shows the villages'
// resources rising.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createDemoWorldBot, planOwner, startSandboxBot } from "../attack-plans";
import { expect, loginWith, test, toasts } from "../fixtures";
import type { NodeChild } from "../node-process";

/** The resources of every village card on the Dörfer tab, summed ("12.345 / 40.000" per resource). */
async function villageResources(page: Page): Promise<number> {
  const texts = await page.locator("[data-village-id]").getByText(/^[\d.]+ \/ [\d.]+$/).allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  return texts.reduce((sum, text) => sum + Number((text.split(" / ")[0] ?? "").replaceAll(".", "")), 0);
}

test.describe("Raubzug", () => {
  let dir: string;
  const running: NodeChild[] = [];
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-raubzug-"));
  });
  test.afterEach(() => {
    for (const child of running.splice(0)) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  test("switched on for a started bot, it sends squads and the villages' resources rise", async ({ page, request, baseURL }) => {
    test.setTimeout(240_000);
    const owner = await planOwner(request, "raubzug");
    const botId = await createDemoWorldBot(request, owner, "Kalle");
    // The inventory reports the villages every minute, so the Dörfer tab follows.
    const inventory = await request.post(`/api/dsbot/${botId}/module`, { headers: owner.headers, data: { moduleName: "inventory", module: { enabled: true, intervalMinutes: 1 } } });
    expect(inventory.ok(), await inventory.text()).toBeTruthy();
    const runner = await startSandboxBot(request, owner, botId, "Kalle", { dir, baseURL, name: `E2E-Raubzug-${Date.now().toString(36)}`, runnerArgs: ["--economy-speed", "60"] });
    running.push(runner.child);

    await loginWith(page, owner.username, owner.password, `/bots/${botId}`);
    const toggle = page.getByRole("switch", { name: "Raubzug aktivieren", exact: true });
    await expect(toggle).not.toBeChecked();
    await toggle.locator("xpath=..").locator(".mantine-Switch-track").click();
    await expect(toasts(page, "success").filter({ hasText: "Modul „Raubzug“ aktiviert." })).toHaveCount(1);
    await expect(toggle).toBeChecked();

    // The module's line arrives in the bot's log live, without a reload.
    const log = page.getByRole("table", { name: "Protokoll" });
    const line = /^Raubzug: \d+ Raubzüge? in \d+ (Dorf|Dörfern) geschickt \([\d.]+ Einheiten?\), [\d.]+ Rohstoffe erwartet · nächste Rückkehr \d\d:\d\d:\d\d/;
    await expect(log.getByText(line).first()).toBeVisible({ timeout: 90_000 });

    // The Raubzug page plans with what the module read: each of the bot's villages says so.
    await page.goto("/scavenge");
    await expect(page.locator("[data-scavenge-read]").first()).toHaveText(/^Raubzug gelesen von Bot Kalle, \d\d\.\d\d\.\d\d \d\d:\d\d$/, { timeout: 30_000 });

    // The Dörfer tab: the resources rise from scan to scan.
    await page.goto(`/bots/${botId}?tab=villages`);
    await expect(page.locator("[data-village-id]").first()).toBeVisible({ timeout: 60_000 });
    const before = await villageResources(page);
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.locator("[data-village-id]").first()).toBeVisible();
          return villageResources(page);
        },
        { timeout: 150_000, intervals: [5_000] },
      )
      .toBeGreaterThan(before);
  });
});
