// The planner on the server: attacker villages (the villages of bots' players on the plan's
// world, or pasted coordinates, with their troops where a bot scanned them) × targets (every `x|y` of a
// text), with the world's unit speeds, night bonus and noble range and the players' Freundschaft,
// planned by the protocol's `planAttacks`; a preview, or saved into the plan.
//
// Nothing here may hold the event loop (docs/SECURITY.md, "Work that grows with its input"). Limits are
// checked before any work (a window nobody can reach, attacks asked for, attackers × targets × types);
// reading the texts and planning run on a worker thread with a time limit, which also writes the answer's
// JSON; one run per user at a time.
import type { Coord, PlannerRequest, UnitCounts } from "@dsbot/protocol";
import { DEFEND_LEAD_MS, attackTypes, plannerLimitError, plannerMessages, summarizeAttackers, units, PLANNER_MAX_ATTACKERS, PLANNER_MAX_TARGETS } from "@dsbot/protocol";
import { and, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Config } from "../../core/config.js";
import type { Database } from "../../db/client.js";
import { dsbots } from "../../db/schema.js";
import type { AttackPlanRow, UserRow } from "../../db/schema.js";
import { badRequest, HttpError, tooManyRequests, unprocessable } from "../../http/errors.js";
import type { WorkerPool } from "../../workers/worker-pool.js";
import { WorkerTaskError } from "../../workers/worker-pool.js";
import type { TaskInput, TaskName, TaskOutput } from "../../workers/tasks.js";
import { latestVillageTroops } from "../troops/index.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";
import type { NewAttack } from "./attack-write.service.js";
import { addAttacksToPlan } from "./attack-publish.service.js";
import { villageColumns } from "./attack-write.service.js";
import { idArray } from "./attacks.service.js";
import type { WorldVillage } from "../worlds/index.js";
import { boostOf, coordKey, requirePlanWorld, supportBoosts, villagesAt, villagesOfPlayers } from "../worlds/index.js";
import type { PlannerTaskInput, PlannerTaskOutput, PlannerVillages } from "../../workers/planner-task.js";
import { defendingBots, defendSettings, handDefenceToBots, refuseLateDefence, type DefendSender } from "./defend-planner.js";

type Viewer = Pick<UserRow, "id" | "role">;

export interface PlannerDeps extends BotContext {
  workers: WorkerPool;
  config: Pick<Config, "plannerTimeoutMs">;
}

