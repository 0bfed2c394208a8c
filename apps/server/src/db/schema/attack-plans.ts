// Attack plans: plans, their grants and attacks, and the tab requests for attacks
// (and bots) that need the player.
import type { DswbExtras } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns.js";
import { users } from "./users.js";
import { dsbots } from "./bots.js";

/** Attack plans: a user's plan on one world; attacks and grants in the tables below. */
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
    /**
     * The plan's attacks are the rows whose `generation` lies in visibleFrom..visibleTo. A big
     * write (import, planner, demo) inserts its rows under the next generation in short transactions,
     * unseen, and publishes them with one update of this row: visibleTo moves on, for a replace
     * visibleFrom too (the old rows are then deleted in chunks). No reader waits for it, not even on PGlite.
     */
    visibleFrom: integer("visible_from").notNull().default(0),
    visibleTo: integer("visible_to").notNull().default(0),
    /** A big write holds the plan until then (renewed per chunk; a crashed one's lease runs out). */
    writeUntil: tz("write_until"),
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
 * One attack of a plan (a row of the attack table). Villages are stored with their coordinates and the
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
    /** DS Workbench formulas by unit ("alle-100"), worked out when the bot sends; NULL = none. */
    formulas: jsonb("formulas").$type<Record<string, string>>(),
    /**
     * What an imported DS Workbench line said beyond the columns (its type symbol, unit field and flags,
     * `DswbExtras`), written back on export so a round trip changes nothing; NULL = the defaults.
     */
    dswb: jsonb("dswb").$type<DswbExtras>(),
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
    /** Visible while within its plan's visibleFrom..visibleTo (see attackPlans). */
    generation: integer("generation").notNull().default(0),
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
    // Status after the order: the table's status filter on the default sort (send time) reads the index
    // only; the generation last in each, so that the visibility check needs no row either.
    index("attacks_plan_send_idx").on(t.planId, t.sendAt, t.id, t.status, t.generation),
    // A bot's sends of a day (the daily report).
    index("attacks_dsbot_send_idx").on(t.dsbotId, t.sendAt).where(sql`dsbot_id is not null`),
    index("attacks_plan_arrival_idx").on(t.planId, t.arrivalAt, t.id, t.generation),
    index("attacks_plan_attacker_idx").on(t.planId, t.attackerName, t.id, t.generation),
    index("attacks_plan_defender_idx").on(t.planId, t.defenderName, t.id, t.generation),
    index("attacks_plan_source_idx").on(t.planId, t.sourceX, t.sourceY, t.id, t.generation),
    index("attacks_plan_target_idx").on(t.planId, t.targetX, t.targetY, t.id, t.generation),
    index("attacks_plan_status_idx").on(t.planId, t.status, t.generation),
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

/**
 * Tab Anfragen: what a user must do in a game tab: an attack no running bot can send
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

export type AttackPlanRow = typeof attackPlans.$inferSelect;
export type AttackPlanPermissionRow = typeof attackPlanPermissions.$inferSelect;
export type AttackRow = typeof attacks.$inferSelect;
