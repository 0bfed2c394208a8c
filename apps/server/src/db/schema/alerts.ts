// Alerts outside the browser: each user's channels (a Discord webhook, a Telegram chat, a webhook of
// their own) and the outbox every alert goes through (modules/alerts/alert-outbox.ts): written in the
// transaction of what it tells, sent at least once under its idempotency key, retried with backoff,
// kept as the channel's delivery log. A notification with an `alert_event` is queued by the trigger
// `notifications_alert` (migration 0035) in its own insert's transaction, by the user's rules
// (`alert_rules`: on or off, which channels, the least gap between two messages; none: on, every
// channel, 60 s, but "attack-soon" off) and quiet hours (`alert_settings`; noble trains and bot protection pass them).
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tz } from "./columns.js";
import type { NotificationLink } from "@dsbot/protocol";
import { users } from "./users.js";

export const alertChannels = pgTable(
  "alert_channels",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"discord" | "telegram" | "webhook" | "email">().notNull(),
    name: text("name").notNull(),
    /** What may be shown again: a Telegram chat id, a webhook's address, an e-mail address (and when it was confirmed). */
    settings: jsonb("settings").$type<Record<string, string>>().notNull(),
    /** The secrets (a Discord webhook's address, a Telegram bot token, a webhook's signing key, an e-mail address's open code), sealed (modules/alerts/secret-box.ts). */
    sealed: text("sealed").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** No send before this (the channel's pace, or a 429's Retry-After). */
    nextSendAt: tz("next_send_at").notNull().defaultNow(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("alert_channels_user_idx").on(t.userId), check("alert_channels_kind_check", sql`${t.kind} in ('discord', 'telegram', 'webhook', 'email')`)],
);
export type AlertChannelRow = typeof alertChannels.$inferSelect;

export interface AlertMessage {
  /** What happened ("noble-train", "test", …). */
  event: string;
  title: string;
  text: string;
  /** A path into dsbot ("/incomings"), made absolute with the server's address when sent. */
  link: string | null;
  /** A notification's link (its page is the link's path), when `link` is null. */
  about?: NotificationLink | null;
}

export const alertOutbox = pgTable(
  "alert_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channelId: integer("channel_id")
      .notNull()
      .references(() => alertChannels.id, { onDelete: "cascade" }),
    /** One message per key and channel, however often its event is told (a receiver may see it twice, never two messages). */
    idempotencyKey: text("idempotency_key").notNull(),
    message: jsonb("message").$type<AlertMessage>().notNull(),
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    /** The claim of the instance sending it now, until `leaseUntil`; after that another may take it. */
    claim: text("claim"),
    leaseUntil: tz("lease_until"),
    lastError: text("last_error"),
    /** The last answer's HTTP status, and how long the send took (the delivery log). */
    lastStatus: integer("last_status"),
    latencyMs: integer("latency_ms"),
    createdAt: tz("created_at").notNull().defaultNow(),
    finishedAt: tz("finished_at"),
  },
  (t) => [
    uniqueIndex("alert_outbox_key_idx").on(t.channelId, t.idempotencyKey),
    index("alert_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index("alert_outbox_channel_idx").on(t.channelId, t.createdAt),
    check("alert_outbox_status_check", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
export type AlertOutboxRow = typeof alertOutbox.$inferSelect;

export const alertRules = pgTable(
  "alert_rules",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    enabled: boolean("enabled").notNull(),
    /** Null: every channel that is on. */
    channelIds: integer("channel_ids").array(),
    minGapSeconds: integer("min_gap_seconds").notNull(),
    /** "attack-soon": minutes before an attack lands; null: the default. */
    leadMinutes: smallint("lead_minutes"),
    /** "daily-report": its time of day in minutes after midnight (world's server time); null: the default. */
    reportMinute: smallint("report_minute"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);
export type AlertRuleRow = typeof alertRules.$inferSelect;

export const alertSettings = pgTable("alert_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Quiet hours in minutes of the day, in `zone`; null: none. */
  quietFrom: smallint("quiet_from"),
  quietTo: smallint("quiet_to"),
  zone: text("zone").notNull(),
});
export type AlertSettingsRow = typeof alertSettings.$inferSelect;

/**
 * The attacks a user was told of by "attack-soon" (modules/alerts/attack-soon.ts), one row per user and
 * attack (world, both villages, arrival: a bot's rescan or a paste of the same command is the same
 * attack). Claimed with an insert, so several instances tell each once; a day later the rows go.
 */
export const attackSoonAlerts = pgTable(
  "attack_soon_alerts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attackKey: text("attack_key").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attackKey] }), index("attack_soon_alerts_created_idx").on(t.createdAt)],
);
