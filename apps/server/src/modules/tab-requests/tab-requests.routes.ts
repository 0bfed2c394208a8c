// /api/tab-requests: the caller's own tab requests (nobody sees another user's), and marking one done.
import type { TabRequestListResponse, TabRequestResponse } from "@dsbot/protocol";
import { tabRequestIdParamsSchema, tabRequestListQuerySchema, tabRequestMessages, tabRequestRoutes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { authenticate, caller } from "../auth/index.js";
import { presentTabRequests } from "./tab-requests.presenter.js";
import { findTabRequest, listTabRequests, markTabRequestDone } from "./tab-requests.service.js";

const list = contract({ query: tabRequestListQuerySchema });
const byId = contract({ params: tabRequestIdParamsSchema });

export function tabRequestsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(tabRequestRoutes.list.path, { config: list.config }, async (request): Promise<TabRequestListResponse> => {
      return listTabRequests(ctx.db, caller(request).user.id, list.query(request));
    });

    /** "Erledigt": an attack request counts the attack as sent by hand. */
    app.post(tabRequestRoutes.markDone.path, { config: byId.config }, async (request): Promise<TabRequestResponse> => {
      const { id } = byId.params(request);
      const row = await findTabRequest(ctx.db, caller(request).user.id, id);
      if (!row) throw notFound(tabRequestMessages.notFound);
      const { row: done, changedAttacks } = await markTabRequestDone(ctx.db, row);
      if (changedAttacks.length > 0) await ctx.events.emit("attacks.changed", { attacks: changedAttacks, planIds: [] });
      const [tabRequest] = await presentTabRequests(ctx.db, [done]);
      if (!tabRequest) throw notFound(tabRequestMessages.notFound);
      return { tabRequest };
    });
  };
}
