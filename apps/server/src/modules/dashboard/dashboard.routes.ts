// The dashboard's overview cards: incomings, troops, attacks and bots at a glance, and whether this is
// the user's first session (the "Erste Schritte" card).
import type { DashboardResponse } from "@dsbot/protocol";
import { dashboardRoutes as routes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { authenticate, caller, isFirstSession } from "../auth/index.js";
import { incomingWalksOf } from "../incomings/index.js";
import { dashboard } from "./dashboard.service.js";

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsync {
  const walks = incomingWalksOf(ctx);
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.get.path, async (request): Promise<DashboardResponse> => {
      const { user, sessionId } = caller(request);
      const [figures, firstSession] = await Promise.all([dashboard(ctx.db, user, walks), isFirstSession(ctx.db, user.id, sessionId)]);
      return { ...figures, firstSession };
    });
  };
}
