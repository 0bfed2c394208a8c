// /api/attack-plans (contract in the protocol's attack-plans/api.ts): the plans, and the
// attack table with its single-attack writes and the form's village lookup. Every per-plan route
// answers 404 for a plan the caller may not see before it reads its body; writes need edit access.
import type {
  AttackListResponse,
  AttackPlanListResponse,
  AttackPlanResponse,
  AttackResponse,
  AttackTrainResponse,
  AttackVillageLookupResponse,
  AttackVillageTroopsResponse,
} from "@dsbot/protocol";
import {
  attackCreateSchema,
  attackIdParamsSchema,
  attackListQuerySchema,
  attackPlanCreateSchema,
  attackPlanIdParamsSchema,
  attackPlanListQuerySchema,
  attackPlanMessages,
  attackPlanRoutes,
  attackPlanUpdateSchema,
  attackTrainSchema,
  attackUpdateSchema,
  attackVillageLookupQuerySchema,
  attackVillageTroopsQuerySchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { emitAttacksChanged } from "./attack-events.js";
import { authenticate, caller } from "../auth/index.js";
import { latestVillageScans } from "../troops/index.js";
import type { PlanNeed } from "../../policies/attack-plans.policy.js";
import { requirePlan } from "../../policies/attack-plans.policy.js";
import { presentAttack, presentVillage } from "./attack-plans.presenter.js";
import { createPlan, deletePlan, listPlans, planView, renamePlan } from "./attack-plans.service.js";
import { createAttack, createAttackTrain, deleteAttack, updateAttack } from "./attack-write.service.js";
import { listAttacks } from "./attack-table.service.js";
import { findAttack } from "./attacks.service.js";
import { coordKey, requirePlanWorld, villagesAt } from "../worlds/index.js";

const list = contract({ query: attackPlanListQuerySchema });
const create = contract({ body: attackPlanCreateSchema });
const byId = contract({ params: attackPlanIdParamsSchema });
const rename = contract({ params: attackPlanIdParamsSchema, body: attackPlanUpdateSchema });
const attackList = contract({ params: attackPlanIdParamsSchema, query: attackListQuerySchema });
const attackCreate = contract({ params: attackPlanIdParamsSchema, body: attackCreateSchema });
const attackTrain = contract({ params: attackPlanIdParamsSchema, body: attackTrainSchema });
const attackById = contract({ params: attackIdParamsSchema });
const attackUpdate = contract({ params: attackIdParamsSchema, body: attackUpdateSchema });
const villageLookup = contract({ params: attackPlanIdParamsSchema, query: attackVillageLookupQuerySchema });
const villageTroops = contract({ params: attackPlanIdParamsSchema, query: attackVillageTroopsQuerySchema });

export function attackPlansRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    /** The plan of the route's `:id` with the caller's access, after the visibility and access checks. */
    async function target(request: FastifyRequest, need: PlanNeed) {
      const { id } = byId.params(request);
      const { user } = caller(request);
      return { user, ...(await requirePlan(ctx.db, user, id, need)) };
    }

    /** The attack of the route's `:attackId` in the plan (404 for an attack of another plan). */
    async function targetAttack(request: FastifyRequest, need: PlanNeed) {
      const { attackId } = attackById.params(request);
      const found = await target(request, need);
      const attack = await findAttack(ctx.db, found.plan.id, attackId);
      if (!attack) throw notFound(attackPlanMessages.attackNotFound);
      return { ...found, attack };
    }

    app.get(attackPlanRoutes.list.path, { config: list.config }, async (request): Promise<AttackPlanListResponse> => {
      return listPlans(ctx.db, caller(request).user, list.query(request));
    });

    app.post(attackPlanRoutes.create.path, { config: create.config }, async (request, reply) => {
      const input = create.body(request);
      const plan = await createPlan(ctx.db, caller(request).user, input);
      const body: AttackPlanResponse = { attackPlan: await planView(ctx.db, { plan, access: "owner" }) };
      return reply.status(201).send(body);
    });

    app.get(attackPlanRoutes.detail.path, { config: byId.config }, async (request): Promise<AttackPlanResponse> => {
      const found = await target(request, "read");
      return { attackPlan: await planView(ctx.db, found) };
    });

    app.patch(attackPlanRoutes.update.path, { config: rename.config }, async (request): Promise<AttackPlanResponse> => {
      const { plan, access } = await target(request, "edit");
      const { name } = rename.body(request);
      return { attackPlan: await planView(ctx.db, { plan: await renamePlan(ctx.db, plan, name), access }) };
    });

    app.delete(attackPlanRoutes.remove.path, { config: byId.config }, async (request, reply) => {
      const { plan } = await target(request, "manage");
      await deletePlan(ctx.db, plan.id);
      return reply.status(204).send();
    });

    app.get(attackPlanRoutes.attacks.path, { config: attackList.config }, async (request): Promise<AttackListResponse> => {
      const { plan } = await target(request, "read");
      const { rows, totals } = await listAttacks(ctx.db, plan, attackList.query(request));
      return { attacks: rows.map(presentAttack), totals };
    });

    app.post(attackPlanRoutes.createAttack.path, { config: attackCreate.config }, async (request, reply) => {
      const { plan } = await target(request, "edit");
      const created = await createAttack(ctx.db, plan, attackCreate.body(request));
      await emitAttacksChanged(ctx, [], [plan.id]);
      const body: AttackResponse = { attack: presentAttack(created) };
      return reply.status(201).send(body);
    });

    app.post(attackPlanRoutes.createTrain.path, { config: attackTrain.config }, async (request, reply) => {
      const { plan } = await target(request, "edit");
      const created = await createAttackTrain(ctx.db, plan, attackTrain.body(request));
      await emitAttacksChanged(ctx, [], [plan.id]);
      const body: AttackTrainResponse = { attacks: created.map(presentAttack) };
      return reply.status(201).send(body);
    });

    app.put(attackPlanRoutes.updateAttack.path, { config: attackUpdate.config }, async (request): Promise<AttackResponse> => {
      const { plan, attack } = await targetAttack(request, "edit");
      const updated = await updateAttack(ctx.db, plan, attack, attackUpdate.body(request));
      await emitAttacksChanged(ctx, [], [plan.id]);
      return { attack: presentAttack(updated) };
    });

    app.delete(attackPlanRoutes.removeAttack.path, { config: attackById.config }, async (request, reply) => {
      const { plan, attack } = await targetAttack(request, "edit");
      await deleteAttack(ctx.db, plan, attack);
      await emitAttacksChanged(ctx, [], [plan.id]);
      return reply.status(204).send();
    });

    /** The attack form's lookup: the village at `x|y` on the plan's world, or null. */
    app.get(attackPlanRoutes.village.path, { config: villageLookup.config }, async (request): Promise<AttackVillageLookupResponse> => {
      const { plan } = await target(request, "read");
      const { coords } = villageLookup.query(request);
      const world = await requirePlanWorld(ctx.db, plan);
      const village = (await villagesAt(ctx.db, world.world.id, [coords])).get(coordKey(coords));
      return { village: village ? presentVillage(village) : null };
    });

    /**
     * The attack form's warning: the units at home in the start village at `x|y` by the newest scan of a
     * bot of its player that the caller may see (as the planner reads them), or null.
     */
    app.get(attackPlanRoutes.villageTroops.path, { config: villageTroops.config }, async (request): Promise<AttackVillageTroopsResponse> => {
      const { plan, user } = await target(request, "read");
      const { coords } = villageTroops.query(request);
      const world = await requirePlanWorld(ctx.db, plan);
      const village = (await villagesAt(ctx.db, world.world.id, [coords])).get(coordKey(coords));
      if (!village) return { troops: null };
      const scan = (await latestVillageScans(ctx.db, user, { server: plan.worldServer, world: plan.worldWorld }, [village])).get(village.id);
      return { troops: scan ? { villageId: village.id, coordinates: `${village.x}|${village.y}`, units: scan.units, scannedAt: scan.scannedAt.getTime() } : null };
    });
  };
}
