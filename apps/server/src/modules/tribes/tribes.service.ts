// Tribes and their members: found one (the founder leads it), rename it, dissolve it, and the
// membership — a member's own choices, leaving, a role, removal, handing over the lead. One tribe per
// user and world and one leader per tribe are unique indexes, so two requests at once cannot break them.
import type { TribeCreate, TribeMeUpdate, TribeMemberUpdate, TribeRole, TribeUpdate } from "@dsbot/protocol";
import { errorMessages, tribeMessages, usernameKey } from "@dsbot/protocol";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { isUniqueViolation, violatedConstraint } from "../../db/errors.js";
import { tribeMembers, tribes, users } from "../../db/schema.js";
import type { TribeRow, UserRow } from "../../db/schema.js";
import { HttpError, badRequest, conflict, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { tribeAudience } from "../../policies/tribes.policy.js";
import type { ChangedAttackRow } from "../attack-plans/index.js";
import { cancelTribeSupports } from "./tribe-supports-cancel.js";
import { gameAlliesOf } from "./tribe-view.js";

/** A change and who hears of it: the members after it, and whoever just lost access. */
export interface TribeChange {
  tribeId: number;
  audience: number[];
}

/** A change that also called off planned supports (tribe-supports-cancel.ts): the caller tells their plans. */
export interface TribeChangeWithSupports extends TribeChange {
  cancelled: ChangedAttackRow[];
}

/** The caller's tribes (each with their role), or every tribe for `all` (admins). */
export async function listTribes(db: Database, viewer: Pick<UserRow, "id" | "role">, scope: "mine" | "all"): Promise<{ rows: TribeRow[]; roles: Map<number, TribeRole> }> {
  const mine = await db
    .select({ tribe: tribes, role: tribeMembers.role })
    .from(tribeMembers)
    .innerJoin(tribes, eq(tribes.id, tribeMembers.tribeId))
    .where(eq(tribeMembers.userId, viewer.id))
    .orderBy(asc(tribes.worldServer), asc(tribes.worldWorld));
  const roles = new Map(mine.map((r) => [r.tribe.id, r.role]));
  if (scope === "mine") return { rows: mine.map((r) => r.tribe), roles };
  if (viewer.role !== "admin") throw new HttpError(403, "forbidden", errorMessages.forbidden);
  const rows = await db.select().from(tribes).orderBy(asc(tribes.worldServer), asc(tribes.worldWorld), asc(tribes.name));
  return { rows, roles };
}

async function checkGameAlly(db: Database, tribe: { worldServer: string; worldWorld: string }, gameAllyId: number | null | undefined): Promise<void> {
  if (gameAllyId === null || gameAllyId === undefined) return;
  const found = await gameAlliesOf(db, tribe.worldServer, tribe.worldWorld, [gameAllyId]);
  if (!found.has(gameAllyId)) throw badRequest(tribeMessages.gameTribeUnknown);
}

function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error);
    if (constraint === "tribes_world_tag_idx") throw conflict(tribeMessages.tagTaken);
    if (constraint === "tribe_members_user_world_idx") throw conflict(tribeMessages.alreadyInTribe);
  }
  throw error;
}

/** A new tribe on the founder's world, with the founder as its Anführer. */
export async function createTribe(db: Database, founder: UserRow, input: TribeCreate): Promise<TribeRow> {
  const world = { worldServer: founder.worldServer, worldWorld: founder.worldWorld };
  await checkGameAlly(db, world, input.gameAllyId);
  try {
    return await db.transaction(async (tx) => {
      const [tribe] = await tx
        .insert(tribes)
        .values({ ...world, name: input.name, tag: input.tag, tagKey: usernameKey(input.tag), gameAllyId: input.gameAllyId ?? null })
        .returning();
      if (!tribe) throw new Error("tribe not created");
      await tx.insert(tribeMembers).values({ tribeId: tribe.id, userId: founder.id, ...world, role: "leader" });
      return tribe;
    });
  } catch (error) {
    uniqueConflict(error);
  }
}

export async function updateTribe(db: Database, tribe: TribeRow, input: TribeUpdate): Promise<TribeChange> {
  await checkGameAlly(db, tribe, input.gameAllyId);
  try {
    await db
      .update(tribes)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.tag !== undefined && { tag: input.tag, tagKey: usernameKey(input.tag) }),
        ...(input.gameAllyId !== undefined && { gameAllyId: input.gameAllyId }),
        updatedAt: new Date(),
      })
      .where(eq(tribes.id, tribe.id));
  } catch (error) {
    uniqueConflict(error);
  }
  return { tribeId: tribe.id, audience: await tribeAudience(db, tribe.id) };
}

