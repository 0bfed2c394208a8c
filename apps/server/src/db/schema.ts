// The database schema (PRODUCT §7): one definition for PGlite and PostgreSQL, migrations via drizzle-kit.
import type { GameConfig, UnitCounts, UnitInfo } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

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

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

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
    /** NULL = never started; counts as offline (spec §4). */
    status: text("status", { enum: ["online", "offline", "paused", "starting", "stopping"] }),
    modules: jsonb("modules").$type<StoredModules>().notNull().default({}),
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
    createdAt: tz("created_at").notNull().defaultNow(),
    lastSeenAt: tz("last_seen_at"),
    revokedAt: tz("revoked_at"),
  },
  (t) => [index("runner_tokens_user_id_idx").on(t.userId)],
);

export const deviceCodes = pgTable(
  "device_codes",
  {
    id: serial("id").primaryKey(),
    deviceCodeHash: text("device_code_hash").notNull().unique(),
    userCode: text("user_code").notNull().unique(),
    runnerName: text("runner_name").notNull(),
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
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("websocket_connections_dsbot_id_idx").on(t.dsbotId),
    index("websocket_connections_socket_id_idx").on(t.socketId),
    index("websocket_connections_runner_token_id_idx").on(t.runnerTokenId),
    check("websocket_connections_origin_check", sql`${t.origin} in ('bot', 'bot-user')`),
  ],
);

/** A user's notifications (spec §2 notification menu); read_at NULL = unread. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    readAt: tz("read_at"),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

/** Attack plans (PRODUCT §5, §6): a user's plan on one world; attacks and grants in the tables below. */
export const attackPlans = pgTable(
  "attack_plans",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    ...timestamps,
  },
  (t) => [index("attack_plans_owner_id_idx").on(t.ownerId)],
);

/** Who else may see (read) or change (edit) a plan, granted by its owner or an admin (like bots). */
export const attackPlanPermissions = pgTable(
  "attack_plan_permissions",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => attackPlans.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["read", "edit"] }).notNull().default("read"),
    grantedAt: tz("granted_at").notNull().defaultNow(),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.userId] }),
    index("attack_plan_permissions_user_id_idx").on(t.userId),
    check("attack_plan_permissions_level_check", sql`${t.level} in ('read', 'edit')`),
  ],
);

/**
 * One attack of a plan (the spec's attack table). Villages are stored with their coordinates and the
 * owners' names as they were when the attack was written, so the table pages, sorts and searches in
 * one index range without joining the world's 100k villages. Times keep their milliseconds
 * (timestamptz holds microseconds).
 */
