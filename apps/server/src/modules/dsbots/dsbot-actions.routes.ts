// POST /api/dsbot/{id}/start|stop|force-stop|pause|resume|protection-solved → { dsbot }.
import type { BotResponse } from "@dsbot/protocol";
import { botIdParamsSchema, botStartSchema, botStopSchema, dsbotRoutes } from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { forceStopBot, pauseBot, resumeBot, solveBotProtection, startBot, stopBot } from "./dsbot-actions.service.js";
import { requireVisibleBot } from "../../policies/dsbots.policy.js";
import { presentBot } from "./dsbots.presenter.js";
import { connectionsOfBots } from "./websocket-connections.service.js";

const byId = contract({ params: botIdParamsSchema });
const start = contract({ params: botIdParamsSchema, body: botStartSchema });
const stop = contract({ params: botIdParamsSchema, body: botStopSchema });

export function dsbotActionsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    /** Visibility first (404), then the body (400): a hidden bot reveals nothing about its inputs. */
    async function target(request: FastifyRequest) {
      const { id } = byId.params(request);
      const { user } = caller(request);
      return { user, bot: await requireVisibleBot(ctx.db, user, id) };
    }

    async function answer(bot: Awaited<ReturnType<typeof startBot>>): Promise<BotResponse> {
      const connections = await connectionsOfBots(ctx.db, [bot.id]);
      return { dsbot: presentBot(bot, connections.get(bot.id)) };
    }

    app.post(dsbotRoutes.start.path, { config: start.config }, async (request) => {
      const { user, bot } = await target(request);
      const { websocketConnectionId } = start.body(request);
      return answer(await startBot(ctx, user, bot, websocketConnectionId));
    });

    app.post(dsbotRoutes.stop.path, { config: stop.config }, async (request) => {
      const { user, bot } = await target(request);
      const { websocketConnectionId } = stop.body(request);
      return answer(await stopBot(ctx, user, bot, websocketConnectionId));
    });

    app.post(dsbotRoutes.forceStop.path, { config: byId.config }, async (request) => {
      const { user, bot } = await target(request);
      return answer(await forceStopBot(ctx, user, bot));
    });

    app.post(dsbotRoutes.pause.path, { config: byId.config }, async (request) => {
      const { user, bot } = await target(request);
      return answer(await pauseBot(ctx, user, bot));
    });

    app.post(dsbotRoutes.resume.path, { config: byId.config }, async (request) => {
      const { user, bot } = await target(request);
      return answer(await resumeBot(ctx, user, bot));
    });

    app.post(dsbotRoutes.protectionSolved.path, { config: byId.config }, async (request) => {
      const { user, bot } = await target(request);
      return answer(await solveBotProtection(ctx, user, bot));
    });
  };
}
