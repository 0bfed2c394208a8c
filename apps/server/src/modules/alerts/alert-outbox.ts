// The alert outbox: every alert is a row per channel, written in the transaction of what it tells
// (`enqueueAlert` takes that transaction), under an idempotency key unique per channel, so telling the
// same thing twice makes one message. `deliverDue` runs every second on every instance: it claims due
// rows for a lease (one per channel and round and none while one is in flight, the channel's pace —
// Discord about 5 requests per 2 s per webhook, Telegram one message per second per chat — or a 429's
// Retry-After kept on the channel),
// oldest first (a switched-off channel only its test messages), sends each through the target guard,
// and finishes it only under its own claim. An instance that dies mid-send leaves a lease that runs
// out; then another sends it again under the same key (at least once; the receiver sees the key). Retries back off; after the last attempt, or an answer that will
// not change (a redirect, another 4xx, a refused target), the row fails and the bell tells its owner.
// The rows are the channel's delivery log.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { AlertChannelKind } from "@dsbot/protocol";
import { alertDeliveryMessages } from "@dsbot/protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "../../core/config.js";
import type { Database } from "../../db/client.js";
import { alertChannels, alertOutbox } from "../../db/schema.js";
import type { AlertChannelRow, AlertMessage, AlertOutboxRow } from "../../db/schema.js";
import type { NotifyContext } from "../notifications/index.js";
import { notificationTexts, notify } from "../notifications/index.js";
import type { AlertSecrets, SendOutcome } from "./alert-senders.js";
import { alertRequest, judgeAnswer } from "./alert-senders.js";
import { sendAlertMail } from "./alert-mail.js";
import { secretBoxOf } from "./secret-box.js";
import { checkWebTarget, postToTarget, TargetRefusedError } from "./target-guard.js";

export const ALERT_MAX_ATTEMPTS = 6;
/** Waits after the 1st … 5th failed attempt. */
export const ALERT_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
export const ALERT_LEASE_MS = 60_000;
export const ALERT_SEND_TIMEOUT_MS = 10_000;
export const ALERT_CLAIM_BATCH = 50;
export const ALERT_DELIVERY_INTERVAL_MS = 1_000;
/** The least time between two sends to one channel. */
export const ALERT_CHANNEL_PACE_MS: Record<AlertChannelKind, number> = { discord: 400, telegram: 1_000, webhook: 0, email: 0 };

type Executor = Pick<Database, "execute">;

/**
 * Queues `message` for each of the user's enabled channels (or those of `channelIds`); a key already
 * queued for a channel adds nothing. Pass the transaction that writes what the message tells. Answers
 * how many rows were added.
 */
