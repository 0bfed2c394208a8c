// /api/profile: the signed-in user's own world, password and sessions.
import type { MeResponse, SessionListResponse } from "@dsbot/protocol";
import { errorMessages, passwordChangeSchema, profileUpdateSchema, userIdParamsSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../app-context.js";
import { badRequest, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID, parse } from "../../http/parse.js";
import { authenticate, caller } from "../auth/auth-context.js";
import { verifyPassword } from "../auth/password.js";
import { listActiveSessions, revokeSession, revokeUserSessions } from "../auth/sessions.service.js";
import { presentSession, presentUser } from "../users/users.presenter.js";
import { setPassword, updateWorld } from "../users/users.service.js";

/** Session ids are plain positive ids, like user ids. */
const sessionIdParamsSchema = userIdParamsSchema;

export function profileRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.patch("/api/profile", async (request): Promise<MeResponse> => {
      const { world } = parse(profileUpdateSchema, request.body);
      const user = await updateWorld(ctx.db, caller(request).user.id, world);
      return { user: presentUser(user) };
    });

    app.post("/api/profile/password", async (request, reply) => {
      const input = parse(passwordChangeSchema, request.body);
      const { user, sessionId } = caller(request);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        const message = errorMessages.wrongCurrentPassword;
        throw badRequest(message, [{ path: "currentPassword", message }]);
      }
      await setPassword(ctx.db, user.id, input.newPassword);
      // Whoever might know the old password is thrown out everywhere except here.
      ctx.sockets.disconnectSessions(await revokeUserSessions(ctx.db, user.id, sessionId));
      return reply.status(204).send();
    });

    app.get("/api/profile/sessions", async (request): Promise<SessionListResponse> => {
      const { user, sessionId } = caller(request);
      const sessions = await listActiveSessions(ctx.db, user.id);
      return { sessions: sessions.map((s) => presentSession(s, sessionId)) };
    });

    app.delete("/api/profile/sessions/:id", async (request, reply) => {
      const { id } = parse(sessionIdParamsSchema, request.params);
      const revoked = id > MAX_SERIAL_ID ? null : await revokeSession(ctx.db, caller(request).user.id, id);
      if (revoked === null) throw notFound();
      ctx.sockets.disconnectSessions([revoked]);
      return reply.status(204).send();
    });
  };
}
