// /api/alert-channels and /api/alert-rules: the caller's alert channels (Profil → Benachrichtigungen),
// their test message and delivery log, an e-mail address's confirmation, and which events go to which of them. Always the caller's own: another user's channel answers 404, admins included.
import type { AlertChannelCreatedResponse, AlertChannelListResponse, AlertChannelResponse, AlertDeliveryListResponse, AlertRulesResponse, AlertTestResponse } from "@dsbot/protocol";
import { alertChannelConfirmSchema, alertChannelCreateSchema, alertChannelIdParamsSchema, alertChannelMessages, alertChannelUpdateSchema, alertRoutes as routes, alertRulesUpdateSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { contract } from "../../http/contract.js";
import type { AppContext } from "../../platform/app-context.js";
import { authenticate, caller } from "../auth/index.js";
import { confirmChannel, createChannel, deleteChannel, listChannels, listDeliveries, queueTest, updateChannel } from "./alert-channels.service.js";
import { deliverDue } from "./alert-outbox.js";
import { readRules, saveRules } from "./alert-rules.service.js";

const list = contract({});
const create = contract({ body: alertChannelCreateSchema });
const byId = contract({ params: alertChannelIdParamsSchema });
const update = contract({ params: alertChannelIdParamsSchema, body: alertChannelUpdateSchema });
const rules = contract({ body: alertRulesUpdateSchema });
const confirm = contract({ params: alertChannelIdParamsSchema, body: alertChannelConfirmSchema });

export function alertsRoutes(ctx: AppContext): FastifyPluginAsync {
  /** A delivery round now rather than on the next tick (where the rounds run at all). */
  const kick = (request: FastifyRequest) => {
    if (ctx.config.alertDelivery) void deliverDue(ctx).catch((error: unknown) => request.log.error({ err: error }, "alert delivery failed"));
  };
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.list.path, { config: list.config }, async (request): Promise<AlertChannelListResponse> => ({
      channels: await listChannels(ctx.db, caller(request).user.id),
    }));

    app.post(routes.create.path, { config: create.config }, async (request, reply) => {
      const created = await createChannel(ctx.db, ctx.config, caller(request).user.id, create.body(request));
      // An e-mail address's code goes now rather than on the next round.
      if (created.channel.kind === "email") kick(request);
      return reply.status(201).send(created satisfies AlertChannelCreatedResponse);
    });

    /** The channel's own first (404), then the code (400). */
    app.post(routes.confirm.path, { config: confirm.config }, async (request): Promise<AlertChannelResponse> => ({
      channel: await confirmChannel(ctx.db, ctx.config, caller(request).user.id, confirm.params(request).id, () => confirm.body(request).code),
    }));

    app.patch(routes.update.path, { config: update.config }, async (request): Promise<AlertChannelResponse> => ({
      channel: await updateChannel(ctx.db, caller(request).user.id, update.params(request).id, update.body(request)),
    }));

    app.delete(routes.remove.path, { config: byId.config }, async (request, reply) => {
      await deleteChannel(ctx.db, caller(request).user.id, byId.params(request).id);
      return reply.status(204).send();
    });

    app.post(routes.test.path, { config: byId.config }, async (request, reply) => {
      await queueTest(ctx.db, caller(request).user.id, byId.params(request).id);
      // Sent now rather than on the next round (where the rounds run at all).
      kick(request);
      return reply.status(202).send({ message: alertChannelMessages.testQueued } satisfies AlertTestResponse);
    });

    app.get(routes.deliveries.path, { config: byId.config }, async (request): Promise<AlertDeliveryListResponse> => ({
      deliveries: await listDeliveries(ctx.db, caller(request).user.id, byId.params(request).id),
    }));

    app.get(routes.rules.path, { config: list.config }, async (request): Promise<AlertRulesResponse> => readRules(ctx.db, caller(request).user));

    app.put(routes.saveRules.path, { config: rules.config }, async (request): Promise<AlertRulesResponse> => saveRules(ctx.db, caller(request).user, rules.body(request)));
  };
}
