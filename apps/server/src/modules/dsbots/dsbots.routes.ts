// /api/dsbot: list, detail, connections, create, delete; plus GET /api/websocket-connections.
import type { BotListResponse, BotResponse, WebsocketConnectionsResponse } from "@dsbot/protocol";
import { botCreateSchema, botIdParamsSchema, botListQuerySchema, botUpdateSchema, dsbotRoutes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { updateBotSettings } from "./bot-settings.service.js";
import { forceStopBot } from "./dsbot-actions.service.js";
import { requireManageBot, requireVisibleBot } from "../../policies/dsbots.policy.js";
import { presentBot, presentConnection } from "./dsbots.presenter.js";
import { createBot, deleteBotRow, listBots } from "./dsbots.service.js";
import { requireKnownWorld } from "../worlds/index.js";
import { emitConnectionsChanged } from "./connection-events.js";
import { botConnections, connectionsOfBots, runnerConnectionsOfUser } from "./websocket-connections.service.js";

const list = contract({ query: botListQuerySchema });
const create = contract({ body: botCreateSchema });
const byId = contract({ params: botIdParamsSchema });
const update = contract({ params: botIdParamsSchema, body: botUpdateSchema });
const none = contract({});

export function dsbotsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(dsbotRoutes.list.path, { config: list.config }, async (request): Promise<BotListResponse> => {
      const query = list.query(request);
      const { rows, totals } = await listBots(ctx.db, caller(request).user, query);
      const connections = query.websocketConnections ? await connectionsOfBots(ctx.db, rows.map((r) => r.id)) : new Map();
      return { dsbots: rows.map((row) => presentBot(row, connections.get(row.id))), totals };
    });

    app.post(dsbotRoutes.create.path, { config: create.config }, async (request, reply) => {
      const input = create.body(request);
      // Only on a world the server knows: never one it would add from a typed-in name and cannot reach.
      await requireKnownWorld(ctx.db, input.world);
      const bot = await createBot(ctx.db, caller(request).user, input);
      const body: BotResponse = { dsbot: presentBot(bot) };
      return reply.status(201).send(body);
    });

    app.get(dsbotRoutes.detail.path, { config: byId.config }, async (request): Promise<BotResponse> => {
      const { id } = byId.params(request);
      const bot = await requireVisibleBot(ctx.db, caller(request).user, id);
      const connections = await connectionsOfBots(ctx.db, [bot.id]);
      return { dsbot: presentBot(bot, connections.get(bot.id)) };
    });

    /** General settings: owner and admins (403 for a grantee), player and world only while not running. */
    app.patch(dsbotRoutes.update.path, { config: update.config }, async (request): Promise<BotResponse> => {
      const { id } = update.params(request);
      const { user } = caller(request);
      const bot = await requireVisibleBot(ctx.db, user, id);
      requireManageBot(user, bot);
      const input = update.body(request);
      const updated = await updateBotSettings(ctx.db, user, bot, input);
      if (input.world) ctx.worldSync.kick();
      const connections = await connectionsOfBots(ctx.db, [bot.id]);
      return { dsbot: presentBot(updated, connections.get(bot.id)) };
    });

    app.get(dsbotRoutes.connections.path, { config: byId.config }, async (request): Promise<WebsocketConnectionsResponse> => {
      const { id } = byId.params(request);
      const bot = await requireVisibleBot(ctx.db, caller(request).user, id);
      const connections = await connectionsOfBots(ctx.db, [bot.id]);
      return { websocketConnections: (connections.get(bot.id) ?? []).map(presentConnection) };
    });

    /**
     * A running bot is force-stopped first, so its runner and bot socket hear of it; its remaining
     * connections are announced as deleted while its audience can still be computed. Any bot socket
     * still open for it ends with it (runner connections go with the row).
     */
    app.delete(dsbotRoutes.remove.path, { config: byId.config }, async (request, reply) => {
      const { id } = byId.params(request);
      const { user } = caller(request);
      const bot = await requireVisibleBot(ctx.db, user, id);
      requireManageBot(user, bot);
      if (bot.status !== null && bot.status !== "offline") await forceStopBot(ctx, user, bot);
      await emitConnectionsChanged(ctx, "deleted", await botConnections(ctx.db, bot.id), null);
      await deleteBotRow(ctx.db, bot.id);
      await ctx.events.emit("bot.deleted", { dsbotId: bot.id });
      return reply.status(204).send();
    });

    app.get(dsbotRoutes.runnerConnections.path, { config: none.config }, async (request): Promise<WebsocketConnectionsResponse> => {
      const rows = await runnerConnectionsOfUser(ctx.db, caller(request).user.id);
      return { websocketConnections: rows.map(presentConnection) };
    });
  };
}
