// Bots: the bots with their modules and grants, logs, runner tokens and device codes,
// live socket connections and the troops of their last inventory scan.
import type { BotUsage, ScavengeVillageReport, UnitCounts, VillageState } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns.js";
import { users } from "./users.js";

/** Per module: whether it runs and its config as the module's schema outputs it (without `enabled`). */
export type StoredModules = Record<string, { enabled: boolean; config: Record<string, unknown> }>;

export const dsbots = pgTable(
  "dsbots",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerName: text("player_name").notNull(),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    /** The owner's own notes on the bot (general settings). */
    notes: text("notes").notNull().default(""),
    /** NULL = never started; counts as offline. */
    status: text("status", { enum: ["online", "offline", "paused", "starting", "stopping"] }),
    modules: jsonb("modules").$type<StoredModules>().notNull().default({}),
    /**
     * The runner token whose runner was told to start the bot (set by the start, cleared when the bot
     * goes offline): only a bot socket of that token is accepted, so nobody else who may see the bot
     * can take over its live socket (docs/SECURITY.md, "A bot socket belongs to the runner that started it").
     */
    startedByRunnerTokenId: integer("started_by_runner_token_id").references(() => runnerTokens.id, { onDelete: "set null" }),
    /**
     * Since when the game's bot protection holds the bot (its runner reported "bot:protection"); the bot
     * is paused meanwhile. Cleared by any change to online, starting, stopping or offline.
     */
    protectedSince: tz("protected_since"),
    ...timestamps,
  },
  (t) => [
    index("dsbots_owner_id_idx").on(t.ownerId),
    check("dsbots_status_check", sql`${t.status} in ('online', 'offline', 'paused', 'starting', 'stopping')`),
  ],
);

export const dsbotPermissions = pgTable(
  "dsbot_permissions",
  {
    dsbotId: integer("dsbot_id")
      .notNull()
      .references(() => dsbots.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grantedAt: tz("granted_at").notNull().defaultNow(),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.dsbotId, t.userId] }), index("dsbot_permissions_user_id_idx").on(t.userId)],
);

export const dsbotLogs = pgTable(
  "dsbot_logs",
  {
    id: serial("id").primaryKey(),
    dsbotId: integer("dsbot_id")
      .notNull()
      .references(() => dsbots.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["debug", "info", "warn", "error"] }).notNull(),
    message: text("message").notNull(),
    /** The acting user; NULL when the bot or the server itself wrote the entry. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("dsbot_logs_dsbot_id_id_idx").on(t.dsbotId, t.id.desc())],
);

export const runnerTokens = pgTable(
  "runner_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** sha256 (hex) of the runner token; until the runner redeems its device code, of a random unused value. */
    tokenHash: text("token_hash").notNull().unique(),
    /** runner: bot-user and bot sockets and the userscript's overview; userscript: that overview only. */
    scope: text("scope", { enum: ["runner", "userscript"] }).notNull().default("runner"),
    createdAt: tz("created_at").notNull().defaultNow(),
    lastSeenAt: tz("last_seen_at"),
    revokedAt: tz("revoked_at"),
  },
  (t) => [
    index("runner_tokens_user_id_idx").on(t.userId),
    check("runner_tokens_scope_check", sql`${t.scope} in ('runner', 'userscript')`),
  ],
);

