// Per-bot modules, access grants and the log: everything behind the bot's 404.
import type {
  BotUsageResponse,
  BotVillageStatesResponse, BotLogListResponse, BotPermissionsResponse, BotVillagesResponse, ModuleResponse, ToggleModuleResponse } from "@dsbot/protocol";
import type { RenamerPreviewResponse, ScannerPlansResponse } from "@dsbot/protocol";
import {
  botIdParamsSchema,
  botLogQuerySchema,
  botPermissionParamsSchema,
  botVillageStatesQuerySchema,
  dsbotRoutes,
  moduleQuerySchema,
  moduleSaveSchema,
  toggleModuleSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { moduleBody } from "./bot-modules.js";
import { listBotLogs } from "./dsbot-logs.service.js";
import { getBotUsage } from "./dsbot-usage.service.js";
import { botVillages } from "./player-villages.service.js";
import { listBotVillageStates } from "../troops/index.js";
import { getModule, saveModule, toggleModule } from "./dsbot-modules.service.js";
import { moduleUnavailable } from "./module-availability.js";
import { renamerPreview } from "./renamer-preview.service.js";
import { scannerPlanOptions } from "./scanner-plans.js";
import { grantAccess, listPermissions, revokeAccess } from "./dsbot-permissions.service.js";
import { requireManageBot, requireVisibleBot } from "../../policies/dsbots.policy.js";

const byId = contract({ params: botIdParamsSchema });
const toggle = contract({ params: botIdParamsSchema, body: toggleModuleSchema });
const moduleQuery = contract({ params: botIdParamsSchema, query: moduleQuerySchema });
const moduleSave = contract({ params: botIdParamsSchema, body: moduleSaveSchema });
const permission = contract({ params: botPermissionParamsSchema });
const logs = contract({ params: botIdParamsSchema, query: botLogQuerySchema });
const villageStates = contract({ params: botIdParamsSchema, query: botVillageStatesQuerySchema });

export function dsbotDetailsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    async function target(request: FastifyRequest) {
      const { id } = byId.params(request);
      const { user } = caller(request);
      return { user, bot: await requireVisibleBot(ctx.db, user, id) };
    }

    app.post(dsbotRoutes.toggleModule.path, { config: toggle.config }, async (request): Promise<ToggleModuleResponse> => {
      const { user, bot } = await target(request);
      const { moduleName } = toggle.body(request);
      const state = await toggleModule(ctx, user, bot, moduleName);
      return { enabled: state.enabled };
    });

    app.get(dsbotRoutes.module.path, { config: moduleQuery.config }, async (request): Promise<ModuleResponse> => {
      const { bot } = await target(request);
      const { moduleName } = moduleQuery.query(request);
      return { module: moduleBody(getModule(bot, moduleName)), unavailable: await moduleUnavailable(ctx.db, bot, moduleName) };
    });

    /** The Offplaner Scanner's choices by name: the plans on the bot's world the caller may edit, and the ones in its list. */
    app.get(dsbotRoutes.scannerPlans.path, { config: byId.config }, async (request): Promise<ScannerPlansResponse> => {
      const { user, bot } = await target(request);
      return { plans: await scannerPlanOptions(ctx.db, user, bot) };
    });

    /** The Umbenenner's preview: the bot's upcoming incoming attacks as its Auge last reported them. */
    app.get(dsbotRoutes.renamerPreview.path, { config: byId.config }, async (request): Promise<RenamerPreviewResponse> => {
      const { bot } = await target(request);
      return renamerPreview(ctx.db, bot);
    });

    app.post(dsbotRoutes.saveModule.path, { config: moduleSave.config }, async (request): Promise<ModuleResponse> => {
      const { user, bot } = await target(request);
      const { moduleName, module } = moduleSave.body(request);
      return { module: moduleBody(await saveModule(ctx, user, bot, moduleName, module)) };
    });

    /** The villages as the bot's last inventory scan saw them (the "Dörfer" tab), a page at a time. */
    app.get(dsbotRoutes.villageStates.path, { config: villageStates.config }, async (request): Promise<BotVillageStatesResponse> => {
      const { bot } = await target(request);
      return listBotVillageStates(ctx.db, bot.id, villageStates.query(request));
    });

    /** The bot's last request budget report (requests in the last hour, captchas in the last day). */
    app.get(dsbotRoutes.usage.path, { config: byId.config }, async (request): Promise<BotUsageResponse> => {
      const { bot } = await target(request);
      return getBotUsage(ctx.db, bot.id);
    });

    app.get(dsbotRoutes.villages.path, { config: byId.config }, async (request): Promise<BotVillagesResponse> => {
      const { bot } = await target(request);
      return { villages: await botVillages(ctx.db, bot) };
    });

    app.get(dsbotRoutes.permissions.path, { config: byId.config }, async (request): Promise<BotPermissionsResponse> => {
      const { bot } = await target(request);
      return { permissions: await listPermissions(ctx, bot.id) };
    });

    for (const [route, change] of [
      [dsbotRoutes.grantPermission, grantAccess],
      [dsbotRoutes.revokePermission, revokeAccess],
    ] as const) {
      app.route({
        method: route.method,
        url: route.path,
        config: permission.config,
        handler: async (request, reply) => {
          const { userId } = permission.params(request);
          const { user, bot } = await target(request);
          requireManageBot(user, bot);
          await change(ctx, user, bot, userId);
          return reply.status(204).send();
        },
      });
    }

    app.get(dsbotRoutes.logs.path, { config: logs.config }, async (request): Promise<BotLogListResponse> => {
      const { bot } = await target(request);
      return listBotLogs(ctx.db, bot.id, logs.query(request));
    });
  };
}
