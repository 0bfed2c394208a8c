// The war room in the browser: a sandbox bot (a real runner process, the demo
// world's map) under NPC attack. With Eingehende Angriffe open, its command scanner's first scan fills
// the table live; the noble train the sandbox sends at once is grouped, its commands — each carrying a
// noble, seen the moment they left — have the noble as their likely unit (the timing makes it unique),
// and the player is notified; a scout a minute from landing leaves the page when it lands. "Verteidigen" on the train
// names the bot that will send, creates a plan whose support planner previews and saves supports from
// the player's villages, and the running bot sends every one of them (its Offplaner Scanner gets the plan
// by itself) so that it lands before the attack.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { IncomingListResponse } from "@dsbot/protocol";
import { createDemoWorldBot, listAttacks, planOwner, startSandboxBot } from "../attack-plans";
import { expect, loginWith, test } from "../fixtures";
import type { NodeChild } from "../node-process";

test.describe("Eingehende Angriffe", () => {
  let dir: string;
  const running: NodeChild[] = [];
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-war-room-"));
  });
  test.afterEach(() => {
    for (const child of running.splice(0)) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  test("a bot's scan fills the page live, groups the noble train, names the noble and notifies; 'Verteidigen' plans supports the bot sends", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    const owner = await planOwner(request, "warroom");
    const botId = await createDemoWorldBot(request, owner, "Zora");
    for (const module of [
      { moduleName: "command-scanner", module: { enabled: true, intervalSeconds: 30, scanIncomings: true, scanOutgoing: false, notifyOnNobles: true } },
      { moduleName: "inventory", module: { enabled: true, scanTroops: true, scanBuildings: false, scanResources: false, intervalMinutes: 15 } },
    ]) {
      const saved = await request.post(`/api/dsbot/${botId}/module`, { headers: owner.headers, data: module });
      expect(saved.ok(), await saved.text()).toBeTruthy();
    }

    await loginWith(page, owner.username, owner.password, "/incomings");
    await expect(page.getByText("Keine eingehenden Angriffe")).toBeVisible();

    const runner = await startSandboxBot(request, owner, botId, "Zora", { dir, baseURL, name: `E2E-Kriegsraum-${Date.now().toString(36)}` });
    running.push(runner.child);

    // Live, without a reload: the first wave (eleven commands, one a train of four, a scout a minute from landing).
    const table = page.getByRole("table", { name: "Eingehende Angriffe" });
    await expect(table.locator("tr[data-row-id]")).toHaveCount(11, { timeout: 60_000 });
    const trainRows = table.locator("tr[data-row-id]").filter({ has: page.locator("[data-train]") });
    await expect(trainRows).toHaveCount(4);
    for (const index of [1, 2, 3, 4]) await expect(trainRows.getByText(`Adelszug · ${index}.`, { exact: true })).toHaveCount(1);
    // Each train command carries a noble and was seen as it left: the noble is the likely unit.
    for (const row of await trainRows.all()) await expect(row.locator("[data-likely-unit]")).toHaveAttribute("data-likely-unit", "snob");
    await expect(table.getByText("Adelung", { exact: true })).toHaveCount(4);

    // The API agrees: one train, one target.
    const listed = (await (await request.get("/api/incomings?perPage=100", { headers: owner.headers })).json()) as IncomingListResponse;
    const train = listed.incomings.filter((i) => i.trainId !== null);
    expect(new Set(train.map((i) => i.trainId)).size).toBe(1);
    expect(new Set(train.map((i) => i.target.coordinates)).size).toBe(1);
    const attacked = train[0]!;
    // One alarm for the train, naming the attacked village.
    const alarms = async () => {
      const response = await request.get("/api/user-notifications", { headers: owner.headers });
      const { notifications } = (await response.json()) as { notifications: { title: string; message: string }[] };
      return notifications.filter((n) => n.title === "Adelung erkannt" && n.message.includes(`(${attacked.target.coordinates})`)).length;
    };
    await expect.poll(alarms).toBe(1);

    // The scout lands: its row leaves the page without a reload, and the server no longer lists it.
    const soonest = listed.incomings.reduce((a, b) => (a.arrivalTime <= b.arrivalTime ? a : b));
    expect(soonest.likelyUnits).toContain("spy");
    await expect(table.locator(`tr[data-row-id="${soonest.id}"]`)).toHaveCount(0, { timeout: 90_000 });
    await expect(table.locator("tr[data-row-id]")).toHaveCount(10);
    const after = (await (await request.get("/api/incomings?perPage=100", { headers: owner.headers })).json()) as IncomingListResponse;
    expect(after.incomings.map((i) => i.id)).not.toContain(soonest.id);
    expect(after.summary.count).toBe(10);

    // "Verteidigen": the dialog names the running bot that will send; a new plan, its support planner with
    // the attacked village; "Vorschau", then "Übernehmen".
    await trainRows.first().getByRole("button", { name: `${attacked.target.coordinates} verteidigen` }).click();
    const dialog = page.getByRole("dialog", { name: "Verteidigen: Unterstützung planen" });
    await expect(dialog.getByTestId("defend-senders")).toContainText("Zora");
    // The plan list has answered (the owner has none yet), so nothing moves the form while it is used.
    await expect(dialog.getByText("Noch kein Angriffsplan auf dieser Welt.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Neuer Plan" }).fill("Verteidigung");
    await dialog.getByRole("button", { name: "Anlegen und öffnen" }).click();
    await expect(page).toHaveURL(/\/attack-plans\/\d+$/);
    const planner = page.getByRole("dialog", { name: "Unterstützung planen" });
    await expect(planner.getByRole("textbox", { name: "Ziele", exact: true })).toHaveValue(attacked.target.coordinates);
    await planner.getByRole("button", { name: "Vorschau" }).click();
    await expect(planner.getByText("1 Unterstützung geplant")).toBeVisible({ timeout: 30_000 });
    await planner.getByRole("button", { name: "Übernehmen" }).click();
    await expect(page.getByText("1 Unterstützung übernommen. Zora schickt sie mit dem Offplaner Scanner.")).toBeVisible({ timeout: 30_000 });
    await expect(planner).toHaveCount(0);
    const planId = Number(new URL(page.url()).pathname.split("/").pop());
    const supports = (await listAttacks(request, owner, planId)).attacks;
    expect(supports).toHaveLength(1);
    const firstArrival = Math.min(...train.map((i) => i.arrivalTime));
    for (const support of supports) {
      expect(support.type).toBe("support");
      expect(support.targetVillage.coordinates).toBe(attacked.target.coordinates);
      expect(support.arrivalTime).toBeLessThanOrEqual(firstArrival - 60_000);
      // Never due at once: the bot has at least a minute to claim it.
      expect(support.sendTime).toBeGreaterThan(Date.now());
    }
    // The running bot sends every support without further setup, and each lands before the attack.
    await expect
      .poll(async () => (await listAttacks(request, owner, planId)).attacks.map((a) => a.status).join(","), { timeout: 150_000, intervals: [2_000] })
      .toBe(supports.map(() => "sent").join(","));
    for (const support of (await listAttacks(request, owner, planId)).attacks) {
      expect(support.realArrivalTime).not.toBeNull();
      expect(support.realArrivalTime as number).toBeLessThan(firstArrival);
    }
  });
});
