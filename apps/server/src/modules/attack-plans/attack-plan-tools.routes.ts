// The attack plan's tools: bulk actions, import/export, the planner and the access grants.
// Like every per-plan route: 404 for a plan the caller may not see before its body is read, 403 for a
// read-only grantee's writes, owner and admins only for grants.
import type { AttackBulkResponse, AttackImportResponse, AttackPlanPermissionsResponse } from "@dsbot/protocol";
import {
  ATTACK_IMPORT_TEXT_MAX,
  attackPlanMessages,
  plannerMessages,
  attackBulkSchema,
  attackExportSchema,
  attackImportSchema,
  attackPlanGrantSchema,
  attackPlanIdParamsSchema,
  attackPlanPermissionParamsSchema,
  attackPlanRoutes,
  plannerRequestSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { parse } from "../../http/parse.js";
import { UserSlots } from "../../http/user-slots.js";
import { emitAttacksChanged } from "./attack-events.js";
import { authenticate, caller } from "../auth/index.js";
import { exportAttacks } from "./attack-export.service.js";
import { importAttacks } from "./attack-import.service.js";
import { grantPlanAccess, listPlanPermissions, revokePlanAccess } from "./attack-plan-permissions.service.js";
import type { PlanNeed } from "../../policies/attack-plans.policy.js";
import { requireAccess, requirePlan } from "../../policies/attack-plans.policy.js";
import { touchPlan } from "./attack-plans.service.js";
import { runPlanner } from "./attack-planner.service.js";
import { bulkAttacks } from "./attack-bulk.service.js";

/**
 * Imports and the planner take long texts (a 50,000-line DS Workbench export is about 6 MB): their
 * routes take bodies up to twice the text limit in bytes, every other route keeps the app's 1 MiB.
 */
export const ATTACK_TEXT_BODY_LIMIT = 2 * ATTACK_IMPORT_TEXT_MAX;

/** Exports running at once on an instance (each holds up to DSBOT_EXPORT_MAX_MB of text, about three times over while it is sent). */
export const EXPORTS_AT_ONCE = 3;

const byId = contract({ params: attackPlanIdParamsSchema });
const bulk = contract({ params: attackPlanIdParamsSchema, body: attackBulkSchema });
const importing = contract({ params: attackPlanIdParamsSchema, body: attackImportSchema });
const exporting = contract({ params: attackPlanIdParamsSchema, body: attackExportSchema });
const planner = contract({ params: attackPlanIdParamsSchema, body: plannerRequestSchema });
const permission = contract({ params: attackPlanPermissionParamsSchema });
const grant = contract({ params: attackPlanPermissionParamsSchema, body: attackPlanGrantSchema });

export function attackPlanToolsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));
    // One planner run per user; how many run at once across users is the worker pool's queue.
    const plannerRuns = new UserSlots(Number.MAX_SAFE_INTEGER, { busy: plannerMessages.running, full: plannerMessages.busy });

    async function target(request: FastifyRequest, need: PlanNeed) {
      const { id } = byId.params(request);
      const { user } = caller(request);
      return { user, ...(await requirePlan(ctx.db, user, id, need)) };
    }

    app.post(attackPlanRoutes.bulk.path, { config: bulk.config }, async (request): Promise<AttackBulkResponse> => {
      const { plan } = await target(request, "edit");
      const { affected, statusChanged } = await bulkAttacks(ctx.db, plan.id, bulk.body(request));
      if (affected > 0) await touchPlan(ctx.db, plan.id);
      // Everyone looking at the plan sees new statuses (and deleted rows) at once: one message, however many rows.
      await emitAttacksChanged(ctx, statusChanged, affected > 0 ? [plan.id] : []);
      return { affected };
    });

    app.post(
      attackPlanRoutes.importAttacks.path,
      { config: importing.config, bodyLimit: ATTACK_TEXT_BODY_LIMIT },
      async (request): Promise<AttackImportResponse> => {
        const { plan } = await target(request, "edit");
        const imported = await importAttacks(ctx.db, plan, importing.body(request));
        await emitAttacksChanged(ctx, [], [plan.id]);
        return { imported };
      },
    );

    /** Reading is enough: an export changes nothing. One export per user at a time, a few at once in all. */
    const exportSlots = new UserSlots(EXPORTS_AT_ONCE, { busy: attackPlanMessages.exportRunning, full: attackPlanMessages.exportsBusy });
    app.post(attackPlanRoutes.exportAttacks.path, { config: exporting.config }, async (request, reply) => {
      const { user, plan } = await target(request, "read");
      const input = exporting.body(request);
      // Already JSON (an AttackExportResponse), escaped a chunk at a time.
      const body = await exportSlots.run(user.id, () => exportAttacks(ctx.db, plan, input, ctx.config.exportMaxChars));
      return reply.type("application/json; charset=utf-8").send(body);
    });

    /**
     * A preview needs to see the plan; saving the planned attacks needs edit access. One run per user at
     * a time; the answer (a PlannerResponse) comes as JSON text written by the planner's worker.
     */
    app.post(attackPlanRoutes.planner.path, { config: planner.config, bodyLimit: ATTACK_TEXT_BODY_LIMIT }, async (request, reply) => {
      const { user, plan, access } = await target(request, "read");
      const input = planner.body(request);
      if (input.save) requireAccess(access, "edit");
      const json = await plannerRuns.run(user.id, () => runPlanner(ctx, user, plan, input));
      if (input.save) await emitAttacksChanged(ctx, [], [plan.id]);
      return reply.type("application/json; charset=utf-8").send(json);
    });

    app.get(attackPlanRoutes.permissions.path, { config: byId.config }, async (request): Promise<AttackPlanPermissionsResponse> => {
      const { plan } = await target(request, "read");
      return { permissions: await listPlanPermissions(ctx, plan.id) };
    });

    app.post(attackPlanRoutes.grant.path, { config: grant.config }, async (request, reply) => {
      const { user, plan } = await target(request, "manage");
      const { userId } = grant.params(request);
      // A bare POST (no body) grants read access, as the bot grant takes no body.
      const { level } = parse(attackPlanGrantSchema, request.body ?? {});
      await grantPlanAccess(ctx, user, plan, userId, level);
      return reply.status(204).send();
    });

    app.delete(attackPlanRoutes.revoke.path, { config: permission.config }, async (request, reply) => {
      const { user, plan } = await target(request, "manage");
      const { userId } = permission.params(request);
      await revokePlanAccess(ctx, user, plan, userId);
      return reply.status(204).send();
    });
  };
}
