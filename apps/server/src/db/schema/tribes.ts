// Der Stamm: tribes of dsbot users on one game world, their members (one tribe per user and world),
// the invitations that let a user join (only a hash of each code is kept) and the members' requests
// for support.
import type { TribeRequestNeed } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns.js";
import { users } from "./users.js";
import { incomings } from "./war-room.js";
import { attackPlans, attacks } from "./attack-plans.js";

export const tribes = pgTable(
  "tribes",
  {
    id: serial("id").primaryKey(),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    name: text("name").notNull(),
    tag: text("tag").notNull(),
    /** `usernameKey(tag)`: one tag per world whatever its case. */
    tagKey: text("tag_key").notNull(),
    /** The in-game tribe (`ally.txt` id) it stands for, if linked. */
    gameAllyId: integer("game_ally_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("tribes_world_tag_idx").on(t.worldServer, t.worldWorld, t.tagKey)],
);
export type TribeRow = typeof tribes.$inferSelect;

/**
 * A user's membership. The world is repeated from the tribe so that "one tribe per user and world" is a
 * unique index, not a check in code that two joins at once could both pass.
 */
export const tribeMembers = pgTable(
  "tribe_members",
  {
    tribeId: integer("tribe_id")
      .notNull()
      .references(() => tribes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    worldServer: text("world_server").notNull(),
    worldWorld: text("world_world").notNull(),
    role: text("role", { enum: ["leader", "coordinator", "member"] }).notNull(),
    troopSharing: text("troop_sharing", { enum: ["none", "defensive", "all"] }).notNull().default("defensive"),
    /** The member's own player name in the game; NULL: that of their first bot on the world. */
    playerName: text("player_name"),
    /** The member's plan the tribe's planned supports go to ("Stamm-Verteidigung [TAG]"); made on first use. */
    defencePlanId: integer("defence_plan_id").references(() => attackPlans.id, { onDelete: "set null" }),
    joinedAt: tz("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tribeId, t.userId] }),
    uniqueIndex("tribe_members_user_world_idx").on(t.userId, t.worldServer, t.worldWorld),
    // One leader per tribe, enforced by the database.
    uniqueIndex("tribe_members_one_leader_idx").on(t.tribeId).where(sql`role = 'leader'`),
    check("tribe_members_role_check", sql`${t.role} in ('leader', 'coordinator', 'member')`),
    check("tribe_members_sharing_check", sql`${t.troopSharing} in ('none', 'defensive', 'all')`),
  ],
);
export type TribeMemberRow = typeof tribeMembers.$inferSelect;

export const tribeInvites = pgTable(
  "tribe_invites",
  {
    id: serial("id").primaryKey(),
    tribeId: integer("tribe_id")
      .notNull()
      .references(() => tribes.id, { onDelete: "cascade" }),
    /** sha256 (hex) of the code; the code itself is shown once and never stored. */
    codeHash: text("code_hash").notNull(),
    /** The code's first characters, to tell invitations apart. */
    hint: text("hint").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: tz("created_at").notNull().defaultNow(),
    expiresAt: tz("expires_at").notNull(),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
  },
  (t) => [uniqueIndex("tribe_invites_code_idx").on(t.codeHash), index("tribe_invites_tribe_idx").on(t.tribeId)],
);
export type TribeInviteRow = typeof tribeInvites.$inferSelect;

/**
 * Unterstützung anfordern: a member's village under attack needs support by a time. It belongs to the
 * membership (leaving or being removed takes it away) and is open until withdrawn; the list shows those
 * whose attack has not landed. One open request per village and attack.
 */
export const tribeSupportRequests = pgTable(
  "tribe_support_requests",
  {
    id: serial("id").primaryKey(),
    tribeId: integer("tribe_id").notNull(),
    /** The member whose village is attacked. */
    memberId: integer("member_id").notNull(),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    incomingId: integer("incoming_id").references(() => incomings.id, { onDelete: "set null" }),
    trainId: integer("train_id"),
    targetVillageId: integer("target_village_id"),
    targetX: smallint("target_x").notNull(),
    targetY: smallint("target_y").notNull(),
    targetName: text("target_name"),
    attackArrivalAt: tz("attack_arrival_at").notNull(),
    neededBy: tz("needed_by").notNull(),
    need: jsonb("need").$type<TribeRequestNeed>().notNull(),
    /** Members who could help in time when it was asked. */
    helpers: integer("helpers").notNull().default(0),
    createdAt: tz("created_at").notNull().defaultNow(),
    withdrawnAt: tz("withdrawn_at"),
    /** When its landing was told (what arrived in time): once, by whichever instance claimed it. */
    closedToldAt: tz("closed_told_at"),
  },
  (t) => [
    foreignKey({ columns: [t.tribeId, t.memberId], foreignColumns: [tribeMembers.tribeId, tribeMembers.userId] }).onDelete("cascade"),
    index("tribe_support_requests_untold_idx").on(t.attackArrivalAt).where(sql`closed_told_at is null and withdrawn_at is null`),
    uniqueIndex("tribe_support_requests_open_idx").on(t.tribeId, t.targetX, t.targetY, t.attackArrivalAt).where(sql`withdrawn_at is null`),
    index("tribe_support_requests_tribe_idx").on(t.tribeId, t.attackArrivalAt),
  ],
);
export type TribeSupportRequestRow = typeof tribeSupportRequests.$inferSelect;

/**
 * Verteidigung planen: a support planned for a request. The command itself is an attack (type support)
 * in the member's own plan, which their bot sends or which becomes their tab request; deleting it there
 * takes it off the request. It belongs to the membership like the request.
 */
export const tribeRequestSupports = pgTable(
  "tribe_request_supports",
  {
    requestId: integer("request_id")
      .notNull()
      .references(() => tribeSupportRequests.id, { onDelete: "cascade" }),
    attackId: integer("attack_id")
      .notNull()
      .references(() => attacks.id, { onDelete: "cascade" }),
    tribeId: integer("tribe_id").notNull(),
    memberId: integer("member_id").notNull(),
    plannedBy: integer("planned_by").references(() => users.id, { onDelete: "set null" }),
    plannedAt: tz("planned_at").notNull().defaultNow(),
    /** When the target's scan or paste showed the support "im Dorf" after its arrival (tribe-support-sightings.ts). */
    seenInVillageAt: tz("seen_in_village_at"),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.attackId] }),
    foreignKey({ columns: [t.tribeId, t.memberId], foreignColumns: [tribeMembers.tribeId, tribeMembers.userId] }).onDelete("cascade"),
    uniqueIndex("tribe_request_supports_attack_idx").on(t.attackId),
  ],
);
export type TribeRequestSupportRow = typeof tribeRequestSupports.$inferSelect;
