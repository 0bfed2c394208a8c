// The incomings' REST calls: the list, tags, an SOS text pasted, a pasted one or all of them removed.
// Everyone sees the incomings of the bots they may see and their own pastes; another user's incoming
// answers 404.
import type { IncomingListResponse, WarRoomImportResponse } from "@dsbot/protocol";
import { incomingIdParamsSchema, incomingListQuerySchema, incomingPatchSchema, incomingRoutes as routes, sosImportSchema, warRoomMessages } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { HttpError, notFound } from "../../http/errors.js";
import { PASTED_TEXT_BODY_LIMIT } from "../../workers/pasted-text.js";
import { authenticate, caller } from "../auth/index.js";
import { incomingWalksOf } from "./incomings-summary.js";
import { findVisibleIncoming, listIncomings, presentIncoming, removeIncoming, tagIncoming } from "./incomings.service.js";
import { clearPastedIncomings, importSosText } from "./sos-import.js";

const list = contract({ query: incomingListQuerySchema });
const byId = contract({ params: incomingIdParamsSchema });
const patch = contract({ params: incomingIdParamsSchema, body: incomingPatchSchema });
const sosPaste = contract({ body: sosImportSchema });

export function incomingsRoutes(ctx: AppContext): FastifyPluginAsync {
  // The incomings' order and figures per viewer, filter and sort, exact under the owners' versions (incomings-summary.ts).
  const walks = incomingWalksOf(ctx);
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.list.path, { config: list.config }, async (request): Promise<IncomingListResponse> => {
      return listIncomings(ctx.db, caller(request).user, list.query(request), walks);
    });

    app.patch(routes.tag.path, { config: patch.config }, async (request) => {
      const { user } = caller(request);
      const { id } = patch.params(request);
      const found = await findVisibleIncoming(ctx.db, user, id);
      if (!found) throw notFound(warRoomMessages.incomingNotFound);
      const row = await tagIncoming(ctx.db, id, patch.body(request).tag);
      if (!row) throw notFound(warRoomMessages.incomingNotFound);
      if (row.dsbotId !== null) await ctx.events.emit("incomings.changed", { dsbotId: row.dsbotId });
      return { incoming: presentIncoming(row, found.botName) };
    });

    app.delete(routes.clearPasted.path, async (request, reply) => {
      const { user } = caller(request);
      await clearPastedIncomings(ctx.db, user.id);
      await ctx.events.emit("incomings.changed", { userId: user.id });
      return reply.code(204).send();
    });

    app.delete(routes.remove.path, { config: byId.config }, async (request, reply) => {
      const { user } = caller(request);
      const { id } = byId.params(request);
      const found = await findVisibleIncoming(ctx.db, user, id);
      if (!found) throw notFound(warRoomMessages.incomingNotFound);
      if (found.row.userId !== user.id) throw new HttpError(403, "forbidden", warRoomMessages.pastedOnly);
      await removeIncoming(ctx.db, id);
      await ctx.events.emit("incomings.changed", { userId: user.id });
      return reply.code(204).send();
    });

    app.post(routes.importSos.path, { config: sosPaste.config, bodyLimit: PASTED_TEXT_BODY_LIMIT }, async (request): Promise<WarRoomImportResponse> => {
      const { user } = caller(request);
      const { text, repeatedHour } = sosPaste.body(request);
      const imported = await importSosText(ctx, user, text, { repeatedHour });
      await ctx.events.emit("incomings.changed", { userId: user.id });
      return { imported, message: warRoomMessages.imported(imported) };
    });
  };
}
