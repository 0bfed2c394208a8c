// /api/profile: the signed-in user's own world, password and sessions.
import type { MeResponse, SessionListResponse } from "@dsbot/protocol";
import { errorMessages, passwordChangeSchema, profileRoutes as routes, profileUpdateSchema, userIdParamsSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { badRequest, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { authenticate, caller, listActiveSessions, revokeSession, signOutEverywhere, verifyPassword } from "../auth/index.js";
import { reserveGuess } from "../limits/index.js";
import { presentSession, presentUserOf, setPassword, updateWorld } from "../users/index.js";

const update = contract({ body: profileUpdateSchema });
const password = contract({ body: passwordChangeSchema });
/** Session ids are plain positive ids, like user ids. */
const session = contract({ params: userIdParamsSchema });
const none = contract({});

export function profileRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.patch(routes.update.path, { config: update.config }, async (request): Promise<MeResponse> => {
      const user = await updateWorld(ctx.db, caller(request).user.id, update.body(request).world);
      // A world the server does not know yet is added and synced at once.
      ctx.worldSync.kick();
      return { user: await presentUserOf(ctx.db, user) };
    });

    /**
     * The current password is a guess like a login's and shares its limit (5 per username+IP in 5
     * minutes). A new password signs out everything but this session: other sessions and all runners.
     */
    app.post(routes.changePassword.path, { config: password.config }, async (request, reply) => {
      const input = password.body(request);
      const { user, sessionId } = caller(request);
      const guess = await reserveGuess(ctx.db, { username: user.username, ip: request.ip });
      const right = await verifyPassword(user.passwordHash, input.currentPassword);
      await guess.settle(right);
      if (!right) {
        const message = errorMessages.wrongCurrentPassword;
        throw badRequest(message, [{ path: "currentPassword", message }]);
      }
      await setPassword(ctx.db, user.id, input.newPassword);
      await signOutEverywhere(ctx, user.id, sessionId);
      return reply.status(204).send();
    });

    app.get(routes.sessions.path, { config: none.config }, async (request): Promise<SessionListResponse> => {
      const { user, sessionId } = caller(request);
      const sessions = await listActiveSessions(ctx.db, user.id);
      return { sessions: sessions.map((s) => presentSession(s, sessionId)) };
    });

    app.delete(routes.endSession.path, { config: session.config }, async (request, reply) => {
      const { id } = session.params(request);
      const revoked = id > MAX_SERIAL_ID ? null : await revokeSession(ctx.db, caller(request).user.id, id);
      if (revoked === null) throw notFound();
      await ctx.events.emit("sessions.revoked", { sessionIds: [revoked], runnerTokenIds: [] });
      return reply.status(204).send();
    });
  };
}