/** Dissolve: the tribe, its memberships and invitations are gone; its former members are told. */
export async function dissolveTribe(db: Database, tribeId: number): Promise<TribeChangeWithSupports> {
  const audience = await tribeAudience(db, tribeId);
  const cancelled = await cancelTribeSupports(db, { tribeId });
  await db.delete(tribes).where(eq(tribes.id, tribeId));
  return { tribeId, audience, cancelled };
}

export async function updateMyMembership(db: Database, tribeId: number, userId: number, input: TribeMeUpdate): Promise<TribeChange> {
  await db
    .update(tribeMembers)
    .set({
      ...(input.troopSharing !== undefined && { troopSharing: input.troopSharing }),
      ...(input.playerName !== undefined && { playerName: input.playerName === "" ? null : input.playerName }),
    })
    .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)));
  return { tribeId, audience: await tribeAudience(db, tribeId) };
}

/** A member leaves; the Anführer must hand over first (or dissolve). Their supports not sent yet are called off. */
export async function leaveTribe(db: Database, tribeId: number, userId: number, role: TribeRole): Promise<TribeChangeWithSupports> {
  if (role === "leader") throw conflict(tribeMessages.leaderLeaves);
  const cancelled = await cancelTribeSupports(db, { tribeId, memberId: userId });
  await db.delete(tribeMembers).where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId), ne(tribeMembers.role, "leader")));
  return { tribeId, audience: [...(await tribeAudience(db, tribeId)), userId], cancelled };
}

async function memberRole(db: Database, tribeId: number, userId: number): Promise<TribeRole> {
  if (userId > MAX_SERIAL_ID) throw notFound(tribeMessages.notMember);
  const [row] = await db
    .select({ role: tribeMembers.role })
    .from(tribeMembers)
    .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound(tribeMessages.notMember);
  return row.role;
}

/** Koordinator or Mitglied for a member other than the Anführer. */
export async function setMemberRole(db: Database, tribeId: number, userId: number, input: TribeMemberUpdate): Promise<TribeChange> {
  const role = await memberRole(db, tribeId, userId);
  if (role === "leader") throw conflict(tribeMessages.selfAsLeader);
  await db.update(tribeMembers).set({ role: input.role }).where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)));
  return { tribeId, audience: await tribeAudience(db, tribeId) };
}

/** Remove a member (not the Anführer): their access ends with this statement, their supports not sent yet are called off. */
export async function removeMember(db: Database, tribeId: number, userId: number): Promise<TribeChangeWithSupports> {
  const role = await memberRole(db, tribeId, userId);
  if (role === "leader") throw conflict(tribeMessages.leaderRemoved);
  const cancelled = await cancelTribeSupports(db, { tribeId, memberId: userId });
  await db.delete(tribeMembers).where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId), ne(tribeMembers.role, "leader")));
  return { tribeId, audience: [...(await tribeAudience(db, tribeId)), userId], cancelled };
}

/** The lead goes to another member; the old Anführer stays as Koordinator. */
export async function handOverLead(db: Database, tribeId: number, fromUserId: number, toUserId: number): Promise<TribeChange> {
  if (toUserId === fromUserId) throw conflict(tribeMessages.selfAsLeader);
  await memberRole(db, tribeId, toUserId);
  await db.transaction(async (tx) => {
    // First step down, then up: the one-leader index holds after every statement. Only a caller who
    // still leads steps down (another hand-over may have come first).
    const stepped = await tx
      .update(tribeMembers)
      .set({ role: "coordinator" })
      .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, fromUserId), eq(tribeMembers.role, "leader")))
      .returning({ userId: tribeMembers.userId });
    if (stepped.length === 0) throw new HttpError(403, "forbidden", tribeMessages.leaderOnly);
    const raised = await tx
      .update(tribeMembers)
      .set({ role: "leader" })
      .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, toUserId)))
      .returning({ userId: tribeMembers.userId });
    // Gone meanwhile: the transaction is rolled back, the caller still leads.
    if (raised.length === 0) throw notFound(tribeMessages.notMember);
  });
  return { tribeId, audience: await tribeAudience(db, tribeId) };
}

/** Usernames of users by id (invitation creators). */
export async function usernamesOf(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}
