// The war room: incoming commands from the bots' command scanners or a player's pasted SOS
// text, and troops from a pasted troops overview (the bots' scans are in bot_troops).
import type { Unit, UnitCounts } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { dsbots } from "./bots.js";
import { tz } from "./columns.js";
import { users } from "./users.js";

/**
 * One incoming command. A bot's rows are replaced by each scan (one row per game command id); a pasted
 * row belongs to the user who pasted it (one per origin, target and arrival). The analysis (likely unit,
 * kind, train) is worked out when the set changes, so a page of 10,000 is a plain indexed query.
 */
export const incomings = pgTable(
  "incomings",
  {
    id: serial("id").primaryKey(),
    dsbotId: integer("dsbot_id").references(() => dsbots.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    commandId: bigint("command_id", { mode: "number" }),
    originVillageId: integer("origin_village_id"),
    originX: smallint("origin_x").notNull(),
    originY: smallint("origin_y").notNull(),
    originName: text("origin_name"),
    attackerName: text("attacker_name"),
    attackerTribe: text("attacker_tribe"),
    targetVillageId: integer("target_village_id"),
    targetX: smallint("target_x").notNull(),
    targetY: smallint("target_y").notNull(),
    targetName: text("target_name"),
    defenderName: text("defender_name"),
    arrivalAt: tz("arrival_at").notNull(),
    firstSeenAt: tz("first_seen_at").notNull(),
    label: text("label"),
    tag: text("tag"),
    distance: real("distance").notNull(),
    likelyUnits: jsonb("likely_units").$type<Unit[] | null>(),
    /** Minutes per field of the likely units (sorting); null when none fits. */
    likelySpeed: real("likely_speed"),
    otherUnits: jsonb("other_units").$type<Unit[][]>().notNull().default([]),
    kind: text("kind").notNull(),
    kindReason: text("kind_reason").notNull(),
    trainId: integer("train_id"),
    trainIndex: integer("train_index"),
    /** The text the page's search reads (names, tribe, tag, both fields), lower case: one LIKE per row. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(attacker_name, '') || ' ' || coalesce(attacker_tribe, '') || ' ' || coalesce(origin_name, '') || ' ' || coalesce(target_name, '') || ' ' || coalesce(tag, '') || ' ' || origin_x || '|' || origin_y || ' ' || target_x || '|' || target_y)`,
      ),
  },
  (t) => [
    uniqueIndex("incomings_bot_command_idx").on(t.dsbotId, t.commandId),
    uniqueIndex("incomings_paste_idx").on(t.userId, t.originX, t.originY, t.targetX, t.targetY, t.arrivalAt),
    index("incomings_arrival_idx").on(t.arrivalAt),
    // The page's sorts read in index order and stop after the page (no sort of every row).
    index("incomings_target_sort_idx").on(t.targetY, t.targetX, t.arrivalAt, t.id),
    index("incomings_attacker_sort_idx").on(t.attackerName, t.arrivalAt, t.id),
    index("incomings_distance_sort_idx").on(t.distance, t.arrivalAt, t.id),
    index("incomings_kind_sort_idx").on(t.kind, t.arrivalAt, t.id),
    index("incomings_likely_sort_idx").on(t.likelySpeed, t.arrivalAt, t.id),
    check("incomings_source_check", sql`(${t.dsbotId} is null) <> (${t.userId} is null)`),
    check("incomings_kind_check", sql`${t.kind} in ('attack', 'fake', 'noble')`),
  ],
);
export type IncomingRow = typeof incomings.$inferSelect;

/**
 * A version per owner of incomings ("b:<bot id>" or "u:<user id>" for pastes), raised by a trigger on
 * every statement that writes their rows (migration 0020). The page's summary is cached per viewer
 * under the versions of everything they may see, so it is exact on every instance without a scan.
 * No foreign key: a bot's deletion cascades into its incomings, whose trigger writes here.
 */
export const incomingVersions = pgTable("incoming_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * A version per owner of what the tribe board shows of a village's defence: "b:<bot id>" for a bot's
 * troops and village scans (bot_troops, bot_villages: troops and wall), "u:<user id>" for a member's
 * pasted troops (pasted_troops); raised by a trigger on every statement that writes their rows
 * (migration 0032). A kept board page is handed out only under the versions it was read at
 * (modules/tribes/tribe-board-pages.ts). No foreign key, as incoming_versions.
 */
export const troopVersions = pgTable("troop_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/** A player's pasted troops overview, per village of their world; a paste replaces the villages it lists. */
export const pastedTroops = pgTable(
  "pasted_troops",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    villageId: integer("village_id").notNull(),
    x: smallint("x").notNull(),
    y: smallint("y").notNull(),
    name: text("name").notNull(),
    playerName: text("player_name"),
    units: jsonb("units").$type<UnitCounts>().notNull(),
    inVillage: jsonb("in_village").$type<UnitCounts>().notNull(),
    outside: jsonb("outside").$type<UnitCounts>().notNull(),
    onTheWay: jsonb("on_the_way").$type<UnitCounts>().notNull(),
    importedAt: tz("imported_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.worldServer, t.worldWorld, t.villageId] })],
);
export type PastedTroopsRow = typeof pastedTroops.$inferSelect;