export async function enqueueAlert(tx: Executor, userId: number, key: string, message: AlertMessage, channelIds?: readonly number[]): Promise<number> {
  const chosen = channelIds === undefined ? sql`true` : sql`c.id = any(${sql.param([...channelIds])}::int[])`;
  const result = await tx.execute(sql`
    insert into alert_outbox (channel_id, idempotency_key, message)
    select c.id, ${key}, ${JSON.stringify(message)}::jsonb from alert_channels c where c.user_id = ${userId} and c.enabled and ${chosen}
    on conflict (channel_id, idempotency_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export type DeliveryContext = NotifyContext & { config: Pick<Config, "allowPrivateTargets" | "alertHosts" | "secretKey" | "dataDir" | "port" | "publicUrl" | "smtp"> };

/** Messages a channel gets while switched off (or unconfirmed): the ones its player asked for. */
const alwaysSent = sql.raw(`('test', 'confirm')`);

/** The pace per channel kind, as SQL over the channel `c`. */
const paceSql = sql.raw(`case c.kind ${Object.entries(ALERT_CHANNEL_PACE_MS).map(([kind, ms]) => `when '${kind}' then ${ms}`).join(" ")} else 0 end`);

/**
 * Claims up to ALERT_CLAIM_BATCH due rows: the oldest of each channel whose pace allows a send now and
 * that has no message in flight (one at a time per channel, so a 429's hold covers the next one). The
 * channels are locked (`skip locked`) and paced in the same statement: rounds that run at once (the
 * loop and a test message's round, or two instances) never both take one channel. The last update
 * checks the row's state again: on PostgreSQL a round whose snapshot predates another's claim sees
 * the claimed row's newest version there, and leaves it.
 */
export async function claimDue(db: Database, now: Date, claim: string): Promise<AlertOutboxRow[]> {
  const lease = new Date(now.getTime() + ALERT_LEASE_MS);
  const result = await db.execute(sql`
    with ready as (
      select c.id from alert_channels c
      where c.next_send_at <= ${now}
        and exists (select 1 from alert_outbox o where o.channel_id = c.id and o.status = 'pending' and o.next_attempt_at <= ${now}
                      and (o.lease_until is null or o.lease_until < ${now}) and (c.enabled or o.message ->> 'event' in ${alwaysSent}))
        and not exists (select 1 from alert_outbox f where f.channel_id = c.id and f.status = 'pending' and f.lease_until >= ${now})
      order by c.next_send_at
      limit ${ALERT_CLAIM_BATCH}
      for update of c skip locked
    ), paced as (
      update alert_channels c set next_send_at = ${now}::timestamptz + (${paceSql} * interval '1 millisecond')
      where c.id in (select id from ready)
      returning c.id, c.enabled
    ), due as (
      select distinct on (o.channel_id) o.id
      from alert_outbox o join paced c on c.id = o.channel_id
      where o.status = 'pending' and o.next_attempt_at <= ${now} and (o.lease_until is null or o.lease_until < ${now})
        and (c.enabled or o.message ->> 'event' in ${alwaysSent})
      order by o.channel_id, o.id
    )
    update alert_outbox o set claim = ${claim}, lease_until = ${lease}, attempts = o.attempts + 1
    where o.id in (select id from due) and o.status = 'pending' and (o.lease_until is null or o.lease_until < ${now})
    returning o.id`);
  const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(alertOutbox).where(and(inArray(alertOutbox.id, ids), eq(alertOutbox.claim, claim)));
}

async function send(ctx: DeliveryContext, channel: AlertChannelRow, row: AlertOutboxRow, now: Date): Promise<SendOutcome & { status: number | null }> {
  const baseUrl = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  if (channel.kind === "email") {
    const mail = { to: channel.settings.address ?? "", message: row.message, key: row.idempotencyKey, baseUrl };
    return sendAlertMail(ctx.config.smtp, { allowPrivate: ctx.config.allowPrivateTargets }, mail);
  }
  let secrets: AlertSecrets[Exclude<AlertChannelKind, "email">];
  try {
    secrets = JSON.parse((await secretBoxOf(ctx.config)).open(channel.sealed)) as AlertSecrets[Exclude<AlertChannelKind, "email">];
  } catch {
    return { kind: "failed", error: alertDeliveryMessages.unreadable, status: null };
  }
  const request = alertRequest(channel.kind, secrets, { settings: channel.settings, message: row.message, key: row.idempotencyKey, baseUrl, hosts: ctx.config.alertHosts, now: now.getTime() });
  try {
    const target = await checkWebTarget(request.url, { allowPrivate: ctx.config.allowPrivateTargets });
    const answer = await postToTarget(target, request.body, { headers: request.headers, timeoutMs: ALERT_SEND_TIMEOUT_MS });
    return { ...judgeAnswer(answer), status: answer.status };
  } catch (error) {
    if (error instanceof TargetRefusedError) return { kind: "failed", error: alertDeliveryMessages.targetRefused[error.reason], status: null };
    return { kind: "retry", error: alertDeliveryMessages.noAnswer(error instanceof Error ? error.message : String(error)), status: null };
  }
}

/** Sends what is due now; answers how many rows were delivered, retried and given up. */
export async function deliverDue(ctx: DeliveryContext, now = new Date()): Promise<{ delivered: number; retried: number; failed: number }> {
  const claim = randomUUID();
  const rows = await claimDue(ctx.db, now, claim);
  const tally = { delivered: 0, retried: 0, failed: 0 };
  if (rows.length === 0) return tally;
  const channels = new Map((await ctx.db.select().from(alertChannels).where(inArray(alertChannels.id, [...new Set(rows.map((r) => r.channelId))]))).map((c) => [c.id, c]));
  await Promise.all(
    rows.map(async (row) => {
      const channel = channels.get(row.channelId);
      if (!channel) return;
      const started = performance.now();
      const outcome = await send(ctx, channel, row, now);
      const latencyMs = Math.round(performance.now() - started);
      const lastTry = row.attempts >= ALERT_MAX_ATTEMPTS;
      const status = outcome.kind === "delivered" ? "delivered" : outcome.kind === "failed" || lastTry ? "failed" : "pending";
      const wait = outcome.kind === "retry" ? (outcome.afterMs ?? ALERT_BACKOFF_MS[Math.min(row.attempts, ALERT_BACKOFF_MS.length) - 1] ?? 0) : 0;
      // A 429 holds the whole channel, not only this message: set while this row is still in flight, so
      // no round takes the channel's next message between the two writes.
      if (outcome.kind === "retry" && outcome.afterMs !== undefined) {
        await ctx.db.update(alertChannels).set({ nextSendAt: new Date(now.getTime() + outcome.afterMs) }).where(eq(alertChannels.id, channel.id));
      }
      const done = await ctx.db
        .update(alertOutbox)
        .set({
          status,
          claim: null,
          leaseUntil: null,
          lastStatus: outcome.status,
          latencyMs,
          lastError: outcome.kind === "delivered" ? null : outcome.error,
          nextAttemptAt: new Date(now.getTime() + wait),
          finishedAt: status === "pending" ? null : new Date(),
        })
        .where(and(eq(alertOutbox.id, row.id), eq(alertOutbox.claim, claim)))
        .returning({ id: alertOutbox.id });
      if (done.length === 0) return;
      tally[status === "delivered" ? "delivered" : status === "failed" ? "failed" : "retried"]++;
      if (status === "failed" && outcome.kind !== "delivered") {
        await notify(ctx, channel.userId, notificationTexts.alertGaveUp(row.message.title, channel.name, row.attempts, outcome.error));
      }
    }),
  );
  return tally;
}