/** A worker task with the planner's time limit; its failures as German HTTP errors. */
async function runTask<T extends TaskName>(deps: PlannerDeps, task: T, input: TaskInput<T>, transfer: ArrayBuffer[] = []): Promise<TaskOutput<T>> {
  try {
    return await deps.workers.run(task, input, { timeoutMs: deps.config.plannerTimeoutMs, transfer });
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    if (error.reason === "timeout") throw unprocessable(plannerMessages.timeout(deps.config.plannerTimeoutMs / 1000));
    if (error.reason === "busy") throw tooManyRequests(plannerMessages.busy);
    if (error.reason === "crashed") throw unprocessable(plannerMessages.memory);
    if (error.reason === "failed" && error.errorName === "RangeError") throw badRequest(error.message);
    throw new HttpError(503, "internal", plannerMessages.busy);
  }
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

const coordsOf = (keys: Int32Array): Coord[] => Array.from(keys, (key) => ({ x: Math.floor(key / 1000), y: key % 1000 }));

function villageArrays(villages: readonly WorldVillage[]): PlannerVillages {
  return {
    ids: Int32Array.from(villages, (v) => v.id),
    xs: Int32Array.from(villages, (v) => v.x),
    ys: Int32Array.from(villages, (v) => v.y),
    players: villages.map((v) => v.playerName),
  };
}

/** The attacker and target villages of the request, and the coordinates that are no village. */
async function resolveVillages(deps: PlannerDeps, user: Viewer, worldId: number, request: PlannerRequest, players?: string[]) {
  const texts = [request.targets, ...(request.attackers.kind === "coords" ? [request.attackers.text] : [])];
  const [targetKeys, attackerKeys] = await runTask(deps, "coords", { texts, max: Math.max(PLANNER_MAX_ATTACKERS, PLANNER_MAX_TARGETS) });
  if ((targetKeys?.length ?? 0) > PLANNER_MAX_TARGETS) throw tooMany("targets", PLANNER_MAX_TARGETS);
  if (attackerKeys && attackerKeys.length > PLANNER_MAX_ATTACKERS) throw tooMany("attackers", PLANNER_MAX_ATTACKERS);
  const unknown = new Set<string>();
  const collect = async (coords: Coord[]) => {
    const found = await villagesAt(deps.db, worldId, coords);
    for (const c of coords) if (!found.has(coordKey(c))) unknown.add(`${c.x}|${c.y}`);
    return coords.map((c) => found.get(coordKey(c))).filter((v): v is WorldVillage => v !== undefined);
  };
  const attackers =
    request.attackers.kind === "bots"
      ? await villagesOfPlayers(deps.db, worldId, players ?? (await botPlayers(deps.db, user, request.attackers.dsbotIds)))
      : await collect(coordsOf(attackerKeys ?? new Int32Array(0)));
  if (attackers.length > PLANNER_MAX_ATTACKERS) throw tooMany("attackers", PLANNER_MAX_ATTACKERS);
  const targets = await collect(coordsOf(targetKeys ?? new Int32Array(0)));
  return { attackers, targets, unknown: [...unknown] };
}

/** The planned attacks as rows of the plan, built a chunk at a time between turns of the event loop. */
async function plannedRows(out: PlannerTaskOutput, attackers: WorldVillage[], targets: WorldVillage[]): Promise<NewAttack[]> {
  const rows: NewAttack[] = [];
  const CHUNK = 5_000;
  for (let start = 0; start < out.from.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (let k = start; k < Math.min(out.from.length, start + CHUNK); k++) {
      const type = attackTypes[out.type[k] as number] ?? "attack";
      const template = out.templates[type] as { units: UnitCounts; unit: NewAttack["unit"] };
      rows.push({
        ...villageColumns(attackers[out.from[k] as number] as WorldVillage, targets[out.to[k] as number] as WorldVillage),
        type,
        units: template.units as Record<string, number>,
        unit: template.unit,
        sendAt: new Date(out.send[k] as number),
        arrivalAt: new Date(out.arrival[k] as number),
        priority: out.priority[k] as number,
      });
    }
  }
  return rows;
}

/** Plans (and with `save` adds) the attacks; answers the PlannerResponse as JSON text. */
export async function runPlanner(deps: PlannerDeps, user: UserRow, plan: AttackPlanRow, request: PlannerRequest): Promise<string> {
  const now = Date.now();
  const world = await requirePlanWorld(deps.db, plan);
  // "Verteidigen" (defend-planner.ts): the chosen bots on the plan's world, one support per player.
  const defenders = request.defend ? await defendingBots(deps.db, user, plan, request) : null;
  const defenderPlayers = defenders ? [...new Set(defenders.map((bot) => bot.playerName))] : undefined;
  if (defenders) refuseLateDefence(request.settings, now);
  const settings = defenderPlayers ? defendSettings(request.settings, defenderPlayers.length) : request.settings;
  const refuse = (sizes: { attackers: number; targets: number }) => {
    const message = plannerLimitError(settings, sizes, world.unitInfo, now);
    // The window's end is the field to change for a past window; the other limits concern the whole run.
    if (message) throw badRequest(message, [{ path: message === plannerMessages.windowPast ? "settings.window.to" : "settings", message }]);
  };
  // A window no village can reach any more is refused before anything is read.
  refuse({ attackers: 0, targets: 0 });
  const { attackers, targets, unknown } = await resolveVillages(deps, user, world.world.id, request, defenderPlayers);
  refuse({ attackers: attackers.length, targets: targets.length });

  const boosts = settings.useFreundschaft ? await supportBoosts(deps.db, plan, attackers.map((v) => v.playerName)) : new Map<string, number>();
  // Units at home from the newest scan of a bot playing the village's owner; unscanned villages stay unknown.
  const scans = await latestVillageTroops(deps.db, user, { server: plan.worldServer, world: plan.worldWorld }, attackers);
  const troops = new Int32Array(attackers.length * units.length);
  const known = new Uint8Array(attackers.length);
  attackers.forEach((v, i) => {
    const scan = scans.get(v.id);
    if (!scan) return;
    known[i] = 1;
    units.forEach((unit, u) => (troops[i * units.length + u] = Math.max(0, Math.floor(scan[unit] ?? 0))));
  });
  const maxDist = world.config?.snob.maxDist;
  const input: PlannerTaskInput = {
    attackers: { ...villageArrays(attackers), troops, known, boosts: Float64Array.from(attackers, (v) => boostOf(boosts, v.playerName)) },
    targets: villageArrays(targets),
    settings: {
      window: settings.window,
      counts: settings.counts,
      templates: settings.templates,
      unitInfo: world.unitInfo,
      algorithm: settings.algorithm,
      seed: settings.seed,
      avoidNightBonus: settings.avoidNightBonus,
      noblesFromUnknownVillages: settings.noblesFromUnknownVillages,
      night: world.config?.night ?? null,
      timeZone: world.timeZone,
      now,
      ...(maxDist !== undefined && maxDist > 0 ? { nobleMaxDistance: maxDist } : {}),
      ...(defenders ? { leadMs: DEFEND_LEAD_MS, onePerPlayer: true } : {}),
    },
    unknownCoords: unknown,
  };
  // Before the arrays move to the worker: what the villages could send, for a preview that plans little.
  const summary = summarizeAttackers({ troops, known }, settings);
  const transfer = [input.attackers.ids, input.attackers.xs, input.attackers.ys, troops, known, input.attackers.boosts, input.targets.ids, input.targets.xs, input.targets.ys];
  const out = await runTask(deps, "planner", input, transfer.map((a) => a.buffer as ArrayBuffer));

  let saved = 0;
  let senders: DefendSender[] | null = null;
  if (request.save && out.from.length > 0) {
    const rows = await plannedRows(out, attackers, targets);
    // The bots get the plan before its supports exist, so a refused scanner save adds nothing.
    if (defenders) senders = await handDefenceToBots(deps, user, plan, defenders, new Set(rows.map((row) => row.attackerName ?? "")));
    saved = await addAttacksToPlan(deps.db, plan, rows);
  }
  const sent = senders ? `,"senders":${JSON.stringify(senders)}` : "";
  return `${out.jsonHead},"saved":${saved},"attackerVillages":${JSON.stringify(summary)}${sent}}`;
}
