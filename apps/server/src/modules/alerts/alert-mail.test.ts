// E-mail alerts against a local SMTP server (the smtp-server package): the address is confirmed by the
// code its first mail carries and gets nothing else before; then alerts arrive as mails with their
// delivery key. A 5xx answer is final, a 4xx is tried again; the SMTP server's address passes the
// target guard (a private one is refused without a connection unless private targets are allowed);
// without SMTP there is no e-mail channel. The code never comes back in an answer.
import type { AddressInfo } from "node:net";
import type { AlertChannel } from "@dsbot/protocol";
import { alertChannelMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import type { SmtpConfig } from "../../core/config.js";
import { alertOutbox } from "../../db/schema.js";
import { createChannel } from "./alert-channels.service.js";
import { deliverDue, enqueueAlert, type DeliveryContext } from "./alert-outbox.js";

interface Mail {
  to: string[];
  raw: string;
}

const mails: Mail[] = [];
let connections = 0;
/** An SMTP reply code the next recipients are refused with (null: accepted). */
let refuseWith: number | null = null;
let smtpServer: SMTPServer;
let smtp: SmtpConfig;
let app: TestApp;

beforeAll(async () => {
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (refuseWith === null) return callback();
      callback(Object.assign(new Error(refuseWith >= 500 ? "Postfach unbekannt" : "Postfach voll, später"), { responseCode: refuseWith }));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtpServer.listen(0, "127.0.0.1", resolve));
  const port = (smtpServer.server.address() as AddressInfo).port;
  smtp = { host: "127.0.0.1", port, security: "none", from: "dsbot <alarm@dsbot.test>" };
  app = await createTestApp({ allowPrivateTargets: true, smtp });
});
afterAll(async () => {
  await app?.dispose();
  await new Promise<void>((resolve) => (smtpServer ? smtpServer.close(() => resolve()) : resolve()));
});

const call = (token: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  app.fastify.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const context = (overrides: Partial<DeliveryContext["config"]> = {}): DeliveryContext => ({ db: app.db, events: app.ctx.events, config: { ...app.ctx.config, ...overrides } });
/** The next round: a row stamped by PostgreSQL (microseconds) in this very millisecond is due by then. */
const soon = () => new Date(Date.now() + 1_000);
const codeIn = (mail: Mail | undefined) => /Dein Code: (\d{6})/.exec(mail?.raw ?? "")?.[1] ?? "";
const message = { event: "noble-train", title: "Adelung erkannt", text: "Auf dein Dorf Alpha (500|500) läuft ein Adelszug.", link: "/incomings" };

async function emailChannel(token: string, address: string): Promise<AlertChannel> {
  const created = await call(token, "POST", "/api/alert-channels", { kind: "email", name: "Mail", address });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ channel: AlertChannel }>().channel;
}

