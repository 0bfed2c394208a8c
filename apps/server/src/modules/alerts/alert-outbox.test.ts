// The alert outbox against real local receivers: a webhook that checks its signature, a Discord- and a
// Telegram-shaped endpoint that answer 429 with retry_after (obeyed, for the whole channel), a receiver
// that keeps failing (backoff, then the bell), a sender that dies after its claim (the lease runs out,
// another sends it once), a second instance (it sends what the first queued; both at once send each
// message once), and a refused target (no request).
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Notification } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories.js";
import { createSecondInstance, createTestApp, type TestApp } from "../../../test/test-app.js";
import type { AlertMessage } from "../../db/schema.js";
import { alertChannels, alertOutbox, notifications } from "../../db/schema.js";
import { ALERT_BACKOFF_MS, ALERT_LEASE_MS, ALERT_MAX_ATTEMPTS, claimDue, deliverDue, enqueueAlert, type DeliveryContext } from "./alert-outbox.js";
import type { AlertSecrets } from "./alert-senders.js";
import { secretBoxOf } from "./secret-box.js";

interface Hit {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver; `answer` picks the status and body of each request by its number (from 0). */
async function receiver(answer: (n: number, hit: Hit) => { status: number; body?: string; headers?: Record<string, string> } = () => ({ status: 204 })) {
  const hits: Hit[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const hit = { url: req.url ?? "", headers: req.headers, body };
      const reply = answer(hits.length, hit);
      hits.push(hit);
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers }).end(reply.body ?? "");
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, hits, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

let app: TestApp;
let userId: number;
const receivers: Receiver[] = [];
const T0 = new Date(Date.UTC(2031, 2, 1, 12, 0, 0));
const at = (ms: number) => new Date(T0.getTime() + ms);
const message = (title: string): AlertMessage => ({ event: "noble-train", title, text: "4 Adelsgeschlechter auf Alpha (500|500), Ankunft 01.03.31 13:00:00:000", link: "/incomings" });

async function channel<K extends "discord" | "telegram" | "webhook">(kind: K, settings: Record<string, string>, secrets: AlertSecrets[K], owner = userId): Promise<number> {
  const sealed = (await secretBoxOf(app.ctx.config)).seal(JSON.stringify(secrets));
  const [row] = await app.db.insert(alertChannels).values({ userId: owner, kind, name: `${kind} von Anna`, settings, sealed, nextSendAt: T0 }).returning();
  return row!.id;
}

function context(overrides: Partial<DeliveryContext["config"]> = {}, hosts: Partial<DeliveryContext["config"]["alertHosts"]> = {}): DeliveryContext {
  return { db: app.db, events: app.ctx.events, config: { ...app.ctx.config, publicUrl: "https://dsbot.example", alertHosts: { ...app.ctx.config.alertHosts, ...hosts }, ...overrides } };
}

const rowsOf = (channelId: number) => app.db.select().from(alertOutbox).where(eq(alertOutbox.channelId, channelId)).orderBy(alertOutbox.id);

beforeAll(async () => {
  app = await createTestApp();
  userId = (await createUser(app)).id;
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await app?.dispose();
});

/** Each test's user has only its own channels. */
async function freshUser(): Promise<void> {
  userId = (await createUser(app)).id;
}

describe("the alert outbox", () => {
  it("delivers a webhook message once per key, signed with the channel's key and timestamped", async () => {
    await freshUser();
    const hook = await receiver();
    receivers.push(hook);
    const id = await channel("webhook", { url: `${hook.base}/dsbot` }, { signingKey: "geheimer-schluessel" });
    expect(await enqueueAlert(app.db, userId, "noble:42", message("Adelszug auf Alpha"))).toBe(1);
    expect(await enqueueAlert(app.db, userId, "noble:42", message("Adelszug auf Alpha"))).toBe(0);

    expect(await deliverDue(context(), T0)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(hook.hits).toHaveLength(1);
    const [hit] = hook.hits;
    const timestamp = hit!.headers["x-dsbot-timestamp"] as string;
    expect(Number(timestamp)).toBe(Math.floor(T0.getTime() / 1000));
    expect(hit!.headers["x-dsbot-signature"]).toBe(`sha256=${createHmac("sha256", "geheimer-schluessel").update(`${timestamp}.${hit!.body}`).digest("hex")}`);
    expect(hit!.headers["x-dsbot-delivery"]).toBe("noble:42");
    expect(JSON.parse(hit!.body)).toEqual({ id: "noble:42", event: "noble-train", title: "Adelszug auf Alpha", text: message("").text, link: "https://dsbot.example/incomings", sentAt: T0.toISOString() });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 204, lastError: null, claim: null });
    expect(row!.latencyMs).toBeGreaterThanOrEqual(0);
    // Delivered is done: nothing is sent again.
    expect(await deliverDue(context(), at(3_600_000))).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(hook.hits).toHaveLength(1);
  });

  it("obeys a Discord-shaped 429's retry_after for the whole channel, then delivers", async () => {
    await freshUser();
    const discord = await receiver((n) => (n === 0 ? { status: 429, body: JSON.stringify({ message: "You are being rate limited.", retry_after: 1.5, global: false }) } : { status: 204 }));
    receivers.push(discord);
    const id = await channel("discord", {}, { webhookId: "123", token: "abc-token" });
    await enqueueAlert(app.db, userId, "a", message("Erste"));
    await enqueueAlert(app.db, userId, "b", message("Zweite"));
    const ctx = context({}, { discord: discord.base });

    expect(await deliverDue(ctx, T0)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [first] = await rowsOf(id);
    expect(first).toMatchObject({ status: "pending", lastStatus: 429, nextAttemptAt: at(1500), lastError: "Zu viele Nachrichten: nächster Versuch in 1,5 s (HTTP 429)." });
    // Neither message goes before the channel's wait is over.
    expect(await deliverDue(ctx, at(1000))).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(discord.hits).toHaveLength(1);
    expect(await deliverDue(ctx, at(1600))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    // One message per round at the channel's pace.
    expect(await deliverDue(ctx, at(2100))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(discord.hits.map((h) => [h.url, JSON.parse(h.body).content])).toEqual([
      ["/api/webhooks/123/abc-token", "Erste\n" + message("").text + "\nhttps://dsbot.example/incomings"],
      ["/api/webhooks/123/abc-token", "Erste\n" + message("").text + "\nhttps://dsbot.example/incomings"],
      ["/api/webhooks/123/abc-token", "Zweite\n" + message("").text + "\nhttps://dsbot.example/incomings"],
    ]);
    expect(JSON.parse(discord.hits[0]!.body)).toMatchObject({ username: "dsbot", allowed_mentions: { parse: [] } });
  });

  it("obeys a Telegram-shaped 429's parameters.retry_after", async () => {
    await freshUser();
    const telegram = await receiver((n) => (n === 0 ? { status: 429, body: JSON.stringify({ ok: false, error_code: 429, description: "Too Many Requests: retry after 3", parameters: { retry_after: 3 } }) } : { status: 200, body: '{"ok":true}' }));
    receivers.push(telegram);
    const id = await channel("telegram", { chatId: "-100123" }, { token: "42:ABC" });
    await enqueueAlert(app.db, userId, "t", message("Bot-Schutz bei Kalle"));
    const ctx = context({}, { telegram: telegram.base });
    expect(await deliverDue(ctx, T0)).toMatchObject({ retried: 1 });
    expect(await deliverDue(ctx, at(2999))).toMatchObject({ delivered: 0, retried: 0 });
    expect(await deliverDue(ctx, at(3000))).toMatchObject({ delivered: 1 });
    expect(telegram.hits.map((h) => [h.url, JSON.parse(h.body).chat_id])).toEqual([
      ["/bot42:ABC/sendMessage", "-100123"],
      ["/bot42:ABC/sendMessage", "-100123"],
    ]);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200 });
  });

  it("backs off while the receiver fails, gives up after the last attempt and rings the owner's bell", async () => {
    await freshUser();
    const broken = await receiver(() => ({ status: 503 }));
    receivers.push(broken);
    const id = await channel("webhook", { url: `${broken.base}/kaputt` }, { signingKey: "k" });
    await enqueueAlert(app.db, userId, "x", message("Angriff auf Beta"));
    let clock = 0;
    for (let attempt = 1; attempt <= ALERT_MAX_ATTEMPTS; attempt++) {
      // Not before its backoff is over.
      if (attempt > 1) expect(await deliverDue(context(), at(clock - 1))).toMatchObject({ retried: 0, failed: 0 });
      expect(await deliverDue(context(), at(clock))).toEqual(attempt < ALERT_MAX_ATTEMPTS ? { delivered: 0, retried: 1, failed: 0 } : { delivered: 0, retried: 0, failed: 1 });
      clock += ALERT_BACKOFF_MS[attempt - 1] ?? 0;
    }
    expect(broken.hits).toHaveLength(ALERT_MAX_ATTEMPTS);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "failed", attempts: ALERT_MAX_ATTEMPTS, lastStatus: 503, lastError: "Fehler beim Empfänger (HTTP 503)." });
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(bell.map((n): Pick<Notification, "title" | "message"> => ({ title: n.title, message: n.message }))).toEqual([
      { title: "Benachrichtigung nicht zugestellt", message: "Die Nachricht „Angriff auf Beta“ über „webhook von Anna“ kam nach 6 Versuchen nicht an: Fehler beim Empfänger (HTTP 503)." },
    ]);
  });

