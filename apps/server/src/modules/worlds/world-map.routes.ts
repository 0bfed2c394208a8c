// What the map reads besides the binary village data (protocol world-map.ts):
//   GET /api/worlds/{id}/owners               signed in: every player and tribe, columnar JSON, ETag → 304
//   GET /api/worlds/{id}/villages/{villageId} signed in: one village with its owner and tribe
// World data is public game data: every signed-in user may read every world.
import type { WorldVillageResponse } from "@dsbot/protocol";
import { worldIdParamsSchema, worldMapMessages, worldMessages, worldRoutes, worldVillageParamsSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { addVary, negotiateEncoding } from "../../http/compression.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { authenticate } from "../auth/index.js";
import { createOwnersCache, ownersEtag } from "./owners-cache.js";
import { etagMatches } from "./world-body-cache.js";
import { villageDetail } from "./world-map.service.js";
import { requireWorld } from "./worlds.service.js";

const ownersRoute = contract({ params: worldIdParamsSchema });
const villageRoute = contract({ params: worldVillageParamsSchema });

export function worldMapRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  const owners = createOwnersCache(db);

  const existingWorld = (id: number) => requireWorld(db, id);

  return async (app) => {
    app.addHook("onRequest", authenticate(db));

    app.get(worldRoutes.owners.path, { config: ownersRoute.config }, async (request, reply) => {
      const { id } = ownersRoute.params(request);
      const world = await existingWorld(id);
      const etag = ownersEtag(world);
      reply.header("cache-control", "private, no-cache");
      addVary(reply, "Accept-Encoding");
      if (etagMatches(request.headers["if-none-match"], etag)) return reply.status(304).header("etag", etag).send();
      const body = await owners.get(id, etag, negotiateEncoding(request.headers["accept-encoding"]));
      if (!body) throw notFound(worldMessages.worldNotFound);
      if (body.encoding) reply.header("content-encoding", body.encoding);
      return reply.header("etag", body.etag).type("application/json; charset=utf-8").send(body.body);
    });

    app.get(worldRoutes.village.path, { config: villageRoute.config }, async (request): Promise<WorldVillageResponse> => {
      const { id, villageId } = villageRoute.params(request);
      await existingWorld(id);
      const village = await villageDetail(db, id, villageId);
      if (!village) throw notFound(worldMapMessages.villageNotFound);
      return { village };
    });
  };
}