export const attacks = pgTable(
  "attacks",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => attackPlans.id, { onDelete: "cascade" }),
    sourceVillageId: integer("source_village_id").notNull(),
    sourceName: text("source_name").notNull(),
    sourceX: smallint("source_x").notNull(),
    sourceY: smallint("source_y").notNull(),
    /** The start village's player; NULL = barbarian. */
    attackerId: integer("attacker_id"),
    attackerName: text("attacker_name"),
    targetVillageId: integer("target_village_id").notNull(),
    targetName: text("target_name").notNull(),
    targetX: smallint("target_x").notNull(),
    targetY: smallint("target_y").notNull(),
    defenderId: integer("defender_id"),
    defenderName: text("defender_name"),
    type: text("type", { enum: ["attack", "conquer", "fake", "wallbreaker", "support", "fake_support"] }).notNull(),
    units: jsonb("units").$type<Record<string, number>>().notNull(),
    /** The unit whose speed sets the travel time. */
    unit: text("unit").notNull(),
    sendAt: tz("send_at").notNull(),
    arrivalAt: tz("arrival_at").notNull(),
    priority: smallint("priority").notNull(),
    status: text("status", { enum: ["planned", "due", "sent", "failed", "expired", "cancelled"] }).notNull().default("planned"),
    /** German, as the bot reported it. */
    error: text("error"),
    dsbotId: integer("dsbot_id").references(() => dsbots.id, { onDelete: "set null" }),
    realArrivalAt: tz("real_arrival_at"),
    /**
     * What the table's search runs over, in lower case and one column (one LIKE per row instead of six
     * ILIKEs: the search over 20,000 attacks stays within the page budget on PGlite): players, village
     * names and `x|y` of both villages, newline-separated. Kept by the database on every write.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(attacker_name, '') || chr(10) || coalesce(defender_name, '') || chr(10) || source_name || chr(10) || target_name || chr(10) || source_x || '|' || source_y || chr(10) || target_x || '|' || target_y)`,
      ),
    ...timestamps,
  },
  (t) => [
    // Status last: the table's status filter on the default sort (send time) reads the index only.
    index("attacks_plan_send_idx").on(t.planId, t.sendAt, t.id, t.status),
    index("attacks_plan_arrival_idx").on(t.planId, t.arrivalAt, t.id),
    index("attacks_plan_attacker_idx").on(t.planId, t.attackerName, t.id),
    index("attacks_plan_defender_idx").on(t.planId, t.defenderName, t.id),
    index("attacks_plan_source_idx").on(t.planId, t.sourceX, t.sourceY, t.id),
    index("attacks_plan_target_idx").on(t.planId, t.targetX, t.targetY, t.id),
    index("attacks_plan_status_idx").on(t.planId, t.status),
    /** The plan's latest attack change: the version of its statuses (the table's status filter cache). */
    index("attacks_plan_updated_idx").on(t.planId, t.updatedAt),
    /** Timed transitions: open attacks by send time across plans. */
    index("attacks_open_send_idx")
      .on(t.sendAt)
      .where(sql`${t.status} in ('planned', 'due')`),
    check("attacks_type_check", sql`${t.type} in ('attack', 'conquer', 'fake', 'wallbreaker', 'support', 'fake_support')`),
    check("attacks_status_check", sql`${t.status} in ('planned', 'due', 'sent', 'failed', 'expired', 'cancelled')`),
    check("attacks_priority_check", sql`${t.priority} between 1 and 5`),
  ],
);

/** Per file of the game (`village.txt.gz`, `get_config` …): the validators of its last answer, for conditional requests. */
export type StoredSourceValidators = Record<string, { etag?: string; lastModified?: string }>;

/**
 * Game worlds (PRODUCT §5, issue 11): server + world code, the world's config and unit info (raw XML
 * parsed by the protocol's game rules), and its villages, players and tribes in the tables below.
 * `data_version` grows with every import and names the map data's ETag.
 */
export const worlds = pgTable(
  "worlds",
  {
    id: serial("id").primaryKey(),
    server: text("server").notNull(),
    world: text("world").notNull(),
    configXml: text("config_xml"),
    /** `get_config` parsed by the protocol's game rules (`parseGameConfigXml`). */
    config: jsonb("config").$type<GameConfig>(),
    unitInfoXml: text("unit_info_xml"),
    /** `get_unit_info` parsed by `parseUnitInfoXml`: `speed` is minutes per field on this world, already (PRODUCT §5). */
    unitInfo: jsonb("unit_info").$type<UnitInfo>(),
    villageCount: integer("village_count").notNull().default(0),
    playerCount: integer("player_count").notNull().default(0),
    allyCount: integer("ally_count").notNull().default(0),
    dataVersion: integer("data_version").notNull().default(0),
    lastImportAt: tz("last_import_at"),
    lastSyncAt: tz("last_sync_at"),
    /** German text of the last failed sync; NULL after a successful one. */
    lastSyncError: text("last_sync_error"),
    sourceValidators: jsonb("source_validators").$type<StoredSourceValidators>().notNull().default({}),
    /** false: never fetched from the game (the demo world, worlds kept by hand); an admin toggles it. */
    syncEnabled: boolean("sync_enabled").notNull().default(true),
    /**
     * When the next sync from the game is due. Whoever claims a world moves it an hour ahead in the
     * same statement (`for update skip locked`), so instances never sync one world twice in an hour.
     */
    syncDueAt: tz("sync_due_at").notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex("worlds_server_world_idx").on(t.server, t.world), index("worlds_sync_due_idx").on(t.syncDueAt)],
);

