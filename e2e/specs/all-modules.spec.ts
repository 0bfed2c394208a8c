// Every module at work: a sandbox bot (a real runner process on the demo
// world's map) with every module the world allows switched on (the VP-Builder stays off: the demo world pays in coins). Within its first rounds the log names each
// module with what it did — villages renamed, orders in the build queue, farm attacks sent, the
// inventory's scan — and no line says a module is not implemented; the bot page's "Dörfer" tab shows
// the villages under their new names with their build queues.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { moduleNames, moduleRegistry, vpbuilderMessages, weekdays } from "@dsbot/protocol";
import { createDemoWorldBot, planOwner, startSandboxBot } from "../attack-plans";
import { expect, loginWith, test } from "../fixtures";
import type { NodeChild } from "../node-process";

/** Active hours that hold for the next 12 hours whatever the runner's local clock says (its gap is 12 h away). */
function alwaysActiveDays() {
  const now = new Date();
  const gap = (now.getHours() * 60 + now.getMinutes() + 12 * 60) % (24 * 60);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return Object.fromEntries(weekdays.map((d) => [d, { active: true, from: hhmm((gap + 1) % 1440), to: hhmm(gap) }]));
}

test.describe("Alle Module", () => {
  let dir: string;
  const running: NodeChild[] = [];
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-all-modules-"));
  });
  test.afterEach(() => {
    for (const child of running.splice(0)) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  test("a bot with every module on shows their effects in its log and on its Dörfer tab", async ({ page, request, baseURL }) => {
    test.setTimeout(240_000);
    const owner = await planOwner(request, "allmods");
    const botId = await createDemoWorldBot(request, owner, "Bruno");
    const created = await request.post("/api/account-manager/templates", {
      headers: owner.headers,
      data: { name: "Rohstoffe", steps: [{ building: "wood", level: 30 }, { building: "stone", level: 30 }, { building: "iron", level: 30 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const templateId = ((await created.json()) as { template: { id: number } }).template.id;
    const special: Record<string, object> = {
      timer: { days: alwaysActiveDays(), breaks: { enabled: false } },
      builder: { templateMode: "default", defaultTemplateId: templateId },
      templateassigner: { rules: [{ group: "", villageType: "any", templateId }] },
    };
    for (const moduleName of moduleNames) {
      const saved = await request.post(`/api/dsbot/${botId}/module`, { headers: owner.headers, data: { moduleName, module: { enabled: true, ...special[moduleName] } } });
      // The demo world pays nobles in coins (get_config snob/gold 1): the VP-Builder has no packages to store and stays off, saying why.
      if (moduleName === "vpbuilder") {
        expect(saved.status()).toBe(400);
        expect(await saved.text()).toContain(vpbuilderMessages.noPackages);
        continue;
      }
      expect(saved.ok(), `${moduleName}: ${await saved.text()}`).toBeTruthy();
    }

    const runner = await startSandboxBot(request, owner, botId, "Bruno", { dir, baseURL, name: `E2E-Alle-Module-${Date.now().toString(36)}` });
    running.push(runner.child);

    const messages = async () => {
      const response = await request.get(`/api/dsbot/${botId}/logs?perPage=100`, { headers: owner.headers });
      expect(response.ok()).toBeTruthy();
      return ((await response.json()) as { logs: { message: string }[] }).logs.map((l) => l.message);
    };
    // Effects, with numbers, from the modules that act at once on the demo map.
    const effects = [/^Umbenenner: \d+ Dörfer umbenannt/, /^Builder: \d+ Bauaufträge? in \d+ (Dorf|Dörfern)/, /^SimpleFarmAssistant: \d+ Farmangriffe? geschickt \(A: \d+, B: \d+\), [\d.]+ Rohstoffe erwartet/, /^Inventur: /, /^Vorlagenzuweiser: \d+ Dörfer zugewiesen/];
    await expect.poll(async () => { const all = await messages(); return effects.filter((e) => !all.some((m) => e.test(m))).map(String); }, { timeout: 90_000 }).toEqual([]);
    // Every module that reports each run said something under its label; none is "not implemented".
    const reporting = moduleNames.filter((n) => !["timer", "relogin", "attack-planner-scanner", "vpbuilder"].includes(n)).map((n) => moduleRegistry[n].label);
    await expect.poll(async () => { const all = await messages(); return reporting.filter((label) => !all.some((m) => m.startsWith(`${label}:`))); }, { timeout: 60_000 }).toEqual([]);
    expect((await messages()).filter((m) => /nicht umgesetzt/.test(m))).toEqual([]);

    // The Dörfer tab: the villages under their pattern names, each with its build queue.
    await loginWith(page, owner.username, owner.password, `/bots/${botId}?tab=villages`);
    const cards = page.locator("[data-village-id]");
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(cards.first()).toContainText(/K\d\d 001/);
    await expect(page.locator("[data-queued]").first()).toBeVisible();
    // And the log on the bot page shows the builder's line.
    await page.goto(`/bots/${botId}`);
    await expect(page.getByRole("table", { name: "Protokoll" }).getByText(/^Builder: /).first()).toBeVisible();
  });
});
