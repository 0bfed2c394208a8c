// Alerts outside the browser, end to end: a player adds a webhook on Profil → Benachrichtigungen (a
// receiver on this machine; the e2e server allows private targets), sees its signing key once and its
// test message delivered; then their sandbox bot scans its incomings, meets the sandbox's noble train,
// and the receiver gets the signed "Adelung erkannt" within 5 s of the bot's report.
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Notification } from "@dsbot/protocol";
import { createDemoWorldBot, fastDemoWorld, planOwner, startSandboxBot } from "../attack-plans";
import { expect, loginWith, test, uniqueSuffix } from "../fixtures";
import { httpReceiver, type Delivery, type Receiver } from "../http-receiver";
import type { NodeChild } from "../node-process";

const UNIT_SPEED = 50;

const running: NodeChild[] = [];
let dir: string;
let receiver: Receiver;

test.beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-alerts-"));
  receiver = await httpReceiver();
});
test.afterEach(async () => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  await receiver.close();
});

const signatureOk = (key: string, d: Delivery) => d.headers["x-dsbot-signature"] === `sha256=${createHmac("sha256", key).update(`${String(d.headers["x-dsbot-timestamp"])}.${d.body}`).digest("hex")}`;

test("a webhook added on the profile gets the test message and, within 5 s of the bot's scan, the sandbox's noble train", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const world = await fastDemoWorld(request, `aw${uniqueSuffix()}`, UNIT_SPEED);
  const owner = await planOwner(request, "alarm", world);
  const bot = await createDemoWorldBot(request, owner, "Zora", world);
  const saved = await request.post(`/api/dsbot/${bot}/module`, {
    headers: owner.headers,
    data: { moduleName: "command-scanner", module: { enabled: true, intervalSeconds: 30, scanIncomings: true, scanOutgoing: false, notifyOnNobles: true } },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await loginWith(page, owner.username, owner.password, "/profile");
  const form = page.getByRole("form", { name: "Kanal hinzufügen" });
  await form.locator("label").filter({ hasText: /^Webhook$/ }).click();
  await form.getByRole("textbox", { name: /^Name/ }).fill("Mein Server");
  await form.getByRole("textbox", { name: /^Adresse deines Servers/ }).fill(receiver.url);
  await form.getByRole("button", { name: "Kanal anlegen" }).click();
  const signingKey = (await page.getByTestId("signing-key").textContent()) ?? "";
  expect(signingKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const list = page.getByRole("list", { name: "Meine Benachrichtigungskanäle" });
  await list.getByRole("button", { name: "Testnachricht senden" }).click();
  await expect(page.getByRole("table", { name: "Zustellprotokoll von Mein Server" }).getByText("zugestellt")).toBeVisible({ timeout: 15_000 });
  expect(receiver.deliveries).toHaveLength(1);
  expect(signatureOk(signingKey, receiver.deliveries[0]!)).toBe(true);
  expect(JSON.parse(receiver.deliveries[0]!.body)).toMatchObject({ event: "test", title: "Testnachricht von dsbot" });

  // The bot scans its incomings; the sandbox's noble train is among them.
  running.push((await startSandboxBot(request, owner, bot, "Zora", { dir, baseURL, name: `E2E-Alarm-${uniqueSuffix()}`, unitSpeed: UNIT_SPEED })).child);
  await expect.poll(() => receiver.deliveries.filter((d) => d.headers["x-dsbot-event"] === "noble-train").length, { timeout: 90_000 }).toBeGreaterThan(0);
  const noble = receiver.deliveries.find((d) => d.headers["x-dsbot-event"] === "noble-train")!;
  expect(signatureOk(signingKey, noble)).toBe(true);
  const message = JSON.parse(noble.body) as { title: string; text: string; link: string };
  expect(message.title).toBe("Adelung erkannt");
  expect(message.text).toMatch(/^Auf dein Dorf .+ läuft ein Angriff mit Adelsgeschlecht von .+, Ankunft \d\d\.\d\d\.\d\d \d\d:\d\d:\d\d:\d{3} \(Serverzeit\)\./);
  expect(message.link).toMatch(/\/incomings$/);
  // Within 5 s of the report: the bell's notification was written when the bot's scan came in.
  const bell = (await (await request.get("/api/user-notifications", { headers: owner.headers })).json()) as { notifications: Notification[] };
  const written = bell.notifications.find((n) => n.title === "Adelung erkannt" && n.message === message.text);
  expect(written).toBeDefined();
  expect(noble.at - Date.parse(written!.createdAt)).toBeLessThan(5_000);
});
