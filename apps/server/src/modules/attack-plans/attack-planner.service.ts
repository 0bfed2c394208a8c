// The planner on the server (PRODUCT §6): attacker villages (the villages of bots' players on the plan's
// world, or pasted coordinates, with their troops where a bot scanned them) × targets (every `x|y` of a
// text), with the world's unit speeds, night bonus and noble range and the players' Freundschaft,
// planned by the protocol's `planAttacks`; a preview, or saved into the plan.
import type { Coord, PlannerAttacker, PlannerRequest, PlannerResponse, PlannerTarget } from "@dsbot/protocol";
import { extractCoords, formatCoord, planAttacks, plannerMessages, PLANNER_MAX_ATTACKERS, PLANNER_MAX_TARGETS } from "@dsbot/protocol";
import { and, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbots } from "../../db/schema.js";
import type { AttackPlanRow, UserRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { latestVillageTroops } from "../bot-troops/bot-troops.service.js";
import { visibleBotsCondition } from "../dsbots/dsbots.policy.js";
import type { NewAttack } from "./attack-write.service.js";
import { addAttacksToPlan, villageColumns } from "./attack-write.service.js";
import { idArray } from "./attacks.service.js";
import type { WorldVillage } from "./plan-world.js";
import { boostOf, coordKey, requirePlanWorld, supportBoosts, villagesAt, villagesOfPlayers } from "./plan-world.js";

type Viewer = Pick<UserRow, "id" | "role">;

/** The distinct coordinates of a text, in order of appearance. */
function coordsIn(text: string): Coord[] {
  const seen = new Map<number, Coord>();
  for (const match of extractCoords(text)) {
    const coord = { x: match.x, y: match.y };
    if (!seen.has(coordKey(coord))) seen.set(coordKey(coord), coord);
  }
  return [...seen.values()];
}

/** The players of the bots the caller may see (bots on other worlds simply have no villages here). */
async function botPlayers(db: Database, user: Viewer, dsbotIds: readonly number[]): Promise<string[]> {
  const rows = await db
    .select({ playerName: dsbots.playerName })
    .from(dsbots)
    .where(and(sql`${dsbots.id} = any(${idArray(dsbotIds)})`, visibleBotsCondition(user)));
  return rows.map((r) => r.playerName);
}

function tooMany(path: "attackers" | "targets", max: number) {
  const message = plannerMessages.tooManyVillages(max);
  return badRequest(message, [{ path, message }]);
}

export async function runPlanner(db: Database, user: Viewer, plan: AttackPlanRow, request: PlannerRequest): Promise<PlannerResponse> {
  const world = await requirePlanWorld(db, plan);
  const worldId = world.world.id;
  const unknown: Coord[] = [];
  const collect = async (coords: Coord[]) => {
    const found = await villagesAt(db, worldId, coords);
    for (const c of coords) if (!found.has(coordKey(c))) unknown.push(c);
    return coords.map((c) => found.get(coordKey(c))).filter((v): v is WorldVillage => v !== undefined);
  };

  let attackerVillages: WorldVillage[];
  if (request.attackers.kind === "bots") {
    attackerVillages = await villagesOfPlayers(db, worldId, await botPlayers(db, user, request.attackers.dsbotIds));
  } else {
    const coords = coordsIn(request.attackers.text);
    if (coords.length > PLANNER_MAX_ATTACKERS) throw tooMany("attackers", PLANNER_MAX_ATTACKERS);
    attackerVillages = await collect(coords);
  }
  if (attackerVillages.length > PLANNER_MAX_ATTACKERS) throw tooMany("attackers", PLANNER_MAX_ATTACKERS);
  const targetCoords = coordsIn(request.targets);
  if (targetCoords.length > PLANNER_MAX_TARGETS) throw tooMany("targets", PLANNER_MAX_TARGETS);
  const targetVillages = await collect(targetCoords);

  const { settings } = request;
  const boosts = settings.useFreundschaft ? await supportBoosts(db, plan, attackerVillages.map((v) => v.playerName)) : new Map<string, number>();
  // Units at home from the newest scan of a bot playing the village's owner; unscanned villages stay unknown.
  const troops = await latestVillageTroops(db, user, { server: plan.worldServer, world: plan.worldWorld }, attackerVillages);
  const attackers: PlannerAttacker[] = attackerVillages.map((v) => ({
    id: v.id,
    coord: { x: v.x, y: v.y },
    troops: troops.get(v.id) ?? null,
    supportBoost: boostOf(boosts, v.playerName),
  }));
  const targets: PlannerTarget[] = targetVillages.map((v) => ({ coord: { x: v.x, y: v.y }, villageId: v.id }));
  const maxDist = world.config?.snob.maxDist;
  const result = planAttacks({
    attackers,
    targets,
    window: settings.window,
    counts: settings.counts,
    templates: settings.templates,
    unitInfo: world.unitInfo,
    algorithm: settings.algorithm,
    seed: settings.seed,
    avoidNightBonus: settings.avoidNightBonus,
    night: world.config?.night ?? null,
    supportBoost: 0,
    now: Date.now(),
    ...(maxDist !== undefined && maxDist > 0 ? { nobleMaxDistance: maxDist } : {}),
  });

  const byId = new Map([...attackerVillages, ...targetVillages].map((v) => [v.id, v]));
  const byCoord = new Map(targetVillages.map((v) => [coordKey(v), v]));
  const planned = result.attacks.map((a) => {
    const from = byId.get(a.fromVillageId) as WorldVillage;
    const to = (a.toVillageId !== undefined ? byId.get(a.toVillageId) : undefined) ?? (byCoord.get(coordKey(a.to)) as WorldVillage);
    return { attack: a, from, to };
  });

  let saved = 0;
  if (request.save && planned.length > 0) {
    const rows: NewAttack[] = planned.map(({ attack, from, to }) => ({
      ...villageColumns(from, to),
      type: attack.type,
      units: attack.units as Record<string, number>,
      unit: attack.unit,
      sendAt: new Date(attack.sendTime),
      arrivalAt: new Date(attack.arrival),
      priority: attack.priority,
    }));
    saved = await addAttacksToPlan(db, plan, rows);
  }

  return {
    attacks: planned.map(({ attack, from, to }) => ({
      from: formatCoord(attack.from),
      to: formatCoord(attack.to),
      fromVillageId: from.id,
      toVillageId: to.id,
      attacker: from.playerName,
      defender: to.playerName,
      type: attack.type,
      units: attack.units as Record<string, number>,
      unit: attack.unit,
      sendTime: attack.sendTime,
      arrivalTime: attack.arrival,
      priority: attack.priority,
    })),
    unserved: result.unserved.map((u) => ({ target: formatCoord(u.target), type: u.type, requested: u.requested, planned: u.planned, reason: u.reason })),
    unknownCoords: [...new Set(unknown.map(formatCoord))],
    saved,
  };
}
