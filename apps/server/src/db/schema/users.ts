// Users and their sign-in: accounts, web sessions, login attempts, request counters, notifications.
import { sql } from "drizzle-orm";
import type { NotificationLink } from "@dsbot/protocol";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns.js";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /** `usernameKey(username)` of the protocol: the one case-insensitive form, computed in JS only. */
    usernameKey: text("username_key").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "user"] }).notNull().default("user"),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    ...timestamps,
  },
  // Usernames are unique regardless of case ("Admin" and "admin" are the same person). The key is
  // computed in JS, never with the database's lower(), whose rules depend on its locale.
  (t) => [
    uniqueIndex("users_username_key_idx").on(t.usernameKey),
    check("users_role_check", sql`${t.role} in ('admin', 'user')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Absolute expiry; the idle expiry is derived from lastUsedAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * Password guesses per username key + IP (logins and current-password checks). A row is written
 * before the password is verified and deleted again when it was right; a table (not memory) so the
 * limit survives restarts and holds across instances.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    usernameKey: text("username_key").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_key_idx").on(t.usernameKey, t.ip, t.createdAt),
    index("login_attempts_created_at_idx").on(t.createdAt),
  ],
);

/** Fixed-window request counters (device codes per IP, username lookups per user …), one row per key. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: tz("window_start").notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * A user's notifications (the bell's menu in the header); read_at NULL = unread. A `topic` (e.g. one plan's
 * access) keeps at most one unread notification per user: news on the topic updates it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    topic: text("topic"),
    /** What the notification is about (the protocol's NotificationLink), for the menu's link; null: nothing to open. */
    link: jsonb("link").$type<NotificationLink>(),
    /** The alert it is (the protocol's AlertEvent): a trigger queues it for the user's channels by their rules (db/schema/alerts.ts). */
    alertEvent: text("alert_event"),
    readAt: tz("read_at"),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt),
    uniqueIndex("notifications_unread_topic_idx").on(t.userId, t.topic).where(sql`${t.topic} is not null and ${t.readAt} is null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
