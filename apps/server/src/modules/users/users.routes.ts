// /api/users (admins only): list, create, detail with sessions, change, delete, revoke sessions.
import type { UserDetailResponse, UserListResponse } from "@dsbot/protocol";
import { userCreateSchema, userIdParamsSchema, userListQuerySchema, userUpdateSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../app-context.js";
import { parse } from "../../http/parse.js";
import { authenticate, caller, requireAdmin } from "../auth/auth-context.js";
import { listActiveSessions, revokeUserSessions } from "../auth/sessions.service.js";
import { presentSession, presentUser } from "./users.presenter.js";
import { createUser, deleteUser, getUser, listUsers, updateUser } from "./users.service.js";

export function usersRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));
    app.addHook("onRequest", requireAdmin);

    app.get("/api/users", async (request): Promise<UserListResponse> => {
      const query = parse(userListQuerySchema, request.query);
      const { rows, totals } = await listUsers(ctx.db, query);
      return { users: rows.map(presentUser), totals };
    });

    app.post("/api/users", async (request, reply) => {
      const input = parse(userCreateSchema, request.body);
      const user = await createUser(ctx.db, input);
      return reply.status(201).send({ user: presentUser(user) });
    });

    app.get("/api/users/:id", async (request): Promise<UserDetailResponse> => {
      const { id } = parse(userIdParamsSchema, request.params);
      const user = await getUser(ctx.db, id);
      const sessions = await listActiveSessions(ctx.db, user.id);
      const currentId = caller(request).sessionId;
      return { user: presentUser(user), sessions: sessions.map((s) => presentSession(s, currentId)) };
    });

    app.patch("/api/users/:id", async (request) => {
      const { id } = parse(userIdParamsSchema, request.params);
      const input = parse(userUpdateSchema, request.body);
      const actor = caller(request);
      const { user, revokedSessionIds } = await updateUser(ctx.db, id, input, {
        userId: actor.user.id,
        sessionId: actor.sessionId,
      });
      ctx.sockets.disconnectSessions(revokedSessionIds);
      return { user: presentUser(user) };
    });

    app.delete("/api/users/:id", async (request, reply) => {
      const { id } = parse(userIdParamsSchema, request.params);
      await deleteUser(ctx.db, id, caller(request).user.id);
      ctx.sockets.disconnectUser(id);
      return reply.status(204).send();
    });

    app.delete("/api/users/:id/sessions", async (request) => {
      const { id } = parse(userIdParamsSchema, request.params);
      const user = await getUser(ctx.db, id);
      const revoked = await revokeUserSessions(ctx.db, user.id);
      ctx.sockets.disconnectSessions(revoked);
      return { revoked: revoked.length };
    });
  };
}
