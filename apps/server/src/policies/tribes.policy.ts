// Who may see and manage a tribe: its members see it (admins every tribe), only its Anführer manages
// it. A tribe the caller may not see is "not found". The audience of a tribe's news is read from the
// database at the moment it is told, so a member removed a moment ago hears nothing more.
import { tribeMessages, type TribeRole } from "@dsbot/protocol";
import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.js";
import { dsbots, tribeMembers, tribeRequestSupports, tribes } from "../db/schema.js";
import type { TribeRow, UserRow } from "../db/schema.js";
import { HttpError, notFound } from "../http/errors.js";
import { MAX_SERIAL_ID } from "../http/parse.js";

export type TribeViewer = Pick<UserRow, "id" | "role">;

export interface TribeAccess {
  tribe: TribeRow;
  /** The viewer's role in it; null for an admin who is not a member. */
  role: TribeRole | null;
}

/** 404 for a tribe id beyond the serial range: no tribe has it, so nothing needs to be read. */
export function checkTribeId(tribeId: number): void {
  if (tribeId > MAX_SERIAL_ID) throw notFound(tribeMessages.notFound);
}

/**
 * requireTribeView's rule on a tribe read some other way (the board reads it with its members in one
 * statement): 404 unless it was found and the viewer is a member or an admin.
 */
export function checkTribeView<T extends { role: TribeRole | null }>(viewer: TribeViewer, found: T | undefined): T {
  if (!found || (found.role === null && viewer.role !== "admin")) throw notFound(tribeMessages.notFound);
  return found;
}

/** The tribe and the viewer's role, if the viewer may see it; 404 otherwise. */
export async function requireTribeView(db: Database, viewer: TribeViewer, tribeId: number): Promise<TribeAccess> {
  checkTribeId(tribeId);
  const [row] = await db
    .select({ tribe: tribes, role: tribeMembers.role })
    .from(tribes)
    .leftJoin(tribeMembers, and(eq(tribeMembers.tribeId, tribes.id), eq(tribeMembers.userId, viewer.id)))
    .where(eq(tribes.id, tribeId))
    .limit(1);
  const { tribe, role } = checkTribeView(viewer, row);
  return { tribe, role };
}

/** As requireTribeView, and the viewer leads the tribe (403 for other members and admins). */
export async function requireTribeLeader(db: Database, viewer: TribeViewer, tribeId: number): Promise<TribeAccess> {
  const access = await requireTribeView(db, viewer, tribeId);
  if (access.role !== "leader") throw new HttpError(403, "forbidden", tribeMessages.leaderOnly);
  return access;
}

/** As requireTribeView, and the viewer is a member (admins who are not get 404 for a member's own routes). */
export async function requireTribeMember(db: Database, viewer: TribeViewer, tribeId: number): Promise<TribeAccess & { role: TribeRole }> {
  const access = await requireTribeView(db, { id: viewer.id, role: "user" }, tribeId);
  return access as TribeAccess & { role: TribeRole };
}

/** The members of a tribe now (the users its news goes to). */
export async function tribeAudience(db: Database, tribeId: number): Promise<number[]> {
  const rows = await db.select({ userId: tribeMembers.userId }).from(tribeMembers).where(eq(tribeMembers.tribeId, tribeId));
  return rows.map((r) => r.userId);
}

/**
 * The tribes whose board shows this owner's data, with their members now: a bot's tribe on the bot's
 * world (through its owner), or every tribe of a user for what they pasted.
 */
export async function boardAudiencesOf(db: Database, owner: { dsbotId: number } | { userId: number }): Promise<{ tribeId: number; audience: number[] }[]> {
  const mine = alias(tribeMembers, "mine");
  const base = db.select({ tribeId: tribeMembers.tribeId, userId: tribeMembers.userId }).from(tribeMembers).innerJoin(mine, eq(mine.tribeId, tribeMembers.tribeId));
  const rows =
    "dsbotId" in owner
      ? await base
          .innerJoin(dsbots, and(eq(dsbots.ownerId, mine.userId), eq(dsbots.worldServer, mine.worldServer), eq(dsbots.worldWorld, mine.worldWorld)))
          .where(eq(dsbots.id, owner.dsbotId))
      : await base.where(eq(mine.userId, owner.userId));
  const byTribe = new Map<number, number[]>();
  for (const row of rows) byTribe.set(row.tribeId, [...(byTribe.get(row.tribeId) ?? []), row.userId]);
  return [...byTribe].map(([tribeId, audience]) => ({ tribeId, audience }));
}

/**
 * The tribes whose support requests have planned supports among these commands (Verteidigung planen),
 * with their members now: a support sent, failed or expired changes the request's progress on the board.
 */
export async function supportAudiencesOf(db: Database, attackIds: readonly number[]): Promise<{ tribeId: number; audience: number[] }[]> {
  if (attackIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ tribeId: tribeMembers.tribeId, userId: tribeMembers.userId })
    .from(tribeRequestSupports)
    .innerJoin(tribeMembers, eq(tribeMembers.tribeId, tribeRequestSupports.tribeId))
    .where(inArray(tribeRequestSupports.attackId, [...attackIds]));
  const byTribe = new Map<number, number[]>();
  for (const row of rows) byTribe.set(row.tribeId, [...(byTribe.get(row.tribeId) ?? []), row.userId]);
  return [...byTribe].map(([tribeId, audience]) => ({ tribeId, audience }));
}
