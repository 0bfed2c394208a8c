// Notifications about bots over real sockets: a bot that drops without a stop and a bot that needs
// its player notify the bot's owner and the users it is shared with, and no one else: not a stranger,
// and not an admin, who sees every bot live but is not notified about other people's bots. A line the
// bot writes to its log reaches everyone who sees the bot live (admins too) as `bot-logs-updated`.
import type { BotLogListResponse, Notification } from "@dsbot/protocol";
import { botLogMessages, notificationListResponseSchema } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { ack, openSocket, runningBot, settle, waitForMessage } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";
import { notificationTexts } from "../notifications/notification-texts.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const inject = (token: string, method: "GET" | "POST", path: string) => app.fastify.inject({ method, url: path, headers: bearer(token) });

async function notificationsOf(token: string): Promise<Notification[]> {
  return notificationListResponseSchema.parse((await inject(token, "GET", "/api/user-notifications")).json()).notifications;
}

/** Owner, a user the bot was granted to, a stranger and an admin, each with a website socket; the bot is online. */
async function audience(name: string) {
  const [owner, granted, stranger] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
  const tokens = {
    owner: await loginAs(app, owner),
    granted: await loginAs(app, granted),
    stranger: await loginAs(app, stranger),
    admin: await loginAdmin(app),
  };
  const running = await runningBot(app, url, tokens.owner, sockets, name);
  const grant = await inject(tokens.owner, "POST", `/api/dsbot/${running.bot.id}/permission/user/${granted.id}`);
  expect(grant.statusCode).toBe(204);
  const web = {
    owner: openSocket(url, { token: tokens.owner, origin: "website" }, sockets),
    granted: openSocket(url, { token: tokens.granted, origin: "website" }, sockets),
    stranger: openSocket(url, { token: tokens.stranger, origin: "website" }, sockets),
    admin: openSocket(url, { token: tokens.admin, origin: "website" }, sockets),
  };
  for (const socket of Object.values(web)) expect(await socket.outcome).toBe("connected");
  return { ...running, tokens, web };
}

describe("a bot that loses its connection", () => {
  it("notifies owner and granted users (each on their own socket), not a stranger or an admin", async () => {
    const s = await audience("Verlierer");
    s.botSocket.socket.disconnect();
    const expected = notificationTexts.botOffline("Verlierer");
    expect(expected.message).toBe('Der Bot "Verlierer" hat die Verbindung verloren und ist nun offline.');
    for (const who of ["owner", "granted"] as const) {
      const pushed = await waitForMessage(s.web[who], "notification-created", (d) => d.notification.message === expected.message);
      expect(pushed.data.notification).toMatchObject({ title: expected.title, read: false, link: { kind: "bot", dsbotId: s.bot.id } });
      const stored = await notificationsOf(s.tokens[who]);
      expect(stored).toContainEqual(pushed.data.notification);
    }
    await settle();
    for (const who of ["stranger", "admin"] as const) {
      expect(s.web[who].messages("notification-created")).toEqual([]);
      expect(await notificationsOf(s.tokens[who])).not.toContainEqual(expect.objectContaining({ message: expected.message }));
    }
    // Each user got exactly their own notification, not everyone's. (The grantee's socket may also hold
    // the grant's own notification: its push can reach a socket opened after the grant, via the adapter.)
    const offlineIds = (who: "owner" | "granted") =>
      s.web[who]
        .messages("notification-created")
        .filter((m) => m.data.notification.message === expected.message)
        .map((m) => m.data.notification.id);
    const ownerIds = offlineIds("owner");
    const grantedIds = offlineIds("granted");
    expect(ownerIds).toHaveLength(1);
    expect(grantedIds).toHaveLength(1);
    expect(ownerIds[0]).not.toBe(grantedIds[0]);
  });

  it("does not notify when the bot was stopped or force-stopped", async () => {
    const s = await audience("Gestoppt");
    await inject(s.tokens.owner, "POST", `/api/dsbot/${s.bot.id}/force-stop`);
    await waitForMessage(s.web.owner, "botUpdateStatus", (d) => d.dsbot.status === "offline");
    await waitForMessage(s.web.owner, "bot-connection-deleted", (d) => d.dsbotId === s.bot.id);
    await settle();
    expect(s.web.owner.messages("notification-created")).toEqual([]);
    expect(await notificationsOf(s.tokens.owner)).toEqual([]);
  });
});