  it("sends a message again once the lease of a sender that died runs out, and only once; the dead claim changes nothing", async () => {
    await freshUser();
    const hook = await receiver();
    receivers.push(hook);
    const id = await channel("webhook", { url: `${hook.base}/lease` }, { signingKey: "k" });
    await enqueueAlert(app.db, userId, "lease", message("Adelszug"));
    // An instance claims it and dies before sending.
    expect(await claimDue(app.db, T0, "toter-claim")).toHaveLength(1);
    expect(await deliverDue(context(), at(ALERT_LEASE_MS - 1))).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(await deliverDue(context(), at(ALERT_LEASE_MS + 1))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await deliverDue(context(), at(2 * ALERT_LEASE_MS + 2))).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(hook.hits.map((h) => h.headers["x-dsbot-delivery"])).toEqual(["lease"]);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("a second instance sends what the first queued, and the two at once send each message once", async () => {
    await freshUser();
    const hook = await receiver();
    receivers.push(hook);
    const second = await createSecondInstance(app);
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await channel("webhook", { url: `${hook.base}/i${i}` }, { signingKey: "k" }));
      await enqueueAlert(app.db, userId, "erste", message("Von der ersten Instanz"));
      const other: DeliveryContext = { db: second.ctx.db, events: second.ctx.events, config: context().config };
      expect(await deliverDue(other, T0)).toEqual({ delivered: 6, retried: 0, failed: 0 });
      await enqueueAlert(app.db, userId, "beide", message("Beide zugleich"));
      const tallies = await Promise.all([deliverDue(context(), at(1000)), deliverDue(other, at(1000))]);
      expect(tallies.reduce((sum, t) => sum + t.delivered, 0)).toBe(6);
      const keys = hook.hits.map((h) => `${h.url} ${String(h.headers["x-dsbot-delivery"])}`).sort();
      expect(keys).toEqual(ids.flatMap((_, i) => [`/i${i} beide`, `/i${i} erste`]).sort());
    } finally {
      await second.close();
    }
  });

