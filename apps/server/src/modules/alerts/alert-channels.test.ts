// Profil → Benachrichtigungen over REST: a user's channels with German refusals for bad input, secrets
// that go in and never come out (not in an answer but the webhook's signing key once, not stored in
// the clear, not in a log line), the test message signed with that key and its delivery log, and a
// webhook to a private address refused when it is saved.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AlertChannelCreatedResponse, AlertChannelListResponse, AlertDeliveryListResponse } from "@dsbot/protocol";
import { ALERT_CHANNELS_MAX } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, type Call } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { captureLog, createTestApp, type TestApp } from "../../../test/test-app.js";
import { alertChannels } from "../../db/schema.js";
import { deliverDue } from "./alert-outbox.js";

const DISCORD_TOKEN = "geheimes-discord-token_0123456789";
const TELEGRAM_TOKEN = "123456789:AAHgeheimesTelegramToken_abcdefgh";

let app: TestApp;
let strictApp: TestApp;
let log: ReturnType<typeof captureLog>;
let anna: Call;
let annaId: number;
let hookBase: string;
const hits: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString("utf8")));
  req.on("end", () => {
    hits.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});

/**
 * The delivery's next round. Not one at this very moment: the database keeps microseconds, a round's
 * clock milliseconds, so a message written within the same millisecond is due from the next round on.
 */
const nextRound = () => deliverDue(app.ctx, new Date(Date.now() + 1000));

async function person(target: TestApp): Promise<{ id: number; call: Call }> {
  const user = await createUser(target);
  return { id: user.id, call: caller(target, await loginAs(target, user)) };
}

