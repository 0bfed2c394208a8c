// The troops' REST calls: the list (the villages of the bots one may see and one's own pastes), the
// bots' Raubzug states, a troops overview pasted, the pasted ones removed.
import type { ScavengeStateResponse, TroopListResponse, WarRoomImportResponse } from "@dsbot/protocol";
import { troopListQuerySchema, troopRoutes as routes, warRoomMessages, warRoomTextSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { PASTED_TEXT_BODY_LIMIT } from "../../workers/pasted-text.js";
import { authenticate, caller } from "../auth/index.js";
import { listScavengeStates } from "./bot-scavenge.service.js";
import { importTroopsOverview } from "./troops-import.js";
import { clearPastedTroops, listTroops } from "./troops.service.js";

const pasted = contract({ body: warRoomTextSchema });
const troops = contract({ query: troopListQuerySchema });

export function troopsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.list.path, { config: troops.config }, async (request): Promise<TroopListResponse> => {
      return listTroops(ctx.db, caller(request).user, troops.query(request));
    });

    app.get(routes.scavenge.path, async (request): Promise<ScavengeStateResponse> => {
      return listScavengeStates(ctx.db, caller(request).user);
    });

    app.post(routes.import.path, { config: pasted.config, bodyLimit: PASTED_TEXT_BODY_LIMIT }, async (request): Promise<WarRoomImportResponse> => {
      const { user } = caller(request);
      const imported = await importTroopsOverview(ctx, user, pasted.body(request).text);
      await ctx.events.emit("troops.changed", { userId: user.id });
      return { imported, message: warRoomMessages.troopsImported(imported) };
    });

    app.delete(routes.clearPasted.path, async (request, reply) => {
      const { user } = caller(request);
      await clearPastedTroops(ctx.db, user.id);
      await ctx.events.emit("troops.changed", { userId: user.id });
      return reply.code(204).send();
    });
  };
}