describe("bot:needs-player", () => {
  it("logs the reason and notifies the bot's audience", async () => {
    const s = await audience("Rätselbot");
    const answer = await ack<{ notified: number }>(s.botSocket, "bot:needs-player", { reason: "captcha", message: "Dorf 500|500" });
    expect(answer.ok).toBe(true);
    const expected = notificationTexts.botNeedsPlayer("Rätselbot", "captcha", "Dorf 500|500");
    expect(expected.message).toMatch(/^Der Bot "Rätselbot" braucht dich: Captcha/);
    for (const who of ["owner", "granted"] as const) {
      const pushed = await waitForMessage(s.web[who], "notification-created", (d) => d.notification.message === expected.message);
      expect(pushed.data.notification).toMatchObject({ title: expected.title, message: expected.message, read: false });
    }
    if (answer.ok) expect(answer.notified).toBe(2);
    // The owner's links to the tab request the bot made (where the game opens), the grantee's to the bot.
    const [request] = (await inject(s.tokens.owner, "GET", "/api/tab-requests")).json<{ tabRequests: { id: number; dsbot: { id: number } | null }[] }>().tabRequests;
    expect(request?.dsbot?.id).toBe(s.bot.id);
    const [ownerNote] = (await notificationsOf(s.tokens.owner)).filter((n) => n.message === expected.message);
    const [grantedNote] = (await notificationsOf(s.tokens.granted)).filter((n) => n.message === expected.message);
    expect(ownerNote?.link).toEqual({ kind: "tab-request", tabRequestId: request?.id });
    expect(grantedNote?.link).toEqual({ kind: "bot", dsbotId: s.bot.id });
    await settle();
    expect(s.web.stranger.messages("notification-created")).toEqual([]);
    expect(s.web.admin.messages("notification-created")).toEqual([]);
    const logs = (await inject(s.tokens.owner, "GET", `/api/dsbot/${s.bot.id}/logs`)).json<BotLogListResponse>().logs;
    expect(logs[0]).toMatchObject({ level: "warn", message: botLogMessages.needsPlayer("Captcha", "Dorf 500|500"), username: null });
  });

  it("names each reason in German and refuses an unknown reason", async () => {
    const s = await audience("Schutzbot");
    expect(await ack(s.botSocket, "bot:needs-player", { reason: "bot_protection" })).toMatchObject({ ok: true });
    const pushed = await waitForMessage(s.web.owner, "notification-created");
    expect(pushed.data.notification.message).toBe('Der Bot "Schutzbot" braucht dich: Bot-Schutz – bitte bestätige im Spiel, dass du kein Bot bist.');
    expect(await ack(s.botSocket, "bot:needs-player", { reason: "invalid_credentials" })).toMatchObject({ ok: true });
    await waitForMessage(s.web.owner, "notification-created", (d) => d.notification.message.includes("Zugangsdaten"));
    const bad = await ack(s.botSocket, "bot:needs-player", { reason: "langeweile" });
    expect(bad).toMatchObject({ ok: false, error: { code: "bad_request" } });
    await settle();
    expect(await notificationsOf(s.tokens.owner)).toHaveLength(2);
  });
  it("100 events of one reason leave one unread notification per stakeholder, with the latest message", async () => {
    const s = await audience("Dauerbot");
    for (let i = 1; i <= 100; i++) {
      expect(await ack(s.botSocket, "bot:needs-player", { reason: "captcha", message: `Versuch ${i}` })).toEqual({ ok: true, notified: 2 });
    }
    for (const who of ["owner", "granted"] as const) {
      const { title } = notificationTexts.botNeedsPlayer("Dauerbot", "captcha");
      const stored = (await notificationsOf(s.tokens[who])).filter((n) => n.title === title);
      expect(stored).toEqual([expect.objectContaining({ message: notificationTexts.botNeedsPlayer("Dauerbot", "captcha", "Versuch 100").message, read: false })]);
      // Every push named that one notification.
      const pushed = s.web[who].messages("notification-created").filter((m) => m.data.notification.title === title);
      expect(new Set(pushed.map((m) => m.data.notification.id))).toEqual(new Set([stored[0]!.id]));
    }
    // Once read, the next request is news again.
    expect((await inject(s.tokens.owner, "POST", "/api/user-notifications/mark-as-read")).statusCode).toBe(200);
    await ack(s.botSocket, "bot:needs-player", { reason: "captcha", message: "Nach dem Lesen" });
    expect(await notificationsOf(s.tokens.owner)).toHaveLength(2);
  });
});

describe("a line the bot writes to its log", () => {
  it("tells everyone who may see the bot (an admin too) that its log changed, not a stranger", async () => {
    const s = await audience("Schreiber");
    expect(await ack(s.botSocket, "bot:log", { level: "info", message: "Raubzug: 1 Raubzug in 1 Dorf geschickt" })).toMatchObject({ ok: true });
    for (const who of ["owner", "granted", "admin"] as const) await waitForMessage(s.web[who], "bot-logs-updated", (d) => d.dsbotId === s.bot.id);
    await settle();
    expect(s.web.stranger.messages("bot-logs-updated")).toEqual([]);
  });
});
