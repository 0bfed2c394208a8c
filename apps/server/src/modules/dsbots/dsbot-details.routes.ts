// Per-bot modules (spec §7), access grants and the log (PRODUCT §3): everything behind the bot's 404.
import type { BotLogListResponse, BotPermissionsResponse, ModuleResponse, ToggleModuleResponse } from "@dsbot/protocol";
import {
  botIdParamsSchema,
  botLogQuerySchema,
  botPermissionParamsSchema,
  moduleQuerySchema,
  moduleSaveSchema,
  toggleModuleSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { parse } from "../../http/parse.js";
import { authenticate, caller } from "../auth/auth-context.js";
import { moduleBody } from "./bot-modules.js";
import { listBotLogs } from "./dsbot-logs.service.js";
import { getModule, saveModule, toggleModule } from "./dsbot-modules.service.js";
import { grantAccess, listPermissions, revokeAccess } from "./dsbot-permissions.service.js";
import { requireManageBot, requireVisibleBot } from "./dsbots.policy.js";

export function dsbotDetailsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    async function target(request: FastifyRequest) {
      const { id } = parse(botIdParamsSchema, request.params);
      const { user } = caller(request);
      return { user, bot: await requireVisibleBot(ctx.db, user, id) };
    }

    app.post("/api/dsbot/:id/toggle-module", async (request): Promise<ToggleModuleResponse> => {
      const { user, bot } = await target(request);
      const { moduleName } = parse(toggleModuleSchema, request.body);
      const state = await toggleModule(ctx, user, bot, moduleName);
      return { enabled: state.enabled };
    });

    app.get("/api/dsbot/:id/module", async (request): Promise<ModuleResponse> => {
      const { bot } = await target(request);
      const { moduleName } = parse(moduleQuerySchema, request.query);
      return { module: moduleBody(getModule(bot, moduleName)) };
    });

    app.post("/api/dsbot/:id/module", async (request): Promise<ModuleResponse> => {
      const { user, bot } = await target(request);
      const { moduleName, module } = parse(moduleSaveSchema, request.body);
      return { module: moduleBody(await saveModule(ctx, user, bot, moduleName, module)) };
    });

    app.get("/api/dsbot/:id/permissions", async (request): Promise<BotPermissionsResponse> => {
      const { bot } = await target(request);
      return { permissions: await listPermissions(ctx, bot.id) };
    });

    for (const method of ["POST", "DELETE"] as const) {
      app.route({
        method,
        url: "/api/dsbot/:id/permission/user/:userId",
        handler: async (request, reply) => {
          const { userId } = parse(botPermissionParamsSchema, request.params);
          const { user, bot } = await target(request);
          requireManageBot(user, bot);
          await (method === "POST" ? grantAccess : revokeAccess)(ctx, user, bot, userId);
          return reply.status(204).send();
        },
      });
    }

    app.get("/api/dsbot/:id/logs", async (request): Promise<BotLogListResponse> => {
      const { bot } = await target(request);
      return listBotLogs(ctx.db, bot.id, parse(botLogQuerySchema, request.query));
    });
  };
}
