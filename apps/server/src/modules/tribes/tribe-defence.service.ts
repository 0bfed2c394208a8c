// Verteidigung planen (packages/protocol/src/tribe-defence.ts): a Koordinator or the Anführer answers an
// open support request. Candidates are the other members' villages (the nearest TRIBE_DEFENCE_MAX_CANDIDATES)
// whose shared defensive units land by the deadline when sent DEFEND_LEAD_MS from now; a village under attack itself is left out unless
// chosen, and one that already sends to this request is not asked twice; what the tribe's other
// supports hold or took of a village is not offered again (tribe-defence-committed.ts). Only what is still missing is
// planned (the request less the supports that will be there in time), so planning again fills the gap
// left by a failed or late support. The allocation runs on a worker thread.
//
// Saving writes each member's supports as support commands into the member's own plan
// "Stamm-Verteidigung [TAG]" (made on first use) and puts that plan on the member's bots' Offplaner
// Scanner, as the member's own module save, so a running bot sends them to the millisecond; a command
// no running bot will send becomes the member's tab request when it is due (attack-clock.ts). The
// coordinator reads nothing of the members' bots: the plan is handed over on the member's behalf.
import type { DefenceInput, PlannedDefence, TribeDefencePlan, TribeDefenceResponse, TribeDefenceSupport, TribeRole } from "@dsbot/protocol";
import {
  DEFEND_LEAD_MS,
  plannerMessages,
  formatServerTime,
  remainingNeed,
  requestedMeasure,
  TRIBE_DEFENCE_MAX_CANDIDATES,
  TRIBE_DEFENCE_MAX_SUPPORTS,
  tribeDefenceMessages,
  tribeRequestMessages,
} from "@dsbot/protocol";
import { and, eq, isNull } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Config } from "../../core/config.js";
import { attackPlans, dsbots, tribeMembers, tribeRequestSupports, tribeSupportRequests, users } from "../../db/schema.js";
import type { AttackPlanRow, TribeRow, TribeSupportRequestRow, UserRow } from "../../db/schema.js";
import { badRequest, conflict, HttpError, notFound, tooManyRequests, unprocessable } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { lockForTransaction } from "../../db/locks.js";
import type { WorkerPool } from "../../workers/worker-pool.js";
import { WorkerTaskError } from "../../workers/worker-pool.js";
import { emitAttacksChanged, handDefenceToBots, insertAttacksReturningIds } from "../attack-plans/index.js";
import type { NewAttack } from "../attack-plans/index.js";
import { notificationLinks, notificationTexts, notify } from "../notifications/index.js";
import type { WorldVillage } from "../worlds/index.js";
import { coordKey, findPlanWorld, villagesAt, worldZoneOf } from "../worlds/index.js";
import { tribeUnitInfo } from "./tribe-request-helpers.js";
import { commitmentsOfTribe, uncommitted } from "./tribe-defence-committed.js";
import type { SharedVillage } from "./tribe-defence-supports.js";
import { sharedVillages, supportsOfRequests } from "./tribe-defence-supports.js";
import { boardCachesOf } from "./tribe-board-pages.js";
import { targetsUnderAttack } from "./tribe-board-scopes.js";

export interface DefenceDeps extends BotContext {
  workers: WorkerPool;
  config: Pick<Config, "plannerTimeoutMs">;
}

const coordinates = (v: { x: number; y: number }) => `${v.x}|${v.y}`;

async function openRequest(deps: DefenceDeps, tribe: TribeRow, requestId: number, now: Date): Promise<TribeSupportRequestRow> {
  if (requestId > MAX_SERIAL_ID) throw notFound(tribeRequestMessages.notFound);
  const [row] = await deps.db
    .select()
    .from(tribeSupportRequests)
    .where(and(eq(tribeSupportRequests.id, requestId), eq(tribeSupportRequests.tribeId, tribe.id), isNull(tribeSupportRequests.withdrawnAt)));
  if (!row) throw notFound(tribeRequestMessages.notFound);
  if (row.attackArrivalAt <= now) throw conflict(tribeDefenceMessages.closed);
  return row;
}

/** The allocation on a worker thread, with the planner's time limit and its German refusals. */
async function allocate(deps: DefenceDeps, input: DefenceInput): Promise<{ supports: PlannedDefence[]; covered: number }> {
  try {
    return await deps.workers.run("tribeDefence", input, { timeoutMs: deps.config.plannerTimeoutMs });
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    if (error.reason === "timeout") throw unprocessable(plannerMessages.timeout(deps.config.plannerTimeoutMs / 1000));
    if (error.reason === "busy") throw tooManyRequests(plannerMessages.busy);
    throw new HttpError(503, "internal", plannerMessages.busy);
  }
}

