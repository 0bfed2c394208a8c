// POST /api/auth/login (public), POST /api/auth/logout, GET /api/auth/me.
import type { LoginResponse, MeResponse } from "@dsbot/protocol";
import { loginSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../app-context.js";
import { parse } from "../../http/parse.js";
import { presentUser } from "../users/users.presenter.js";
import { authenticate, caller } from "./auth-context.js";
import { login } from "./login.service.js";
import { revokeSession } from "./sessions.service.js";

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post("/api/auth/login", async (request): Promise<LoginResponse> => {
      const input = parse(loginSchema, request.body);
      const result = await login(ctx.db, input, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return { token: result.token, user: presentUser(result.user) };
    });

    app.register(async (secured) => {
      secured.addHook("onRequest", authenticate(ctx.db));

      secured.post("/api/auth/logout", async (request, reply) => {
        const { user, sessionId } = caller(request);
        await revokeSession(ctx.db, user.id, sessionId);
        ctx.sockets.disconnectSessions([sessionId]);
        return reply.status(204).send();
      });

      secured.get("/api/auth/me", async (request): Promise<MeResponse> => ({ user: presentUser(caller(request).user) }));
    });
  };
}
