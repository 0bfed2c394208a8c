// What Verteidigung planen reads: the supports already planned for requests (commands in the members'
// plans, linked by tribe_request_supports), the villages the members share troops of, and which of
// them are under attack themselves.
import type { TribeDefenceSupport, UnitCounts } from "@dsbot/protocol";
import { TRIBE_DEFENCE_MAX_CANDIDATES } from "@dsbot/protocol";
import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attacks, botTroops, dsbots, incomings, pastedTroops, tribeMembers, tribeRequestSupports, users } from "../../db/schema.js";
import type { TribeRow } from "../../db/schema.js";

const coordinates = (x: number, y: number) => `${x}|${y}`;

/** The supports planned for each of the requests, the earliest send first. */
export async function supportsOfRequests(db: Database, requestIds: readonly number[]): Promise<Map<number, TribeDefenceSupport[]>> {
  const byRequest = new Map<number, TribeDefenceSupport[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({ requestId: tribeRequestSupports.requestId, memberId: tribeRequestSupports.memberId, username: users.username, attack: attacks })
    .from(tribeRequestSupports)
    .innerJoin(attacks, eq(attacks.id, tribeRequestSupports.attackId))
    .innerJoin(users, eq(users.id, tribeRequestSupports.memberId))
    .where(inArray(tribeRequestSupports.requestId, [...requestIds]))
    .orderBy(asc(attacks.sendAt), asc(attacks.id));
  for (const { requestId, memberId, username, attack } of rows) {
    byRequest.get(requestId)?.push({
      id: attack.id,
      planId: attack.planId,
      member: { userId: memberId, username },
      source: { id: attack.sourceVillageId, name: attack.sourceName, coordinates: coordinates(attack.sourceX, attack.sourceY) },
      units: attack.units as UnitCounts,
      unit: attack.unit as TribeDefenceSupport["unit"],
      sendAt: attack.sendAt.getTime(),
      arrivalAt: attack.arrivalAt.getTime(),
      status: attack.status,
      realArrivalAt: attack.realArrivalAt?.getTime() ?? null,
      error: attack.error,
    });
  }
  return byRequest;
}

export interface SharedVillage {
  memberId: number;
  username: string;
  /** Who the village belongs to in the game: the scanning bot's player, or the pasted one's. */
  playerName: string | null;
  villageId: number;
  name: string;
  x: number;
  y: number;
  units: UnitCounts;
  at: Date;
}

/**
 * The villages the members other than `attacked` share troops of, by the newest of their bots' scans and
 * their pastes on the tribe's world; at most TRIBE_DEFENCE_MAX_CANDIDATES from each source.
 */
export async function sharedVillages(db: Database, tribe: TribeRow, attacked: number): Promise<SharedVillage[]> {
  const sharing = and(eq(tribeMembers.tribeId, tribe.id), ne(tribeMembers.userId, attacked), ne(tribeMembers.troopSharing, "none"));
  const scanned = await db
    .select({
      memberId: tribeMembers.userId,
      username: users.username,
      playerName: dsbots.playerName,
      villageId: botTroops.villageId,
      name: botTroops.name,
      x: botTroops.x,
      y: botTroops.y,
      units: botTroops.units,
      at: botTroops.scannedAt,
    })
    .from(tribeMembers)
    .innerJoin(users, eq(users.id, tribeMembers.userId))
    .innerJoin(dsbots, and(eq(dsbots.ownerId, tribeMembers.userId), eq(dsbots.worldServer, tribe.worldServer), eq(dsbots.worldWorld, tribe.worldWorld)))
    .innerJoin(botTroops, eq(botTroops.dsbotId, dsbots.id))
    .where(sharing)
    .limit(TRIBE_DEFENCE_MAX_CANDIDATES);
  const pasted = await db
    .select({
      memberId: tribeMembers.userId,
      username: users.username,
      playerName: sql<string | null>`coalesce(${pastedTroops.playerName}, ${tribeMembers.playerName})`,
      villageId: pastedTroops.villageId,
      name: pastedTroops.name,
      x: pastedTroops.x,
      y: pastedTroops.y,
      units: pastedTroops.units,
      at: pastedTroops.importedAt,
    })
    .from(tribeMembers)
    .innerJoin(users, eq(users.id, tribeMembers.userId))
    .innerJoin(
      pastedTroops,
      and(eq(pastedTroops.userId, tribeMembers.userId), eq(pastedTroops.worldServer, tribe.worldServer), eq(pastedTroops.worldWorld, tribe.worldWorld)),
    )
    .where(sharing)
    .limit(TRIBE_DEFENCE_MAX_CANDIDATES);
  const newest = new Map<number, SharedVillage>();
  for (const row of [...scanned, ...pasted]) {
    const known = newest.get(row.villageId);
    if (!known || known.at < row.at) newest.set(row.villageId, row);
  }
  return [...newest.values()].slice(0, TRIBE_DEFENCE_MAX_CANDIDATES);
}

/** The members' villages (as `x·1000 + y`) with an incoming on the tribe's world that has not landed. */
export async function villagesUnderAttack(db: Database, tribe: TribeRow, now: Date): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ x: incomings.targetX, y: incomings.targetY })
    .from(incomings)
    .leftJoin(dsbots, eq(dsbots.id, incomings.dsbotId))
    .innerJoin(tribeMembers, and(eq(tribeMembers.tribeId, tribe.id), or(eq(tribeMembers.userId, dsbots.ownerId), eq(tribeMembers.userId, incomings.userId))))
    .where(and(eq(incomings.worldServer, tribe.worldServer), eq(incomings.worldWorld, tribe.worldWorld), gt(incomings.arrivalAt, now)));
  return new Set(rows.map((r) => r.x * 1000 + r.y));
}