/**
 * The world a row belongs to. Deliberately no foreign key: its per-row check doubled the import time
 * of 100,000 villages; whatever deletes a world deletes its rows in the same transaction.
 */
const worldRef = () => integer("world_id").notNull();

/** `village.txt`: one row per village; player 0 = barbarian, bonus 0 = none. */
export const villages = pgTable(
  "villages",
  {
    worldId: worldRef(),
    id: integer("id").notNull(),
    name: text("name").notNull(),
    x: smallint("x").notNull(),
    y: smallint("y").notNull(),
    playerId: integer("player_id").notNull(),
    points: integer("points").notNull(),
    bonusId: smallint("bonus_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.worldId, t.id] }),
    index("villages_world_xy_idx").on(t.worldId, t.x, t.y),
    index("villages_world_player_idx").on(t.worldId, t.playerId),
  ],
);

/** `player.txt`: ally 0 = in no tribe. */
export const players = pgTable(
  "players",
  {
    worldId: worldRef(),
    id: integer("id").notNull(),
    name: text("name").notNull(),
    allyId: integer("ally_id").notNull(),
    villages: integer("villages").notNull(),
    points: integer("points").notNull(),
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.id] }), index("players_world_ally_idx").on(t.worldId, t.allyId)],
);

/** `ally.txt`: the tribes. */
export const allies = pgTable(
  "allies",
  {
    worldId: worldRef(),
    id: integer("id").notNull(),
    name: text("name").notNull(),
    tag: text("tag").notNull(),
    members: integer("members").notNull(),
    villages: integer("villages").notNull(),
    points: integer("points").notNull(),
    allPoints: integer("all_points").notNull(),
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.id] })],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type DsbotRow = typeof dsbots.$inferSelect;
export type DsbotLogRow = typeof dsbotLogs.$inferSelect;
export type RunnerTokenRow = typeof runnerTokens.$inferSelect;
export type DeviceCodeRow = typeof deviceCodes.$inferSelect;
export type WebsocketConnectionRow = typeof websocketConnections.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type AttackPlanRow = typeof attackPlans.$inferSelect;
export type AttackPlanPermissionRow = typeof attackPlanPermissions.$inferSelect;
export type AttackRow = typeof attacks.$inferSelect;
export type WorldRow = typeof worlds.$inferSelect;

/**
 * Spieler Skills (PRODUCT §6): one row per dsbot user, game world and game player; `player_name_key`
 * is `usernameKey(player_name)`, so a player is one row whatever the case it was typed in.
 */
export const playerSkills = pgTable(
  "player_skills",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    playerName: text("player_name").notNull(),
    playerNameKey: text("player_name_key").notNull(),
    skills: jsonb("skills").$type<Record<string, number>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("player_skills_user_player_idx").on(t.userId, t.worldServer, t.worldWorld, t.playerNameKey)],
);
export type PlayerSkillsRow = typeof playerSkills.$inferSelect;

/**
 * Tab Anfragen (PRODUCT §6): what a user must do in a game tab: an attack no running bot can send
 * (one request per attack, whoever notices it first), or a bot that needs its player.
 */
export const tabRequests = pgTable(
  "tab_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["attack", "player"] }).notNull(),
    attackId: integer("attack_id").references(() => attacks.id, { onDelete: "cascade" }),
    dsbotId: integer("dsbot_id").references(() => dsbots.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["captcha", "bot_protection", "invalid_credentials"] }),
    message: text("message").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
    doneAt: tz("done_at"),
  },
  (t) => [
    uniqueIndex("tab_requests_attack_id_idx").on(t.attackId),
    index("tab_requests_user_open_idx").on(t.userId, t.doneAt, t.id),
    check("tab_requests_kind_check", sql`${t.kind} in ('attack', 'player')`),
  ],
);
export type TabRequestRow = typeof tabRequests.$inferSelect;

/**
 * Truppen (PRODUCT §4, §6): the units at home per bot and village from the bot's latest inventory scan
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
    scannedAt: tz("scanned_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dsbotId, t.villageId] }), index("bot_troops_village_id_idx").on(t.villageId)],
);
export type BotTroopsRow = typeof botTroops.$inferSelect;
