// A user's alert channels: always the caller's own (another user's channel answers 404, admins
// included). Secrets go in sealed (secret-box.ts) and never come out: the answers show where a channel
// goes without them, and a webhook's signing key is answered once, when it is made. A webhook's
// address passes the target guard when it is saved, and again on every send. An e-mail address gets a
// six-digit code (sealed, 30 minutes, five tries) and nothing else until the code confirms it.
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { AlertChannel, AlertChannelCreate, AlertChannelUpdate, AlertDelivery } from "@dsbot/protocol";
import { ALERT_CHANNELS_MAX, ALERT_DELIVERIES_SHOWN, ALERT_EMAIL_CODE_MINUTES, ALERT_EMAIL_CODE_TRIES, alertChannelMessages, alertDeliveryMessages, DISCORD_WEBHOOK_PATTERN } from "@dsbot/protocol";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Config } from "../../core/config.js";
import type { Database } from "../../db/client.js";
import { alertChannels, alertOutbox } from "../../db/schema.js";
import type { AlertChannelRow, AlertOutboxRow } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import type { AlertSecrets } from "./alert-senders.js";
import { secretBoxOf } from "./secret-box.js";
import { checkWebTarget, TargetRefusedError } from "./target-guard.js";

type ChannelConfig = Pick<Config, "allowPrivateTargets" | "secretKey" | "dataDir" | "smtp">;

function target(row: Pick<AlertChannelRow, "kind" | "settings">): string {
  if (row.kind === "discord") return `Webhook ${row.settings.webhookId ?? ""}`;
  if (row.kind === "telegram") return `Chat ${row.settings.chatId ?? ""}`;
  if (row.kind === "email") return row.settings.address ?? "";
  return row.settings.url ?? "";
}

/** Every kind but e-mail is confirmed as it is made; an e-mail address by its code. */
const isConfirmed = (row: Pick<AlertChannelRow, "kind" | "settings">) => row.kind !== "email" || row.settings.confirmedAt !== undefined;

function presentDelivery(row: AlertOutboxRow): AlertDelivery {
  return {
    id: row.id,
    event: row.message.event,
    title: row.message.title,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    latencyMs: row.latencyMs,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function present(row: AlertChannelRow, last: AlertOutboxRow | null): AlertChannel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    confirmed: isConfirmed(row),
    target: target(row),
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { status: last.status, createdAt: last.createdAt.toISOString(), lastError: last.lastError } : null,
  };
}

async function lastDelivery(db: Database, channelId: number): Promise<AlertOutboxRow | null> {
  const [row] = await db.select().from(alertOutbox).where(eq(alertOutbox.channelId, channelId)).orderBy(desc(alertOutbox.id)).limit(1);
  return row ?? null;
}

export async function listChannels(db: Database, userId: number): Promise<AlertChannel[]> {
  const rows = await db.select().from(alertChannels).where(eq(alertChannels.userId, userId)).orderBy(alertChannels.id);
  return Promise.all(rows.map(async (row) => present(row, await lastDelivery(db, row.id))));
}

/** The caller's channel, or 404. */
async function ownChannel(db: Database, userId: number, id: number): Promise<AlertChannelRow> {
  if (id > MAX_SERIAL_ID) throw notFound(alertChannelMessages.notFound);
  const [row] = await db
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.id, id), eq(alertChannels.userId, userId)));
  if (!row) throw notFound(alertChannelMessages.notFound);
  return row;
}

/** The settings shown again and the secrets sealed, per kind; a webhook's signing key is made here. */
async function settingsAndSecrets(config: ChannelConfig, body: AlertChannelCreate): Promise<{ settings: Record<string, string>; secrets: object; signingKey?: string }> {
  if (body.kind === "discord") {
    const [, webhookId = "", token = ""] = DISCORD_WEBHOOK_PATTERN.exec(body.webhookUrl) ?? [];
    return { settings: { webhookId }, secrets: { webhookId, token } satisfies AlertSecrets["discord"] };
  }
  if (body.kind === "telegram") return { settings: { chatId: body.chatId }, secrets: { token: body.botToken } satisfies AlertSecrets["telegram"] };
  if (body.kind === "email") {
    if (!config.smtp) throw badRequest(alertChannelMessages.noEmail);
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const secrets: AlertSecrets["email"] = { code, expiresAt: Date.now() + ALERT_EMAIL_CODE_MINUTES * 60_000, tries: 0 };
    return { settings: { address: body.address }, secrets };
  }
  try {
    await checkWebTarget(body.url, { allowPrivate: config.allowPrivateTargets });
  } catch (error) {
    if (error instanceof TargetRefusedError) throw badRequest(alertDeliveryMessages.targetRefused[error.reason]);
    throw error;
  }
  const signingKey = randomBytes(32).toString("base64url");
  return { settings: { url: body.url }, secrets: { signingKey } satisfies AlertSecrets["webhook"], signingKey };
}