describe("e-mail alerts", () => {
  it("confirms the address by its code, sends nothing else before, then delivers alerts with their key", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const channel = await emailChannel(token, "anna@example.org");
    expect(channel).toMatchObject({ kind: "email", target: "anna@example.org", enabled: false, confirmed: false });

    expect(await deliverDue(context(), soon())).toMatchObject({ delivered: 1 });
    const first = mails.at(-1);
    expect(first?.to).toEqual(["anna@example.org"]);
    expect(first?.raw).toMatch(/^X-Dsbot-Event: confirm\r?$/m);
    expect(first?.raw).toMatch(/^Subject: =\?UTF-8\?Q\?dsbot=3A_Dein_Best=C3=A4tigungscode/m);
    const code = codeIn(first);
    expect(code).toMatch(/^\d{6}$/);
    // The code is in no answer: not the list, not the delivery log.
    for (const url of ["/api/alert-channels", `/api/alert-channels/${channel.id}/deliveries`]) expect((await call(token, "GET", url)).body).not.toContain(code);

    // Nothing but the code before it comes back.
    expect((await call(token, "PATCH", `/api/alert-channels/${channel.id}`, { enabled: true })).json()).toMatchObject({ error: { message: alertChannelMessages.unconfirmed } });
    expect((await call(token, "POST", `/api/alert-channels/${channel.id}/test`)).statusCode).toBe(409);
    expect(await enqueueAlert(app.db, user.id, "vorher", message)).toBe(0);

    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await call(token, "POST", `/api/alert-channels/${channel.id}/confirm`, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: alertChannelMessages.codeWrong, issues: [{ path: "code" }] } });
    expect((await call(token, "POST", `/api/alert-channels/${channel.id}/confirm`, { code: "12a" })).json()).toMatchObject({ error: { message: alertChannelMessages.codeFormat } });
    const confirmed = await call(token, "POST", `/api/alert-channels/${channel.id}/confirm`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ channel: AlertChannel }>().channel).toMatchObject({ enabled: true, confirmed: true });
    expect((await call(token, "POST", `/api/alert-channels/${channel.id}/confirm`, { code })).json()).toMatchObject({ error: { message: alertChannelMessages.alreadyConfirmed } });

    expect(await enqueueAlert(app.db, user.id, "noble:7", message)).toBe(1);
    expect(await deliverDue(context(), soon())).toMatchObject({ delivered: 1 });
    const alert = mails.at(-1);
    expect(alert?.to).toEqual(["anna@example.org"]);
    expect(alert?.raw).toMatch(/^X-Dsbot-Delivery: noble:7\r?$/m);
    expect(alert?.raw).toMatch(/^Subject: dsbot: Adelung erkannt\r?$/m);
    expect(alert?.raw).toContain("/incomings");
    // Another user's channel is not theirs to confirm.
    const other = await loginAs(app, await createUser(app));
    expect((await call(other, "POST", `/api/alert-channels/${channel.id}/confirm`, { code })).statusCode).toBe(404);
  });

  it("ends the code after five wrong tries", async () => {
    const token = await loginAs(app, await createUser(app));
    const channel = await emailChannel(token, "bert@example.org");
    await deliverDue(context(), soon());
    const code = codeIn(mails.at(-1));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await call(token, "POST", `/api/alert-channels/${channel.id}/confirm`, { code: wrong })).statusCode).toBe(400);
    const late = await call(token, "POST", `/api/alert-channels/${channel.id}/confirm`, { code });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { message: alertChannelMessages.codeExpired } });
  });

  it("gives up on a 5xx at once and tries a 4xx again", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const channel = await emailChannel(token, "carla@example.org");
    try {
      refuseWith = 452;
      expect(await deliverDue(context(), soon())).toMatchObject({ retried: 1 });
      let [row] = await app.db.select().from(alertOutbox).where(eq(alertOutbox.channelId, channel.id));
      expect(row).toMatchObject({ status: "pending", lastStatus: 452 });
      expect(row?.lastError).toMatch(/^Vom Mailserver abgelehnt \(SMTP 452\): /);
      refuseWith = 550;
      expect(await deliverDue(context(), new Date(Date.now() + 60_000))).toMatchObject({ failed: 1 });
      [row] = await app.db.select().from(alertOutbox).where(eq(alertOutbox.channelId, channel.id));
      expect(row).toMatchObject({ status: "failed", lastStatus: 550 });
    } finally {
      refuseWith = null;
    }
  });

  it("refuses a private SMTP server without connecting unless private targets are allowed", async () => {
    const token = await loginAs(app, await createUser(app));
    const channel = await emailChannel(token, "dora@example.org");
    const before = connections;
    expect(await deliverDue(context({ allowPrivateTargets: false }), soon())).toMatchObject({ failed: 1 });
    expect(connections).toBe(before);
    const [row] = await app.db.select().from(alertOutbox).where(eq(alertOutbox.channelId, channel.id));
    expect(row?.lastError).toBe("Ziel nicht erlaubt: für E-Mail nur die Ports 25, 465, 587 und 2525.");
  });

  it("offers no e-mail channel without an SMTP server", async () => {
    const user = await createUser(app);
    const config = { ...app.ctx.config, smtp: undefined };
    await expect(createChannel(app.db, config, user.id, { kind: "email", name: "Mail", address: "eve@example.org" })).rejects.toMatchObject({
      statusCode: 400,
      message: alertChannelMessages.noEmail,
    });
    const token = await loginAs(app, user);
    expect((await app.fastify.inject({ method: "GET", url: "/api/client-config", headers: bearer(token) })).json()).toMatchObject({ emailAlerts: true });
  });
});
