// /api/tribes: Der Stamm (the protocol's tribes.ts lists the routes). Members see their tribe (admins
// every tribe), anyone else gets 404; only the Anführer manages it (403 for other members). Every
// change is told to the members at that moment, and to whoever just lost access, whose page then
// finds the tribe gone.
import type {
  TribeBoardResponse,
  TribeInviteCreatedResponse,
  TribeInviteListResponse,
  TribeListResponse,
  TribeDefenceResponse,
  TribeRequestListResponse,
  TribeRequestResponse,
  TribeResponse,
} from "@dsbot/protocol";
import {
  tribeRoutes as routes,
  tribeCreateSchema,
  tribeIdParamsSchema,
  tribeInviteCreateSchema,
  tribeInviteParamsSchema,
  tribeJoinSchema,
  tribeLeaderSchema,
  tribeListQuerySchema,
  tribeMemberParamsSchema,
  tribeMemberUpdateSchema,
  tribeMeUpdateSchema,
  tribeUpdateSchema,
  tribeBoardQuerySchema,
  tribeRequestCreateSchema,
  tribeRequestParamsSchema,
  tribeDefencePlanSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { requireTribeLeader, requireTribeMember, requireTribeView, tribeAudience } from "../../policies/tribes.policy.js";
import { authenticate, caller } from "../auth/index.js";
import { boardCachesOf } from "./tribe-board-pages.js";
import { tribeBoard } from "./tribe-board.service.js";
import { createInvite, joinWithCode, listInvites, revokeInvite } from "./tribe-invites.service.js";
import { createRequest, listRequests, withdrawRequest } from "./tribe-requests.service.js";
import { planDefence } from "./tribe-defence.service.js";
import { presentTribeDetail, presentTribeSummaries } from "./tribe-view.js";
import type { TribeChange, TribeChangeWithSupports } from "./tribes.service.js";
import { tellCancelled } from "./tribe-supports-cancel.js";
import {
  createTribe,
  dissolveTribe,
  handOverLead,
  leaveTribe,
  listTribes,
  removeMember,
  setMemberRole,
  updateMyMembership,
  updateTribe,
} from "./tribes.service.js";

const list = contract({ query: tribeListQuerySchema });
const create = contract({ body: tribeCreateSchema });
const join = contract({ body: tribeJoinSchema });
const byId = contract({ params: tribeIdParamsSchema });
const update = contract({ params: tribeIdParamsSchema, body: tribeUpdateSchema });
const inviteCreate = contract({ params: tribeIdParamsSchema, body: tribeInviteCreateSchema });
const inviteById = contract({ params: tribeInviteParamsSchema });
const me = contract({ params: tribeIdParamsSchema, body: tribeMeUpdateSchema });
const member = contract({ params: tribeMemberParamsSchema, body: tribeMemberUpdateSchema });
const memberById = contract({ params: tribeMemberParamsSchema });
const leader = contract({ params: tribeIdParamsSchema, body: tribeLeaderSchema });
const board = contract({ params: tribeIdParamsSchema, query: tribeBoardQuerySchema });
const requestCreate = contract({ params: tribeIdParamsSchema, body: tribeRequestCreateSchema });
const requestById = contract({ params: tribeRequestParamsSchema });
const defence = contract({ params: tribeRequestParamsSchema, body: tribeDefencePlanSchema });

export function tribesRoutes(ctx: AppContext): FastifyPluginAsync {
  const boardCaches = boardCachesOf(ctx);
  const told = (change: TribeChange) => ctx.events.emit("tribe.changed", { tribeId: change.tribeId, audience: change.audience });
  /** As told, and the members' plans hear of the supports the change called off. */
  const toldWithSupports = async (change: TribeChangeWithSupports) => {
    await told(change);
    await tellCancelled(ctx, change.cancelled);
  };
  const requestsChanged = async (tribeId: number) => ctx.events.emit("tribe.requests-changed", { tribeId, audience: await tribeAudience(ctx.db, tribeId) });

  /** The tribe as the viewer sees it now (after a change). */
  const detail = async (viewer: Parameters<typeof requireTribeView>[1], tribeId: number): Promise<TribeResponse> => {
    const access = await requireTribeView(ctx.db, viewer, tribeId);
    return { tribe: await presentTribeDetail(ctx.db, access.tribe, access.role) };
  };

  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.list.path, { config: list.config }, async (request): Promise<TribeListResponse> => {
      const { rows, roles } = await listTribes(ctx.db, caller(request).user, list.query(request).scope);
      return { tribes: await presentTribeSummaries(ctx.db, rows, roles) };
    });

    app.post(routes.create.path, { config: create.config }, async (request, reply) => {
      const { user } = caller(request);
      const tribe = await createTribe(ctx.db, user, create.body(request));
      await told({ tribeId: tribe.id, audience: [user.id] });
      return reply.status(201).send({ tribe: await presentTribeDetail(ctx.db, tribe, "leader") } satisfies TribeResponse);
    });

    app.post(routes.join.path, { config: join.config }, async (request): Promise<TribeResponse> => {
      const { user } = caller(request);
      const change = await joinWithCode(ctx.db, user, join.body(request).code);
      await told(change);
      return detail(user, change.tribeId);
    });

    app.get(routes.detail.path, { config: byId.config }, async (request): Promise<TribeResponse> => detail(caller(request).user, byId.params(request).id));

    app.get(routes.board.path, { config: board.config }, async (request): Promise<TribeBoardResponse> => {
      // The access check is part of the board's first statement (tribe-board-reads.ts); the query is
      // parsed after it, so visibility's 404 comes before the query's 400.
      return tribeBoard(ctx.db, caller(request).user, board.params(request).id, () => board.query(request), boardCaches);
    });

    app.get(routes.requests.path, { config: byId.config }, async (request): Promise<TribeRequestListResponse> => {
      const { tribe } = await requireTribeView(ctx.db, caller(request).user, byId.params(request).id);
      const now = new Date();
      const { open, closed } = await listRequests(ctx.db, tribe.id, now);
      return { requests: open, closed, readAt: now.getTime() };
    });

    app.post(routes.planDefence.path, { config: defence.config }, async (request): Promise<TribeDefenceResponse> => {
      const { user } = caller(request);
      const { id, requestId } = defence.params(request);
      const { tribe, role } = await requireTribeMember(ctx.db, user, id);
      const answer = await planDefence(ctx, tribe, user, role, requestId, defence.body(request));
      if (answer.saved) await requestsChanged(tribe.id);
      return answer;
    });

    app.post(routes.createRequest.path, { config: requestCreate.config }, async (request, reply) => {
      const { user } = caller(request);
      const { tribe, role } = await requireTribeMember(ctx.db, user, requestCreate.params(request).id);
      const created = await createRequest(ctx, tribe, user, role, requestCreate.body(request));
      await requestsChanged(tribe.id);
      return reply.status(201).send({ request: created } satisfies TribeRequestResponse);
    });

    app.delete(routes.withdrawRequest.path, { config: requestById.config }, async (request, reply) => {
      const { user } = caller(request);
      const { id, requestId } = requestById.params(request);
      const { tribe, role } = await requireTribeMember(ctx.db, user, id);
      await withdrawRequest(ctx, tribe, user.id, role, requestId);
      await requestsChanged(tribe.id);
      return reply.status(204).send();
    });

    app.patch(routes.update.path, { config: update.config }, async (request): Promise<TribeResponse> => {
      const { user } = caller(request);
      const { tribe } = await requireTribeLeader(ctx.db, user, update.params(request).id);
      await told(await updateTribe(ctx.db, tribe, update.body(request)));
      return detail(user, tribe.id);
    });

    app.delete(routes.dissolve.path, { config: byId.config }, async (request, reply) => {
      const { tribe } = await requireTribeLeader(ctx.db, caller(request).user, byId.params(request).id);
      await toldWithSupports(await dissolveTribe(ctx.db, tribe.id));
      return reply.status(204).send();
    });

    app.get(routes.invites.path, { config: byId.config }, async (request): Promise<TribeInviteListResponse> => {
      const { tribe } = await requireTribeLeader(ctx.db, caller(request).user, byId.params(request).id);
      return { invites: await listInvites(ctx.db, tribe.id) };
    });

    app.post(routes.createInvite.path, { config: inviteCreate.config }, async (request, reply) => {
      const { user } = caller(request);
      const { tribe } = await requireTribeLeader(ctx.db, user, inviteCreate.params(request).id);
      const created = await createInvite(ctx.db, tribe.id, user.id, inviteCreate.body(request));
      return reply.status(201).send(created satisfies TribeInviteCreatedResponse);
    });

    app.delete(routes.revokeInvite.path, { config: inviteById.config }, async (request, reply) => {
      const { id, inviteId } = inviteById.params(request);
      const { tribe } = await requireTribeLeader(ctx.db, caller(request).user, id);
      await revokeInvite(ctx.db, tribe.id, inviteId);
      return reply.status(204).send();
    });

    app.patch(routes.updateMe.path, { config: me.config }, async (request): Promise<TribeResponse> => {
      const { user } = caller(request);
      const { tribe } = await requireTribeMember(ctx.db, user, me.params(request).id);
      await told(await updateMyMembership(ctx.db, tribe.id, user.id, me.body(request)));
      return detail(user, tribe.id);
    });

    app.post(routes.leave.path, { config: byId.config }, async (request, reply) => {
      const { user } = caller(request);
      const { tribe, role } = await requireTribeMember(ctx.db, user, byId.params(request).id);
      await toldWithSupports(await leaveTribe(ctx.db, tribe.id, user.id, role));
      return reply.status(204).send();
    });

    app.patch(routes.updateMember.path, { config: member.config }, async (request): Promise<TribeResponse> => {
      const { user } = caller(request);
      const { id, userId } = member.params(request);
      const { tribe } = await requireTribeLeader(ctx.db, user, id);
      await told(await setMemberRole(ctx.db, tribe.id, userId, member.body(request)));
      return detail(user, tribe.id);
    });

    app.delete(routes.removeMember.path, { config: memberById.config }, async (request): Promise<TribeResponse> => {
      const { user } = caller(request);
      const { id, userId } = memberById.params(request);
      const { tribe } = await requireTribeLeader(ctx.db, user, id);
      await toldWithSupports(await removeMember(ctx.db, tribe.id, userId));
      return detail(user, tribe.id);
    });

    app.post(routes.handOver.path, { config: leader.config }, async (request): Promise<TribeResponse> => {
      const { user } = caller(request);
      const { tribe } = await requireTribeLeader(ctx.db, user, leader.params(request).id);
      await told(await handOverLead(ctx.db, tribe.id, user.id, leader.body(request).userId));
      return detail(user, tribe.id);
    });
  };
}
