// Game worlds: the worlds with their config and unit info, their villages,
// players and tribes, and the users' Spieler Skills per world.
import type { GameConfig, UnitInfo } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns.js";
import { users } from "./users.js";

/** Per file of the game (`village.txt.gz`, `get_config` …): the validators of its last answer, for conditional requests. */
export type StoredSourceValidators = Record<string, { etag?: string; lastModified?: string }>;

/** Keys of worlds' data (see `worlds.dataKey`); the ids of the worlds before keys existed are keys too. */
export const worldDataKeys = pgSequence("world_data_key_seq");

/**
 * Game worlds: server + world code, the world's config and unit info (raw XML
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
    /** `get_unit_info` parsed by `parseUnitInfoXml`: `speed` is minutes per field on this world, already. */
    unitInfo: jsonb("unit_info").$type<UnitInfo>(),
    villageCount: integer("village_count").notNull().default(0),
    playerCount: integer("player_count").notNull().default(0),
    allyCount: integer("ally_count").notNull().default(0),
    dataVersion: integer("data_version").notNull().default(0),
    /**
     * The `world_id` that the world's villages, players and tribes carry. An import writes
     * its rows under a new key in short statements, unseen, and switches to them with one update of
     * this row; the old key's rows are deleted after. No transaction spans the import, which on PGlite
     * (one transaction at a time) held every other query for seconds.
     */
    dataKey: integer("data_key").notNull().default(sql`nextval('world_data_key_seq')`),
    lastImportAt: tz("last_import_at"),
    lastSyncAt: tz("last_sync_at"),
    /** German text of the last failed sync; NULL after a successful one. */
    lastSyncError: text("last_sync_error"),
    sourceValidators: jsonb("source_validators").$type<StoredSourceValidators>().notNull().default({}),
    /** The world's server time zone as an admin corrected it (IANA name); NULL = its market's (protocol time-zones.ts). */
    timeZone: text("time_zone"),
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
 * The data a row belongs to: its world's `data_key` (see worlds). Deliberately no foreign key: its
 * per-row check doubled the import time of 100,000 villages.
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
  (t) => [
    primaryKey({ columns: [t.worldId, t.id] }),
    index("players_world_ally_idx").on(t.worldId, t.allyId),
    // A pasted SOS text names its attackers: their tribes are looked up by name whatever its case
    // (incomings-store.ts resolveFromWorld), an index probe instead of a scan of the world's players.
    index("players_world_name_key_idx").on(t.worldId, sql`lower(${t.name})`),
  ],
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

/**
 * Spieler Skills: one row per dsbot user, game world and game player; `player_name_key`
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

export type WorldRow = typeof worlds.$inferSelect;

/**
 * Keys of world data that no world shows: an import's new rows until it publishes them, the old rows
 * after it did, until they are deleted. What a crash leaves here, the housekeeping deletes.
 */
export const worldDataOrphans = pgTable("world_data_orphans", {
  key: integer("key").primaryKey(),
  worldId: integer("world_id").notNull(),
  since: tz("since").notNull().defaultNow(),
});
