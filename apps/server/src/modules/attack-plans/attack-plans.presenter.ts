// Rows → the protocol's shapes (api.ts): plans with the caller's access and counts, attacks with their
// villages as the attack table shows them. Times leave as epoch milliseconds, milliseconds kept.
import type { Attack, AttackData, AttackPlan, AttackPlanAccess, AttackStatus, AttackStatusCounts, AttackTextRow, AttackVillage, TribeOfPlayer, Unit, UnitFormulas } from "@dsbot/protocol";
import { attackStatuses, formatCoord, worldTimeZone } from "@dsbot/protocol";
import type { AttackPlanRow, AttackRow } from "../../db/schema.js";
import type { WorldVillage } from "../worlds/index.js";

export interface PlanStats {
  counts: Partial<Record<AttackStatus, number>>;
  nextSendAt: Date | null;
  /** The time zone an admin set on the plan's world; null = its market's. */
  worldZone: string | null;
}

export function presentPlan(row: AttackPlanRow, ownerName: string, access: AttackPlanAccess, stats: PlanStats): AttackPlan {
  const counts = Object.fromEntries(attackStatuses.map((s) => [s, stats.counts[s] ?? 0])) as AttackStatusCounts;
  return {
    id: row.id,
    name: row.name,
    world: { server: row.worldServer, world: row.worldWorld },
    timeZone: worldTimeZone({ server: row.worldServer, timeZone: stats.worldZone }),
    ownerId: row.ownerId,
    ownerName,
    access,
    counts,
    total: attackStatuses.reduce((sum, s) => sum + counts[s], 0),
    nextSendTime: stats.nextSendAt ? stats.nextSendAt.getTime() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function village(id: number, name: string, x: number, y: number, playerId: number | null, playerName: string | null): AttackVillage {
  return {
    id,
    name,
    coordinates: formatCoord({ x, y }),
    player: playerId === null ? null : { id: playerId, name: playerName ?? "" },
  };
}

export function presentAttack(row: AttackRow): Attack {
  return {
    id: row.id,
    planId: row.planId,
    startVillage: village(row.sourceVillageId, row.sourceName, row.sourceX, row.sourceY, row.attackerId, row.attackerName),
    targetVillage: village(row.targetVillageId, row.targetName, row.targetX, row.targetY, row.defenderId, row.defenderName),
    type: row.type,
    units: row.units,
    ...(row.formulas ? { formulas: row.formulas } : {}),
    unit: row.unit as Unit,
    sendTime: row.sendAt.getTime(),
    arrivalTime: row.arrivalAt.getTime(),
    priority: row.priority,
    status: row.status,
    error: row.error,
    dsbotId: row.dsbotId,
    realArrivalTime: row.realArrivalAt ? row.realArrivalAt.getTime() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentVillage(v: WorldVillage): AttackVillage {
  return village(v.id, v.name, v.x, v.y, v.playerId, v.playerName);
}

/** A stored attack as the import/export formats carry it. */
export function attackData(row: AttackRow): AttackData {
  return {
    from: { x: row.sourceX, y: row.sourceY },
    to: { x: row.targetX, y: row.targetY },
    type: row.type,
    units: row.units,
    ...(row.formulas ? { formulas: row.formulas as UnitFormulas } : {}),
    ...(row.dswb ? { dswb: row.dswb } : {}),
    unit: row.unit as Unit,
    arrival: row.arrivalAt.getTime(),
    priority: row.priority,
  };
}

/** A stored attack as the BB-code and text templates fill it in. */
export function attackTextRow(row: AttackRow, tribes: ReadonlyMap<number, TribeOfPlayer> = new Map()): AttackTextRow {
  return {
    ...attackData(row),
    sendTime: row.sendAt.getTime(),
    attacker: row.attackerId === null ? null : row.attackerName,
    defender: row.defenderId === null ? null : row.defenderName,
    attackerTribe: row.attackerId === null ? null : (tribes.get(row.attackerId) ?? null),
    defenderTribe: row.defenderId === null ? null : (tribes.get(row.defenderId) ?? null),
    fromVillageId: row.sourceVillageId,
    toVillageId: row.targetVillageId,
  };
}
