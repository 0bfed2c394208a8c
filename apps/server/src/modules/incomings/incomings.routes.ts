// The war room's REST calls: incomings (list, tag, import an SOS text, delete a pasted one)
// and troops (list, import a troops overview, clear the pasted ones). Everyone sees the incomings and
// troops of the bots they may see and their own pastes; another user's incoming answers 404.
import type { DashboardResponse, IncomingListResponse, TroopListResponse, WarRoomImportResponse } from "@dsbot/protocol";
import {
  incomingIdParamsSchema,
  incomingListQuerySchema,
  incomingPatchSchema,
  troopListQuerySchema,
  WAR_ROOM_TEXT_MAX,
  warRoomMessages,
  warRoomRoutes as routes,
  sosImportSchema,
  warRoomTextSchema,
} from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { incomings } from "../../db/schema.js";
import { contract } from "../../http/contract.js";
import { HttpError, notFound } from "../../http/errors.js";
import { authenticate, caller, isFirstSession } from "../auth/index.js";
import { dashboard } from "./dashboard.service.js";
import { clearPastedIncomings, importSosText, importTroopsOverview } from "./war-room-imports.js";
import { IncomingWalkCache } from "./incomings-summary.js";
import { findVisibleIncoming, listIncomings, presentIncoming, tagIncoming } from "./incomings.service.js";
import { clearPastedTroops, listTroops } from "./troops.service.js";

const list = contract({ query: incomingListQuerySchema });
const byId = contract({ params: incomingIdParamsSchema });
const patch = contract({ params: incomingIdParamsSchema, body: incomingPatchSchema });
const pasted = contract({ body: warRoomTextSchema });
const sosPaste = contract({ body: sosImportSchema });
const troops = contract({ query: troopListQuerySchema });
/** A pasted text of WAR_ROOM_TEXT_MAX characters, each up to two bytes in JSON, fits. */
const WAR_ROOM_BODY_LIMIT = 2 * WAR_ROOM_TEXT_MAX + 1024;

export function warRoomRoutes(ctx: AppContext): FastifyPluginAsync {
  // The incomings' order and figures per viewer, filter and sort, exact under the owners' versions (incomings-summary.ts).
  const walks = new IncomingWalkCache();
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.incomings.path, { config: list.config }, async (request): Promise<IncomingListResponse> => {
      return listIncomings(ctx.db, caller(request).user, list.query(request), walks);
    });

    app.patch(routes.tagIncoming.path, { config: patch.config }, async (request) => {
      const { user } = caller(request);
      const { id } = patch.params(request);
      const found = await findVisibleIncoming(ctx.db, user, id);
      if (!found) throw notFound(warRoomMessages.incomingNotFound);
      const row = await tagIncoming(ctx.db, id, patch.body(request).tag);
      if (!row) throw notFound(warRoomMessages.incomingNotFound);
      if (row.dsbotId !== null) await ctx.events.emit("incomings.changed", { dsbotId: row.dsbotId });
      return { incoming: presentIncoming(row, found.botName) };
    });

    app.delete(routes.clearPastedIncomings.path, async (request, reply) => {
      const { user } = caller(request);
      await clearPastedIncomings(ctx.db, user.id);
      await ctx.events.emit("incomings.changed", { userId: user.id });
      return reply.code(204).send();
    });

    app.delete(routes.removeIncoming.path, { config: byId.config }, async (request, reply) => {
      const { user } = caller(request);
      const { id } = byId.params(request);
      const found = await findVisibleIncoming(ctx.db, user, id);
      if (!found) throw notFound(warRoomMessages.incomingNotFound);
      if (found.row.userId !== user.id) throw new HttpError(403, "forbidden", warRoomMessages.pastedOnly);
      await ctx.db.delete(incomings).where(eq(incomings.id, id));
      await ctx.events.emit("incomings.changed", { userId: user.id });
      return reply.code(204).send();
    });

    app.post(routes.importSos.path, { config: sosPaste.config, bodyLimit: WAR_ROOM_BODY_LIMIT }, async (request): Promise<WarRoomImportResponse> => {
      const { user } = caller(request);
      const { text, repeatedHour } = sosPaste.body(request);
      const imported = await importSosText(ctx, user, text, { repeatedHour });
      await ctx.events.emit("incomings.changed", { userId: user.id });
      return { imported, message: warRoomMessages.imported(imported) };
    });

    app.get(routes.dashboard.path, async (request): Promise<DashboardResponse> => {
      const { user, sessionId } = caller(request);
      const [figures, firstSession] = await Promise.all([dashboard(ctx.db, user, walks), isFirstSession(ctx.db, user.id, sessionId)]);
      return { ...figures, firstSession };
    });

    app.get(routes.troops.path, { config: troops.config }, async (request): Promise<TroopListResponse> => {
      return listTroops(ctx.db, caller(request).user, troops.query(request));
    });

    app.post(routes.importTroops.path, { config: pasted.config, bodyLimit: WAR_ROOM_BODY_LIMIT }, async (request): Promise<WarRoomImportResponse> => {
      const { user } = caller(request);
      const imported = await importTroopsOverview(ctx, user, pasted.body(request).text);
      await ctx.events.emit("troops.changed", { userId: user.id });
      return { imported, message: warRoomMessages.troopsImported(imported) };
    });

    app.delete(routes.clearPastedTroops.path, async (request, reply) => {
      const { user } = caller(request);
      await clearPastedTroops(ctx.db, user.id);
      await ctx.events.emit("troops.changed", { userId: user.id });
      return reply.code(204).send();
    });
  };
}