export const deviceCodes = pgTable(
  "device_codes",
  {
    id: serial("id").primaryKey(),
    deviceCodeHash: text("device_code_hash").notNull().unique(),
    userCode: text("user_code").notNull().unique(),
    runnerName: text("runner_name").notNull(),
    /** What the approved token may do (runner_tokens.scope), as the device request asked. */
    scope: text("scope", { enum: ["runner", "userscript"] }).notNull().default("runner"),
    /** The address that asked for the code: open codes are capped per address. */
    requestedByIp: text("requested_by_ip"),
    status: text("status", { enum: ["pending", "approved", "denied", "consumed"] }).notNull().default("pending"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    runnerTokenId: integer("runner_token_id").references(() => runnerTokens.id, { onDelete: "cascade" }),
    expiresAt: tz("expires_at").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
    lastPolledAt: tz("last_polled_at"),
  },
  (t) => [
    index("device_codes_expires_at_idx").on(t.expiresAt),
    index("device_codes_requested_by_ip_idx").on(t.requestedByIp, t.expiresAt),
    check("device_codes_status_check", sql`${t.status} in ('pending', 'approved', 'denied', 'consumed')`),
    check("device_codes_scope_check", sql`${t.scope} in ('runner', 'userscript')`),
  ],
);

/**
 * Live sockets of runners (one row per announced bot, origin bot-user) and bots (origin bot). Rows
 * live exactly as long as their socket; a single instance drops all rows at start. With several
 * instances this needs an instance id column (delete only its own rows at start, and heartbeat rows).
 */
export const websocketConnections = pgTable(
  "websocket_connections",
  {
    id: serial("id").primaryKey(),
    origin: text("origin", { enum: ["bot", "bot-user"] }).notNull(),
    dsbotId: integer("dsbot_id")
      .notNull()
      .references(() => dsbots.id, { onDelete: "cascade" }),
    runnerTokenId: integer("runner_token_id")
      .notNull()
      .references(() => runnerTokens.id, { onDelete: "cascade" }),
    socketId: text("socket_id").notNull(),
    /** The server instance holding the socket (server_instances.id): a dead instance's rows go with it. */
    instanceId: text("instance_id").notNull().default(""),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("websocket_connections_dsbot_id_idx").on(t.dsbotId),
    index("websocket_connections_instance_id_idx").on(t.instanceId),
    index("websocket_connections_socket_id_idx").on(t.socketId),
    index("websocket_connections_runner_token_id_idx").on(t.runnerTokenId),
    check("websocket_connections_origin_check", sql`${t.origin} in ('bot', 'bot-user')`),
  ],
);

/**
 * Truppen: the units at home per bot and village from the bot's latest inventory scan
 * ("bot:troops"). A report replaces the bot's rows; villages it no longer lists vanish with them.
 */
export const botTroops = pgTable(
  "bot_troops",
  {
    dsbotId: integer("dsbot_id")
      .notNull()
      .references(() => dsbots.id, { onDelete: "cascade" }),
    /** The world's village id. */
    villageId: integer("village_id").notNull(),
    x: smallint("x").notNull(),
    y: smallint("y").notNull(),
    name: text("name").notNull(),
    units: jsonb("units").$type<UnitCounts>().notNull(),
    /** Everything in the village with supports, own units elsewhere and in commands (null: not reported). */
    inVillage: jsonb("in_village").$type<UnitCounts>(),
    outside: jsonb("outside").$type<UnitCounts>(),
    onTheWay: jsonb("on_the_way").$type<UnitCounts>(),
    scannedAt: tz("scanned_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dsbotId, t.villageId] }), index("bot_troops_village_id_idx").on(t.villageId)],
);
export type BotTroopsRow = typeof botTroops.$inferSelect;

export type DsbotRow = typeof dsbots.$inferSelect;
export type DsbotLogRow = typeof dsbotLogs.$inferSelect;
export type RunnerTokenRow = typeof runnerTokens.$inferSelect;
export type DeviceCodeRow = typeof deviceCodes.$inferSelect;
export type WebsocketConnectionRow = typeof websocketConnections.$inferSelect;

/**
 * The bot's villages as its last inventory scan saw them (the "Dörfer" tab): one row per
 * village, replaced part by part ("bot:villages"); the scan's last part drops the villages it no
 * longer listed (an older `scanned_at`).
 */
export const botVillages = pgTable(
  "bot_villages",
  {
    dsbotId: integer("dsbot_id")
      .notNull()
      .references(() => dsbots.id, { onDelete: "cascade" }),
    villageId: integer("village_id").notNull(),
    x: smallint("x").notNull(),
    y: smallint("y").notNull(),
    name: text("name").notNull(),
    units: jsonb("units").$type<UnitCounts>().notNull(),
    state: jsonb("state").$type<VillageState>().notNull(),
    scannedAt: tz("scanned_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dsbotId, t.villageId] })],
);
export type BotVillageRow = typeof botVillages.$inferSelect;

/** A bot's last request budget report ("bot:usage"): one row per bot, replaced each minute it runs. */
export const botUsage = pgTable("bot_usage", {
  dsbotId: integer("dsbot_id")
    .primaryKey()
    .references(() => dsbots.id, { onDelete: "cascade" }),
  usage: jsonb("usage").$type<BotUsage>().notNull(),
  reportedAt: tz("reported_at").notNull(),
});

/** The villages' Raubzug options as the bot's Raubzug module last left them ("bot:scavenge"): one row per bot. */
export const botScavenge = pgTable("bot_scavenge", {
  dsbotId: integer("dsbot_id")
    .primaryKey()
    .references(() => dsbots.id, { onDelete: "cascade" }),
  villages: jsonb("villages").$type<ScavengeVillageReport[]>().notNull(),
  scannedAt: tz("scanned_at").notNull(),
});

/**
 * What a bot did per day of its world's server time, per runner session ("bot:activity": the session's
 * running totals, each report replacing its row); the daily report adds a day's sessions up.
 */
export const botActivity = pgTable(
  "bot_activity",
  {
    dsbotId: integer("dsbot_id")
      .notNull()
      .references(() => dsbots.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    session: text("session").notNull(),
    haulWood: bigint("haul_wood", { mode: "number" }).notNull().default(0),
    haulStone: bigint("haul_stone", { mode: "number" }).notNull().default(0),
    haulIron: bigint("haul_iron", { mode: "number" }).notNull().default(0),
    buildings: integer("buildings").notNull().default(0),
    units: jsonb("units").$type<UnitCounts>().notNull().default({}),
    attacks: integer("attacks").notNull().default(0),
    scavengeSquads: integer("scavenge_squads").notNull().default(0),
    scavengeHaul: bigint("scavenge_haul", { mode: "number" }).notNull().default(0),
    reportedAt: tz("reported_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dsbotId, t.day, t.session] }), index("bot_activity_reported_idx").on(t.reportedAt)],
);
