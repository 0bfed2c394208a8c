// Who could answer a support request in time: the members (other than the attacked one) who share
// troops with the tribe and have a village whose shared defensive units, the fastest of them, would land
// in the attacked village by the time it needs them when sent now. Their villages and troops are their
// bots' last scans and their pasted overviews on the tribe's world; travel times are the world's unit
// speeds (its get_unit_info, else the base speeds scaled by its config).
import type { Coord, UnitCounts, UnitSpeedTable } from "@dsbot/protocol";
import { defensiveUnits, unitTravelSeconds } from "@dsbot/protocol";
import { and, between, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botTroops, dsbots, pastedTroops, tribeMembers } from "../../db/schema.js";
import type { TribeRow } from "../../db/schema.js";
import { fallbackUnitInfo, findPlanWorld } from "../worlds/index.js";

/** The world's unit speeds for the tribe's world. */
export async function tribeUnitInfo(db: Database, tribe: TribeRow): Promise<UnitSpeedTable> {
  const world = await findPlanWorld(db, tribe);
  return world?.unitInfo ?? fallbackUnitInfo(world?.config);
}

/** The earliest moment shared `units` sent from `from` now would be in `target` (epoch ms); null: none to send. */
export function earliestLanding(units: UnitCounts, from: Coord, target: Coord, unitInfo: UnitSpeedTable, now: number): number | null {
  let best: number | null = null;
  for (const unit of defensiveUnits) {
    if (!((units[unit] ?? 0) > 0) || unitInfo[unit] === undefined) continue;
    const landing = now + unitTravelSeconds(from, target, unit, unitInfo) * 1000;
    if (best === null || landing < best) best = landing;
  }
  return best;
}

/** A world's map is at most this many fields across (coordinates 0–999): no reach is wider. */
const MAP_FIELDS = 1000;

/**
 * How far (in fields, rounded up) the world's fastest defensive unit walks in `ms`: no village farther
 * away can help in time, whatever it holds; never more than the map. Null when the world knows no
 * defensive unit's speed.
 */
export function reachInFields(ms: number, unitInfo: UnitSpeedTable): number | null {
  const fastest = Math.min(...defensiveUnits.map((u) => unitInfo[u]?.speed ?? Infinity));
  if (!Number.isFinite(fastest) || fastest <= 0) return null;
  return Math.min(MAP_FIELDS, Math.ceil(Math.max(0, ms) / 60_000 / fastest) + 1);
}

/**
 * The members who could help `target` by `neededBy` (user ids), `attacked` left out. One query per
 * source (scans, pastes), each bounded by the tribe's members on its world and by the square around
 * the target the fastest defensive unit could cross in time (a noble an hour away reads the villages
 * within a few fields, not every member's every village).
 */
export async function membersWhoCouldHelp(
  db: Database,
  tribe: TribeRow,
  attacked: number,
  target: Coord,
  neededBy: number,
  now: number,
): Promise<number[]> {
  const unitInfo = await tribeUnitInfo(db, tribe);
  const reach = reachInFields(neededBy - now, unitInfo);
  if (reach === null) return [];
  const sharing = and(eq(tribeMembers.tribeId, tribe.id), ne(tribeMembers.userId, attacked), ne(tribeMembers.troopSharing, "none"));
  const scanned = await db
    .select({ userId: tribeMembers.userId, x: botTroops.x, y: botTroops.y, units: botTroops.units })
    .from(tribeMembers)
    .innerJoin(dsbots, and(eq(dsbots.ownerId, tribeMembers.userId), eq(dsbots.worldServer, tribe.worldServer), eq(dsbots.worldWorld, tribe.worldWorld)))
    .innerJoin(botTroops, eq(botTroops.dsbotId, dsbots.id))
    .where(and(sharing, between(botTroops.x, target.x - reach, target.x + reach), between(botTroops.y, target.y - reach, target.y + reach)));
  const pasted = await db
    .select({ userId: tribeMembers.userId, x: pastedTroops.x, y: pastedTroops.y, units: pastedTroops.units })
    .from(tribeMembers)
    .innerJoin(
      pastedTroops,
      and(eq(pastedTroops.userId, tribeMembers.userId), eq(pastedTroops.worldServer, tribe.worldServer), eq(pastedTroops.worldWorld, tribe.worldWorld)),
    )
    .where(and(sharing, between(pastedTroops.x, target.x - reach, target.x + reach), between(pastedTroops.y, target.y - reach, target.y + reach)));
  const helpers = new Set<number>();
  for (const row of [...scanned, ...pasted]) {
    if (helpers.has(row.userId)) continue;
    const landing = earliestLanding(row.units, row, target, unitInfo, now);
    if (landing !== null && landing <= neededBy) helpers.add(row.userId);
  }
  return [...helpers];
}

/** Who hears of a new request: the Anführer and the Koordinatoren, and the members who could help. */
export async function requestRecipients(db: Database, tribeId: number, helpers: readonly number[], asker: number): Promise<number[]> {
  const leads = await db
    .select({ userId: tribeMembers.userId })
    .from(tribeMembers)
    .where(and(eq(tribeMembers.tribeId, tribeId), ne(tribeMembers.role, "member")));
  return [...new Set([...leads.map((r) => r.userId), ...helpers])].filter((id) => id !== asker);
}
