// /api/users (admins only): list, create, detail with sessions and runners, the user's bots, change,
// delete, revoke sessions (web sessions and runner tokens) and single runners.
import type { RevokeSessionsResponse, UserBotsResponse, UserDetailResponse, UserListResponse } from "@dsbot/protocol";
import {
  errorMessages,
  userCreateSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userRunnerParamsSchema,
  userRoutes,
  userUpdateSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { authenticate, caller, listActiveSessions, presentRunnerList, requireAdmin, revokeRunnerToken, signOutEverywhere } from "../auth/index.js";
import { requireKnownWorld } from "../worlds/index.js";
import { listUserBots } from "./user-bots.service.js";
import { presentSession, presentUserOf } from "./users.presenter.js";
import { createUser, deleteUser, getUser, listUsers, updateUser } from "./users.service.js";

const list = contract({ query: userListQuerySchema });
const create = contract({ body: userCreateSchema });
const byId = contract({ params: userIdParamsSchema });
const update = contract({ params: userIdParamsSchema, body: userUpdateSchema });
const runner = contract({ params: userRunnerParamsSchema });

export function usersRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));
    app.addHook("onRequest", requireAdmin);

    app.get(userRoutes.list.path, { config: list.config }, async (request): Promise<UserListResponse> => {
      const { rows, totals } = await listUsers(ctx.db, list.query(request));
      return { users: await Promise.all(rows.map((row) => presentUserOf(ctx.db, row))), totals };
    });

    app.post(userRoutes.create.path, { config: create.config }, async (request, reply) => {
      const input = create.body(request);
      // Only on a world the server knows: never one it would add from a typed-in name and cannot reach.
      await requireKnownWorld(ctx.db, input.world);
      const user = await createUser(ctx.db, input);
      return reply.status(201).send({ user: await presentUserOf(ctx.db, user) });
    });

    app.get(userRoutes.detail.path, { config: byId.config }, async (request): Promise<UserDetailResponse> => {
      const user = await getUser(ctx.db, byId.params(request).id);
      const [sessions, runners] = await Promise.all([
        listActiveSessions(ctx.db, user.id),
        presentRunnerList(ctx.db, (ids) => ctx.realtime.connectedRunners(ids), user.id),
      ]);
      const currentId = caller(request).sessionId;
      return { user: await presentUserOf(ctx.db, user), sessions: sessions.map((s) => presentSession(s, currentId)), runners };
    });

    /** A new password signs the user out everywhere (runners included); a role change re-checks their sockets. */
    app.patch(userRoutes.update.path, { config: update.config }, async (request) => {
      const { id } = update.params(request);
      const input = update.body(request);
      const actor = caller(request);
      const user = await updateUser(ctx.db, id, input);
      if (input.password !== undefined) {
        await signOutEverywhere(ctx, id, id === actor.user.id ? actor.sessionId : undefined);
      }
      if (input.role !== undefined) await ctx.events.emit("access.changed", { userId: id });
      if (input.world !== undefined) ctx.worldSync.kick();
      return { user: await presentUserOf(ctx.db, user) };
    });

    app.delete(userRoutes.remove.path, { config: byId.config }, async (request, reply) => {
      const { id } = byId.params(request);
      // The bots' audiences hear that the user's runner and bot connections went; the user's bots go
      // too, so other users' bot sockets for those bots end with them.
      const { connections, ownedBotIds } = await deleteUser(ctx.db, id, caller(request).user.id);
      await ctx.events.emit("user.deleted", { userId: id, ownedBotIds });
      if (connections.length > 0) await ctx.events.emit("bot.connections-changed", { change: "deleted", connections, runnerName: null });
      return reply.status(204).send();
    });

    app.get(userRoutes.bots.path, { config: byId.config }, async (request): Promise<UserBotsResponse> => {
      const user = await getUser(ctx.db, byId.params(request).id);
      return { dsbots: await listUserBots(ctx.db, user.id) };
    });

    app.delete(userRoutes.revokeSessions.path, { config: byId.config }, async (request): Promise<RevokeSessionsResponse> => {
      const user = await getUser(ctx.db, byId.params(request).id);
      const { sessions, runners } = await signOutEverywhere(ctx, user.id);
      return { revoked: sessions, revokedRunners: runners };
    });

    app.delete(userRoutes.revokeRunner.path, { config: runner.config }, async (request, reply) => {
      const { id, runnerId } = runner.params(request);
      const user = await getUser(ctx.db, id);
      if (!(await revokeRunnerToken(ctx.db, user.id, runnerId))) throw notFound(errorMessages.runnerNotFound);
      await ctx.events.emit("sessions.revoked", { sessionIds: [], runnerTokenIds: [runnerId] });
      return reply.status(204).send();
    });
  };
}