beforeAll(async () => {
  log = captureLog();
  app = await createTestApp({ logLevel: "debug" }, { logStream: log.stream });
  strictApp = await createTestApp({ allowPrivateTargets: false });
  ({ id: annaId, call: anna } = await person(app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hookBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app?.dispose();
  await strictApp?.dispose();
});

describe("alert channels", () => {
  it("keeps a Discord and a Telegram channel without ever answering their secrets", async () => {
    const discord = await anna("POST", "/api/alert-channels", { kind: "discord", name: "Stammes-Discord", webhookUrl: `https://discord.com/api/webhooks/987654321/${DISCORD_TOKEN}` });
    expect(discord.statusCode, discord.body).toBe(201);
    expect(discord.json<AlertChannelCreatedResponse>()).toEqual({
      channel: { id: expect.any(Number), kind: "discord", name: "Stammes-Discord", enabled: true, confirmed: true, target: "Webhook 987654321", createdAt: expect.any(String), lastDelivery: null },
    });
    const telegram = await anna("POST", "/api/alert-channels", { kind: "telegram", name: "Handy", botToken: TELEGRAM_TOKEN, chatId: "-100123456" });
    expect(telegram.statusCode, telegram.body).toBe(201);
    expect(telegram.json<AlertChannelCreatedResponse>().channel.target).toBe("Chat -100123456");

    const listed = await anna("GET", "/api/alert-channels");
    expect(listed.json<AlertChannelListResponse>().channels.map((c) => c.name)).toEqual(["Stammes-Discord", "Handy"]);
    const stored = await app.db.select().from(alertChannels).where(eq(alertChannels.userId, annaId));
    for (const text of [discord.body, telegram.body, listed.body, JSON.stringify(stored)]) {
      expect(text).not.toContain(DISCORD_TOKEN);
      expect(text).not.toContain(TELEGRAM_TOKEN.split(":")[1]);
    }
  });

  it("refuses bad input in German and keeps nothing of it", async () => {
    const before = (await anna("GET", "/api/alert-channels")).json<AlertChannelListResponse>().channels.length;
    const cases: [unknown, string][] = [
      [{ kind: "discord", name: "X", webhookUrl: `https://evil.example/api/webhooks/1/${DISCORD_TOKEN}` }, "Bitte die Webhook-Adresse aus Discord einfügen (https://discord.com/api/webhooks/…)."],
      [{ kind: "telegram", name: "X", botToken: "kein-token", chatId: "1" }, "Das sieht nicht wie ein Bot-Token von Telegram aus (123456789:ABC…)."],
      [{ kind: "telegram", name: "X", botToken: TELEGRAM_TOKEN, chatId: "chat" }, "Bitte die Chat-ID (Zahl, in Gruppen mit Minus) oder @kanalname angeben."],
      [{ kind: "webhook", name: "X", url: "ftp://example.org/hook" }, "Bitte eine http- oder https-Adresse angeben."],
      [{ kind: "webhook", name: "X", url: "http://nutzer:pw@example.org/hook" }, "Bitte eine http- oder https-Adresse angeben."],
      [{ kind: "webhook", name: "", url: "https://example.org/hook" }, "Eingabe erforderlich"],
      [{ kind: "sms", name: "X" }, "Bitte Discord, Telegram, Webhook oder E-Mail wählen."],
    ];
    for (const [body, message] of cases) {
      const answer = await anna("POST", "/api/alert-channels", body);
      expect([answer.statusCode, JSON.stringify(answer.json())]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await anna("GET", "/api/alert-channels")).json<AlertChannelListResponse>().channels).toHaveLength(before);
  });

  it("refuses a webhook to a private address when it is saved, unless private targets are allowed", async () => {
    const strict = (await person(strictApp)).call;
    for (const url of ["http://127.0.0.1/hook", "http://[::1]/hook", "http://169.254.169.254/latest", "http://localhost/hook"]) {
      const answer = await strict("POST", "/api/alert-channels", { kind: "webhook", name: "Intern", url });
      expect([url, answer.statusCode, answer.json().error.message]).toEqual([url, 400, "Ziel nicht erlaubt: die Adresse ist privat, lokal oder gehört zum Rechenzentrum."]);
    }
    const port = await strict("POST", "/api/alert-channels", { kind: "webhook", name: "Port", url: "https://8.8.8.8:6379/" });
    expect(port.json().error.message).toBe("Ziel nicht erlaubt: nur die Ports 80, 443, 8080 und 8443.");
    expect((await strict("GET", "/api/alert-channels")).json<AlertChannelListResponse>().channels).toEqual([]);
  });

  it("answers a webhook's signing key once; the test message is signed with it and shows in the delivery log", async () => {
    const created = await anna("POST", "/api/alert-channels", { kind: "webhook", name: "Eigener Server", url: `${hookBase}/dsbot` });
    expect(created.statusCode, created.body).toBe(201);
    const { channel, signingKey } = created.json<AlertChannelCreatedResponse>();
    expect(signingKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(channel.target).toBe(`${hookBase}/dsbot`);
    const listed = await anna("GET", "/api/alert-channels");
    expect(listed.body).not.toContain(signingKey!);

    const test = await anna("POST", `/api/alert-channels/${channel.id}/test`);
    expect([test.statusCode, test.json()]).toEqual([202, { message: "Testnachricht ist unterwegs – das Ergebnis steht gleich im Zustellprotokoll." }]);
    const pending = (await anna("GET", `/api/alert-channels/${channel.id}/deliveries`)).json<AlertDeliveryListResponse>().deliveries;
    expect(pending).toMatchObject([{ event: "test", title: "Testnachricht von dsbot", status: "pending", attempts: 0 }]);

    // The other channels point nowhere reachable (their hosts are the test app's port 9): only this one is asked.
    await nextRound();
    const hit = hits.at(-1)!;
    expect(hit.headers["x-dsbot-signature"]).toBe(`sha256=${createHmac("sha256", signingKey!).update(`${hit.headers["x-dsbot-timestamp"]}.${hit.body}`).digest("hex")}`);
    expect(JSON.parse(hit.body)).toMatchObject({ event: "test", title: "Testnachricht von dsbot", text: "Wenn du das liest, kommen Benachrichtigungen über „Eigener Server“ an." });
    const log = (await anna("GET", `/api/alert-channels/${channel.id}/deliveries`)).json<AlertDeliveryListResponse>().deliveries;
    expect(log).toMatchObject([{ status: "delivered", attempts: 1, lastStatus: 204, lastError: null }]);
    expect((await anna("GET", "/api/alert-channels")).json<AlertChannelListResponse>().channels.find((c) => c.id === channel.id)?.lastDelivery).toMatchObject({ status: "delivered" });
  });

  it("switches a channel off and renames it; a switched-off channel still takes its test message", async () => {
    const { channels } = (await anna("GET", "/api/alert-channels")).json<AlertChannelListResponse>();
    const hook = channels.find((c) => c.name === "Eigener Server")!;
    const off = await anna("PATCH", `/api/alert-channels/${hook.id}`, { enabled: false, name: "Server (aus)" });
    expect(off.json()).toMatchObject({ channel: { enabled: false, name: "Server (aus)" } });
    expect((await anna("PATCH", `/api/alert-channels/${hook.id}`, {})).statusCode).toBe(400);
    const before = hits.length;
    expect((await anna("POST", `/api/alert-channels/${hook.id}/test`)).statusCode).toBe(202);
    await nextRound();
    expect(hits.length).toBe(before + 1);
  });

  it("keeps at most ten channels a user, and deletes one", async () => {
    const bert = (await person(app)).call;
    for (let i = 0; i < ALERT_CHANNELS_MAX; i++) {
      expect((await bert("POST", "/api/alert-channels", { kind: "telegram", name: `Kanal ${i}`, botToken: TELEGRAM_TOKEN, chatId: String(i + 1) })).statusCode).toBe(201);
    }
    const more = await bert("POST", "/api/alert-channels", { kind: "telegram", name: "Einer zu viel", botToken: TELEGRAM_TOKEN, chatId: "99" });
    expect([more.statusCode, more.json().error.message]).toEqual([409, "Höchstens 10 Kanäle je Benutzer."]);
    const [first] = (await bert("GET", "/api/alert-channels")).json<AlertChannelListResponse>().channels;
    expect((await bert("DELETE", `/api/alert-channels/${first!.id}`)).statusCode).toBe(204);
    expect((await bert("DELETE", `/api/alert-channels/${first!.id}`)).statusCode).toBe(404);
    expect((await anna("DELETE", `/api/alert-channels/${first!.id + 1}`)).statusCode).toBe(404);
  });

  it("writes no secret into a log line", async () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(DISCORD_TOKEN);
    expect(text).not.toContain(TELEGRAM_TOKEN.split(":")[1]);
  });
});