  it("two deliverers at once send each message once", async () => {
    await freshUser();
    const hook = await receiver();
    receivers.push(hook);
    for (let i = 0; i < 8; i++) await channel("webhook", { url: `${hook.base}/k${i}` }, { signingKey: "k" });
    await enqueueAlert(app.db, userId, "zugleich", message("Welle"));
    const tallies = await Promise.all([deliverDue(context(), T0), deliverDue(context(), T0)]);
    expect(tallies.reduce((sum, t) => sum + t.delivered, 0)).toBe(8);
    expect(hook.hits.map((h) => h.url).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `/k${i}`).sort());
  });

  it("rounds at once never both take one channel: one message in flight, and its 429 holds the next", async () => {
    await freshUser();
    const hook = await receiver((n) => (n === 0 ? { status: 429, headers: { "retry-after": "2" } } : { status: 204 }));
    receivers.push(hook);
    const id = await channel("webhook", { url: `${hook.base}/eins` }, { signingKey: "k" });
    for (const key of ["w1", "w2", "w3"]) await enqueueAlert(app.db, userId, key, message(key));
    // The loop's round and two test messages' rounds at the same moment: one request.
    const tallies = await Promise.all([deliverDue(context(), T0), deliverDue(context(), T0), deliverDue(context(), T0)]);
    expect(tallies.reduce((sum, t) => sum + t.retried + t.delivered, 0)).toBe(1);
    expect(hook.hits.map((h) => h.headers["x-dsbot-delivery"])).toEqual(["w1"]);
    expect(await deliverDue(context(), at(1_900))).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(await deliverDue(context(), at(2_000))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await deliverDue(context(), at(2_001))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await deliverDue(context(), at(2_002))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(hook.hits.map((h) => h.headers["x-dsbot-delivery"])).toEqual(["w1", "w1", "w2", "w3"]);
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(["delivered", "delivered", "delivered"]);
  });

  it("refuses a private target without a request when private targets are not allowed", async () => {
    await freshUser();
    const hook = await receiver();
    receivers.push(hook);
    const id = await channel("webhook", { url: `${hook.base.replace(/:\d+$/, "")}/intern` }, { signingKey: "k" });
    await enqueueAlert(app.db, userId, "intern", message("Adelszug"));
    expect(await deliverDue(context({ allowPrivateTargets: false }), T0)).toEqual({ delivered: 0, retried: 0, failed: 1 });
    expect(hook.connections()).toBe(0);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "failed", lastError: "Ziel nicht erlaubt: die Adresse ist privat, lokal oder gehört zum Rechenzentrum." });
  });

  it("queues only for the user's enabled channels, or the ones named", async () => {
    await freshUser();
    const hook = await receiver();
    receivers.push(hook);
    const [a, b] = [await channel("webhook", { url: `${hook.base}/a` }, { signingKey: "k" }), await channel("webhook", { url: `${hook.base}/b` }, { signingKey: "k" })];
    const other = (await createUser(app)).id;
    await channel("webhook", { url: `${hook.base}/fremd` }, { signingKey: "k" }, other);
    await app.db.update(alertChannels).set({ enabled: false }).where(eq(alertChannels.id, b));
    expect(await enqueueAlert(app.db, userId, "nur-a", message("A"))).toBe(1);
    expect(await enqueueAlert(app.db, userId, "genannt", message("B"), [b])).toBe(0);
    expect(await enqueueAlert(app.db, userId, "keiner", message("C"), [])).toBe(0);
    expect((await rowsOf(a)).map((r) => r.idempotencyKey)).toEqual(["nur-a"]);
  });
});