export async function createChannel(db: Database, config: ChannelConfig, userId: number, body: AlertChannelCreate): Promise<{ channel: AlertChannel; signingKey?: string }> {
  const [existing] = await db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.userId, userId));
  if ((existing?.n ?? 0) >= ALERT_CHANNELS_MAX) throw conflict(alertChannelMessages.tooMany);
  const { settings, secrets, signingKey } = await settingsAndSecrets(config, body);
  const sealed = (await secretBoxOf(config)).seal(JSON.stringify(secrets));
  // An e-mail address gets its code and nothing else until the code comes back.
  const [row] = await db.insert(alertChannels).values({ userId, kind: body.kind, name: body.name, settings, sealed, enabled: body.kind !== "email" }).returning();
  if (!row) throw new Error("channel not stored");
  if (body.kind === "email") await queueMessage(db, row.id, "confirm", alertChannelMessages.codeTitle, alertChannelMessages.codeText((secrets as AlertSecrets["email"]).code ?? ""));
  return { channel: present(row, null), ...(signingKey ? { signingKey } : {}) };
}

export async function updateChannel(db: Database, userId: number, id: number, body: AlertChannelUpdate): Promise<AlertChannel> {
  const channel = await ownChannel(db, userId, id);
  if (body.enabled === true && !isConfirmed(channel)) throw conflict(alertChannelMessages.unconfirmed);
  const [row] = await db
    .update(alertChannels)
    .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.enabled !== undefined ? { enabled: body.enabled } : {}) })
    .where(and(eq(alertChannels.id, id), eq(alertChannels.userId, userId)))
    .returning();
  if (!row) throw notFound(alertChannelMessages.notFound);
  return present(row, await lastDelivery(db, id));
}

export async function deleteChannel(db: Database, userId: number, id: number): Promise<void> {
  if (id > MAX_SERIAL_ID) throw notFound(alertChannelMessages.notFound);
  const gone = await db
    .delete(alertChannels)
    .where(and(eq(alertChannels.id, id), eq(alertChannels.userId, userId)))
    .returning({ id: alertChannels.id });
  if (gone.length === 0) throw notFound(alertChannelMessages.notFound);
  // A rule that named it names it no more.
  await db.execute(sql`update alert_rules set channel_ids = array_remove(channel_ids, ${id}) where user_id = ${userId} and ${id} = any(channel_ids)`);
}

async function queueMessage(db: Database, channelId: number, event: "test" | "confirm", title: string, text: string): Promise<void> {
  const message = { event, title, text, link: "/profile" };
  await db.execute(sql`
    insert into alert_outbox (channel_id, idempotency_key, message)
    values (${channelId}, ${`${event}:${randomUUID()}`}, ${JSON.stringify(message)}::jsonb)`);
}

/** Queues a test message for the channel, also when it is switched off (the test is what the player asked for); not to an unconfirmed address. */
export async function queueTest(db: Database, userId: number, id: number): Promise<void> {
  const channel = await ownChannel(db, userId, id);
  if (!isConfirmed(channel)) throw conflict(alertChannelMessages.unconfirmed);
  await queueMessage(db, channel.id, "test", alertChannelMessages.testTitle, alertChannelMessages.testText(channel.name));
}

/**
 * The code from the confirmation e-mail: right, the address is confirmed and the channel on; wrong, one
 * try less (400); expired or tried too often, a 409 (the channel has to be made again).
 */
export async function confirmChannel(db: Database, config: ChannelConfig, userId: number, id: number, codeOf: () => string): Promise<AlertChannel> {
  const channel = await ownChannel(db, userId, id);
  const code = codeOf();
  if (channel.kind !== "email") throw notFound(alertChannelMessages.notFound);
  if (isConfirmed(channel)) throw conflict(alertChannelMessages.alreadyConfirmed);
  const box = await secretBoxOf(config);
  const open = JSON.parse(box.open(channel.sealed)) as AlertSecrets["email"];
  const tries = open.tries ?? 0;
  if (!open.code || tries >= ALERT_EMAIL_CODE_TRIES || (open.expiresAt ?? 0) < Date.now()) throw conflict(alertChannelMessages.codeExpired);
  const right = timingSafeEqual(Buffer.from(code.padEnd(6)), Buffer.from(open.code.padEnd(6)));
  if (!right) {
    await db.update(alertChannels).set({ sealed: box.seal(JSON.stringify({ ...open, tries: tries + 1 })) }).where(eq(alertChannels.id, id));
    throw badRequest(alertChannelMessages.codeWrong, [{ path: "code", message: alertChannelMessages.codeWrong }]);
  }
  const [row] = await db
    .update(alertChannels)
    .set({ settings: { ...channel.settings, confirmedAt: new Date().toISOString() }, sealed: box.seal(JSON.stringify({})), enabled: true })
    .where(and(eq(alertChannels.id, id), eq(alertChannels.userId, userId)))
    .returning();
  if (!row) throw notFound(alertChannelMessages.notFound);
  return present(row, await lastDelivery(db, id));
}

export async function listDeliveries(db: Database, userId: number, id: number): Promise<AlertDelivery[]> {
  await ownChannel(db, userId, id);
  const rows = await db.select().from(alertOutbox).where(eq(alertOutbox.channelId, id)).orderBy(desc(alertOutbox.id)).limit(ALERT_DELIVERIES_SHOWN);
  return rows.map(presentDelivery);
}
