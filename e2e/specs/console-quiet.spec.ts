// No console noise: while realtime events of every kind the pages show arrive — connection
// changes, bot statuses, attacks changing in bulk — no page logs an unhandled or unknown message, and
// nothing logs an error. Each page (a fresh load) waits for the bell to count a notification the server
// sends after the other events on the same socket, so every event before it has been dispatched.
import type { ConsoleMessage, Page } from "@playwright/test";
import { slowestUnitOnAnyWorld } from "@dsbot/protocol";
import { allyOf, coord, createPlan, demoWorldData, importAttacks, listAttacks, nearestVillages, planOwner, villagesOf } from "../attack-plans";
import { botAction, createBot, FakeRunner, type BotOwner } from "../bots";
import { expect, loginWith, notifyUser, test } from "../fixtures";

/** Console lines that would mean an event went unhandled, or anything broke. */
function isNoise(message: ConsoleMessage): boolean {
  const text = message.text();
  if (message.type() === "error") return true;
  return message.type() === "warning" && /unhandled|unknown message|without type|\[realtime\]/i.test(text);
}

test("no page logs unhandled realtime messages or errors while events of every kind arrive", async ({ page, request }) => {
  const planUser = await planOwner(request, "quiet");
  const token = planUser.headers.authorization.slice("Bearer ".length);
  const owner: BotOwner = { username: planUser.username, password: planUser.password, token, headers: planUser.headers };
  const bot = await createBot(request, owner, "Leise");
  const runner = await FakeRunner.pair(request, owner);

  const world = demoWorldData();
  const home = villagesOf(world, "Kalle")[0]!;
  const target = nearestVillages(world, home, 1, (v) => v.playerId !== 0 && allyOf(world, v) !== allyOf(world, home))[0]!;
  const planId = await createPlan(request, planUser, "Ruhe");
  const arrival = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
  await importAttacks(request, planUser, planId, [{ from: coord(home), to: coord(target), type: "attack", units: { axe: 10 }, unit: slowestUnitOnAnyWorld({ axe: 10 })!, arrival, priority: 3 }]);
  const [attack] = (await listAttacks(request, planUser, planId)).attacks;

  const noise: string[] = [];
  page.on("console", (message) => {
    if (isNoise(message)) noise.push(`${page.url()} ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => noise.push(`${page.url()} pageerror: ${error.message}`));

  try {
    await loginWith(page, planUser.username, planUser.password);
    const connections = await runner.hello([bot]);
    const pages = ["/dashboard", "/bots", `/bots/${bot.id}`, "/attack-plans", `/attack-plans/${planId}`, "/tab-requests", "/incomings", "/dashboard-units"];
    for (const [i, path] of pages.entries()) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      await waitForSocket(page);
      // An attack changes (attacks-updated), then the bot goes online (botUpdateStatus) and offline again.
      const status = i % 2 === 0 ? "cancelled" : "planned";
      const bulk = await request.post(`/api/attack-plans/${planId}/attacks/bulk`, { headers: planUser.headers, data: { action: "status", selection: { ids: [attack!.id] }, status } });
      expect(bulk.ok(), await bulk.text()).toBeTruthy();
      await botAction(request, owner, bot.id, "start", connections.get(bot.id));
      await runner.botReports(bot.id, "online");
      await botAction(request, owner, bot.id, "force-stop");
      // Last, a notification, which the server sent after the events above: the bell counts it on every
      // page. (Not its alert: that leaves after 5 s, and a CI run under load once looked too late.)
      await notifyUser(request, planUser.id, `Ruhe ${i}`, "Keine Meldungen in der Konsole.");
      await expect(page.getByRole("button", { name: `Benachrichtigungen, ${i + 1} ungelesen`, exact: true })).toBeVisible();
    }
  } finally {
    runner.close();
  }
  expect(noise).toEqual([]);
});

/** The page's realtime socket is connected (<html data-realtime>), so no event of the test is missed. */
async function waitForSocket(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected");
}