/** The member's plan for the tribe's supports: the one on record if it still exists, else a new one. */
async function defencePlan(deps: DefenceDeps, tribe: TribeRow, memberId: number): Promise<AttackPlanRow> {
  const [member] = await deps.db
    .select({ plan: attackPlans })
    .from(tribeMembers)
    .leftJoin(attackPlans, eq(attackPlans.id, tribeMembers.defencePlanId))
    .where(and(eq(tribeMembers.tribeId, tribe.id), eq(tribeMembers.userId, memberId)));
  if (member?.plan) return member.plan;
  const [plan] = await deps.db
    .insert(attackPlans)
    .values({ ownerId: memberId, name: tribeDefenceMessages.planName(tribe.tag), worldServer: tribe.worldServer, worldWorld: tribe.worldWorld })
    .returning();
  if (!plan) throw new Error("no plan");
  await deps.db
    .update(tribeMembers)
    .set({ defencePlanId: plan.id })
    .where(and(eq(tribeMembers.tribeId, tribe.id), eq(tribeMembers.userId, memberId)));
  return plan;
}

interface Planned {
  village: SharedVillage;
  support: TribeDefenceSupport;
}

/**
 * Writes each member's supports into their plan, links them to the request and hands the plan to their
 * bots. The writes are one transaction under a lock on the request that first checks the request's
 * supports are still the ones this plan was made over: of two coordinators saving at once (or two
 * instances planning the demo), the second gets a 409 and nothing of it is written.
 */
async function saveSupports(
  deps: DefenceDeps,
  tribe: TribeRow,
  request: TribeSupportRequestRow,
  planner: UserRow,
  planned: readonly Planned[],
  basedOn: ReadonlySet<number>,
): Promise<void> {
  const world = await findPlanWorld(deps.db, tribe);
  const target: WorldVillage = {
    id: request.targetVillageId ?? 0,
    name: request.targetName ?? coordinates({ x: request.targetX, y: request.targetY }),
    x: request.targetX,
    y: request.targetY,
    playerId: null,
    playerName: null,
  };
  const known = world ? await villagesAt(deps.db, world.id, [target, ...planned.map((p) => p.village)]) : new Map<number, WorldVillage>();
  const targetVillage = known.get(coordKey(target)) ?? target;
  if (targetVillage.id === 0) throw badRequest(tribeDefenceMessages.targetUnknown);

  const byMember = new Map<number, Planned[]>();
  for (const p of planned) byMember.set(p.village.memberId, [...(byMember.get(p.village.memberId) ?? []), p]);
  const writes: { memberId: number; plan: AttackPlanRow; rows: NewAttack[]; first: number }[] = [];
  for (const [memberId, list] of byMember) {
    const plan = await defencePlan(deps, tribe, memberId);
    const [member] = await deps.db.select().from(users).where(eq(users.id, memberId));
    if (!member) continue;
    const players = new Set(list.map((p) => p.village.playerName ?? ""));
    // The bots get the plan before its supports exist, as "Verteidigen" does.
    const bots = await deps.db
      .select()
      .from(dsbots)
      .where(and(eq(dsbots.ownerId, memberId), eq(dsbots.worldServer, tribe.worldServer), eq(dsbots.worldWorld, tribe.worldWorld)));
    await handDefenceToBots(deps, member, plan, bots, players);
    const rows: NewAttack[] = list.map(({ village, support }) => {
      const source = known.get(coordKey(village));
      return {
        sourceVillageId: village.villageId,
        sourceName: village.name,
        sourceX: village.x,
        sourceY: village.y,
        attackerId: source?.playerId ?? null,
        attackerName: village.playerName ?? source?.playerName ?? null,
        targetVillageId: targetVillage.id,
        targetName: targetVillage.name,
        targetX: targetVillage.x,
        targetY: targetVillage.y,
        defenderId: targetVillage.playerId,
        defenderName: targetVillage.playerName,
        type: "support",
        units: support.units as Record<string, number>,
        unit: support.unit,
        sendAt: new Date(support.sendAt),
        arrivalAt: new Date(support.arrivalAt),
        priority: 1,
      };
    });
    writes.push({ memberId, plan, rows, first: Math.min(...list.map((p) => p.support.sendAt)) });
  }

  await deps.db.transaction(async (tx) => {
    await lockForTransaction(tx, `tribe-defence:${request.id}`);
    const now = await tx.select({ id: tribeRequestSupports.attackId }).from(tribeRequestSupports).where(eq(tribeRequestSupports.requestId, request.id));
    if (now.length !== basedOn.size || now.some((r) => !basedOn.has(r.id))) throw conflict(tribeDefenceMessages.changed);
    for (const { memberId, plan, rows } of writes) {
      const ids = await insertAttacksReturningIds(tx, plan, rows);
      await tx.insert(tribeRequestSupports).values(ids.map((attackId) => ({ requestId: request.id, attackId, tribeId: tribe.id, memberId, plannedBy: planner.id })));
    }
  });

  const zone = await worldZoneOf(deps.db, { server: tribe.worldServer, world: tribe.worldWorld });
  const place = `${request.targetName ?? "Dorf"} (${coordinates(target)})`;
  for (const { memberId, rows, first } of writes) {
    await notify(deps, [memberId].filter((id) => id !== planner.id), {
      ...notificationTexts.defenceAssigned(planner.username, rows.length, place, formatServerTime(first, zone)),
      link: notificationLinks.tribe(tribe.id),
    });
  }
  await emitAttacksChanged(
    deps,
    [],
    writes.map((w) => w.plan.id),
  );
}

