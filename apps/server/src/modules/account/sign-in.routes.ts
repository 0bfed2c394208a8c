// POST /api/auth/login (public), POST /api/auth/logout, GET /api/auth/me.
import type { LoginResponse, MeResponse } from "@dsbot/protocol";
import { authRoutes as routes, loginSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { presentUserOf } from "../users/index.js";
import { authenticate, caller, login, revokeSession } from "../auth/index.js";

const credentials = contract({ body: loginSchema });
const none = contract({});

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post(routes.login.path, { config: credentials.config }, async (request): Promise<LoginResponse> => {
      const result = await login(ctx.db, credentials.body(request), {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return { token: result.token, user: await presentUserOf(ctx.db, result.user) };
    });

    app.register(async (secured) => {
      secured.addHook("onRequest", authenticate(ctx.db));

      secured.post(routes.logout.path, { config: none.config }, async (request, reply) => {
        const { user, sessionId } = caller(request);
        await revokeSession(ctx.db, user.id, sessionId);
        await ctx.events.emit("sessions.revoked", { sessionIds: [sessionId], runnerTokenIds: [] });
        return reply.status(204).send();
      });

      secured.get(routes.me.path, { config: none.config }, async (request): Promise<MeResponse> => ({
        user: await presentUserOf(ctx.db, caller(request).user),
      }));
    });
  };
}
