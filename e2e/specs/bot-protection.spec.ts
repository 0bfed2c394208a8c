// The game's bot protection during play, end to end: the sandbox raises it (here about every 15 s of
// play), the bot stops, its page says "Bot-Schutz" live, the owner's webhook gets the alert, and
// "Gelöst" on the bot page resumes the bot (its runner says so in the bot log).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDemoWorldBot, planOwner, startSandboxBot } from "../attack-plans";
import { expect, loginWith, test, uniqueSuffix } from "../fixtures";
import { httpReceiver, type Delivery, type Receiver } from "../http-receiver";
import type { NodeChild } from "../node-process";

const running: NodeChild[] = [];
let dir: string;
let receiver: Receiver;

test.beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-protection-"));
  receiver = await httpReceiver();
});
test.afterEach(async () => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  await receiver.close();
});

const eventOf = (d: Delivery) => String(d.headers["x-dsbot-event"]);

test("bot protection pauses the bot with Bot-Schutz, alerts the owner's webhook, and Gelöst resumes it", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const owner = await planOwner(request, "schutz");
  const bot = await createDemoWorldBot(request, owner, "Zora");
  // The command scanner asks the game every 30 s (its shortest interval): the check is met within 30 s.
  const saved = await request.post(`/api/dsbot/${bot}/module`, {
    headers: owner.headers,
    data: { moduleName: "command-scanner", module: { enabled: true, intervalSeconds: 30, scanIncomings: true, scanOutgoing: false, notifyOnNobles: false } },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const channel = await request.post("/api/alert-channels", { headers: owner.headers, data: { kind: "webhook", name: "Handy", url: receiver.url } });
  expect(channel.status(), await channel.text()).toBe(201);

  await loginWith(page, owner.username, owner.password, `/bots/${bot}`);
  await expect(page.getByRole("heading", { level: 1, name: "Zora" })).toBeVisible();
  // A mean gap of 15 s of play: the first check comes 7.5–22.5 s after the bot's first request, and the
  // next one no sooner after "Gelöst" (the scanner's next request is then up to 30 s away).
  running.push(
    (await startSandboxBot(request, owner, bot, "Zora", { dir, baseURL, name: `E2E-Schutz-${uniqueSuffix()}`, runnerArgs: ["--bot-protection-per-hour", "240"] })).child,
  );

  const solve = page.getByRole("button", { name: "Gelöst" });
  await expect(solve).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('[data-status="protection"]').first()).toHaveText("Bot-Schutz");
  await expect(page.getByText(/^Seit \d\d\.\d\d\.\d\d \d\d:\d\d will das Spiel wissen, .*klicke dann auf „Gelöst“\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Fortsetzen" })).toBeDisabled();
  await expect.poll(() => receiver.deliveries.filter((d) => eventOf(d) === "bot-protection").length, { timeout: 15_000 }).toBe(1);
  const alert = JSON.parse(receiver.deliveries.find((d) => eventOf(d) === "bot-protection")!.body) as { title: string; text: string };
  expect(alert.title).toBe("Bot braucht dich");
  expect(alert.text).toMatch(/^Der Bot "Zora" braucht dich: Bot-Schutz/);

  await solve.click();
  await expect(page.getByText("Bot-Schutz gelöst – der Bot spielt weiter.")).toBeVisible();
  await expect(solve).toBeHidden();
  await expect(page.getByRole("button", { name: "Pausieren" })).toBeEnabled();
  // The runner heard it and lets the bot's requests out again.
  const logs = async () =>
    ((await (await request.get(`/api/dsbot/${bot}/logs`, { headers: owner.headers })).json()) as { logs: { message: string }[] }).logs.map((l) => l.message);
  await expect.poll(logs, { timeout: 15_000 }).toContain("Bot-Schutz gelöst: der Bot spielt weiter");
});