/** Plans the missing part of a request (a preview, or saved with `body.save`). */
export async function planDefence(
  deps: DefenceDeps,
  tribe: TribeRow,
  planner: UserRow,
  role: TribeRole,
  requestId: number,
  body: TribeDefencePlan,
  now = Date.now(),
): Promise<TribeDefenceResponse> {
  if (role === "member") throw new HttpError(403, "forbidden", tribeDefenceMessages.coordinatorOnly);
  const request = await openRequest(deps, tribe, requestId, new Date(now));
  const neededBy = request.neededBy.getTime();
  const sendAt = now + DEFEND_LEAD_MS;
  if (neededBy <= sendAt) throw badRequest(tribeDefenceMessages.tooLate);
  // Independent reads: at once on PostgreSQL (a connection each), one after the other on PGlite.
  const [existingOf, underAttack, commitments, unitInfo] = await Promise.all([
    supportsOfRequests(deps.db, [request.id]),
    targetsUnderAttack(deps.db, tribe, new Date(now), boardCachesOf(deps).scopes),
    commitmentsOfTribe(deps.db, tribe.id, now),
    tribeUnitInfo(deps.db, tribe),
  ]);
  const existing = existingOf.get(request.id) ?? [];
  const requested = requestedMeasure(request.need);
  const need = remainingNeed(request.need, neededBy, existing, now);
  if (!need) throw conflict(tribeDefenceMessages.covered);
  const missing = requestedMeasure(need);

  const sending = new Set(existing.filter((s) => s.status !== "failed" && s.status !== "expired" && s.status !== "cancelled").map((s) => s.source.id));
  const chosen = new Set(body.includeVillageIds);
  const target = { x: request.targetX, y: request.targetY };
  const common = { target, need, neededBy, sendAt, unitInfo, maxSupports: TRIBE_DEFENCE_MAX_SUPPORTS };

  // The nearest TRIBE_DEFENCE_MAX_CANDIDATES shared villages, in one read: reading the nearest 1,000
  // first and the rest when they did not cover the need sorted every shared village twice, which put a
  // request nothing covers over its budget (bench/tribe-board.mjs).
  const read = await sharedVillages(deps.db, tribe, request.memberId, target, TRIBE_DEFENCE_MAX_CANDIDATES);
  const villages = read.filter((v) => !sending.has(v.villageId)).map((v) => ({ ...v, units: uncommitted(v.units, commitments.get(v.villageId), v.at.getTime()) }));
  const attacked = villages.filter((v) => underAttack.has(v.x * 1000 + v.y) && !chosen.has(v.villageId));
  const candidates = villages.filter((v) => !underAttack.has(v.x * 1000 + v.y) || chosen.has(v.villageId));
  const result = await allocate(deps, { ...common, candidates: candidates.map((v) => ({ x: v.x, y: v.y, units: v.units })) });
  // Under attack and left out: those that could have helped in time.
  const couldHelp =
    attacked.length === 0
      ? { supports: [] }
      : await allocate(deps, { ...common, maxSupports: attacked.length, candidates: attacked.map((v) => ({ x: v.x, y: v.y, units: v.units })) });

  const planned: Planned[] = result.supports.map((p) => {
    const village = candidates[p.candidate] as SharedVillage;
    return {
      village,
      support: {
        id: null,
        planId: null,
        member: { userId: village.memberId, username: village.username },
        source: { id: village.villageId, name: village.name, coordinates: coordinates(village) },
        units: p.units,
        unit: p.unit,
        sendAt: p.sendAt,
        arrivalAt: p.arrivalAt,
        status: "planned",
        realArrivalAt: null,
        seenInVillageAt: null,
        error: null,
      },
    };
  });
  if (body.save && planned.length > 0) await saveSupports(deps, tribe, request, planner, planned, new Set(existing.map((e) => e.id as number)));
  const saved = body.save && planned.length > 0;
  const supports = saved ? ((await supportsOfRequests(deps.db, [request.id])).get(request.id) ?? []).filter((s) => !existing.some((e) => e.id === s.id)) : planned.map((p) => p.support);
  return {
    supports,
    underAttack: couldHelp.supports.map((p) => {
      const v = attacked[p.candidate] as SharedVillage;
      return { id: v.villageId, name: v.name, coordinates: coordinates(v), member: v.username };
    }),
    requested,
    covered: result.covered,
    missing,
    saved,
  };
}
