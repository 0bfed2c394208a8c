// Game worlds (protocol worlds.ts):
//   GET  /api/worlds                         signed in: every known world with counts, last import and sync
//   POST /api/worlds                         admin: a new, empty world { server, world }
//   PATCH /api/worlds/{id}                   admin: { syncEnabled } — whether the server fetches it from the game
//   POST /api/worlds/{id}/import             admin: multipart upload of the game's files, replaces the world's data
//   POST /api/worlds/{id}/sync               admin: fetch the world from the game now (world-sync.ts)
//   GET  /api/worlds/{id}/villages           signed in: binary map data (protocol village-map.ts), ETag → 304
//   GET  /api/worlds/{id}/players?searchVal= signed in: players by name
//   GET  /api/worlds/{id}/allies?searchVal=  signed in: tribes by name or tag
// World data is public game data: every signed-in user may read every world.
import fastifyMultipart from "@fastify/multipart";
import type { WorldAlliesResponse, WorldImportResponse, WorldPlayersResponse, WorldResponse, WorldsResponse } from "@dsbot/protocol";
import {
  VILLAGE_MAP_CONTENT_TYPE,
  worldCreateSchema,
  worldIdParamsSchema,
  worldImportFiles,
  worldMessages,
  worldRoutes,
  worldSearchQuerySchema,
  worldUpdateSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import type { WorldRow } from "../../db/schema.js";
import { addVary, negotiateEncoding } from "../../http/compression.js";
import { contract } from "../../http/contract.js";
import { conflict, notFound } from "../../http/errors.js";
import { authenticate, requireAdmin } from "../auth/index.js";
import { createVillageMapCache, villageMapEtag } from "./village-map-cache.js";
import { etagMatches } from "./world-body-cache.js";
import type { ImportProgress } from "./world-import.js";
import { replaceWorldData } from "./world-import.js";
import { readWorldUpload, worldDataFromUpload, worldUploadLimits } from "./world-upload.js";
import { createWorld, listWorlds, presentWorld, requireWorld, searchAllies, searchPlayers, updateWorld } from "./worlds.service.js";
import { forgetWorldZones } from "./world-zone.js";

const list = contract({});
const create = contract({ body: worldCreateSchema });
const importRoute = contract({ params: worldIdParamsSchema, multipart: { files: worldImportFiles } });
const villagesRoute = contract({ params: worldIdParamsSchema });
const update = contract({ params: worldIdParamsSchema, body: worldUpdateSchema });
const syncRoute = contract({ params: worldIdParamsSchema });
const search = contract({ params: worldIdParamsSchema, query: worldSearchQuerySchema });

export function worldsRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  const villageMaps = createVillageMapCache(db);

  const existingWorld = (id: number) => requireWorld(db, id);

  return async (app) => {
    app.addHook("onRequest", authenticate(db));

    const present = (world: WorldRow) => presentWorld(world, ctx.worldSync.isSyncing(world.id));

    app.get(worldRoutes.list.path, { config: list.config }, async (): Promise<WorldsResponse> => ({
      worlds: (await listWorlds(db)).map(present),
    }));

    // A new world is due at once: its first sync starts now, not at the next hourly check.
    app.post(worldRoutes.create.path, { config: create.config, onRequest: requireAdmin }, async (request, reply) => {
      const world = await createWorld(db, create.body(request));
      ctx.worldSync.kick(world.id);
      return reply.status(201).send({ world: present(world) });
    });

    app.patch(worldRoutes.update.path, { config: update.config, onRequest: requireAdmin }, async (request): Promise<WorldResponse> => {
      const { id } = update.params(request);
      const change = update.body(request);
      const world = await updateWorld(db, id, change);
      if (!world) throw notFound(worldMessages.worldNotFound);
      if (change.timeZone !== undefined) forgetWorldZones(db);
      return { world: present(world) };
    });

    // Answers the world after the sync; a failed one is 200 too, with the German `lastSyncError`.
    app.post(worldRoutes.sync.path, { config: syncRoute.config, onRequest: requireAdmin }, async (request): Promise<WorldResponse> => {
      const { id } = syncRoute.params(request);
      const world = await existingWorld(id);
      if (!world.syncEnabled) throw conflict(worldMessages.syncDisabled);
      const synced = await ctx.worldSync.syncNow(id, request.log);
      if (!synced) throw conflict(worldMessages.syncDisabled);
      return { world: present(synced) };
    });

    app.get(worldRoutes.villages.path, { config: villagesRoute.config }, async (request, reply) => {
      const { id } = villagesRoute.params(request);
      const world = await existingWorld(id);
      const etag = villageMapEtag(world);
      // Signed-in data: browsers may keep it, but must ask every time (If-None-Match → 304).
      reply.header("cache-control", "private, no-cache");
      addVary(reply, "Accept-Encoding");
      if (etagMatches(request.headers["if-none-match"], etag)) return reply.status(304).header("etag", etag).send();
      const map = await villageMaps.get(id, etag, negotiateEncoding(request.headers["accept-encoding"]));
      if (!map) throw notFound(worldMessages.worldNotFound);
      if (map.encoding) reply.header("content-encoding", map.encoding);
      return reply.header("etag", map.etag).type(VILLAGE_MAP_CONTENT_TYPE).send(map.body);
    });

    app.get(worldRoutes.players.path, { config: search.config }, async (request): Promise<WorldPlayersResponse> => {
      const { id } = search.params(request);
      const { searchVal, limit } = search.query(request);
      await existingWorld(id);
      return { players: await searchPlayers(db, id, searchVal, limit) };
    });

    app.get(worldRoutes.allies.path, { config: search.config }, async (request): Promise<WorldAlliesResponse> => {
      const { id } = search.params(request);
      const { searchVal, limit } = search.query(request);
      await existingWorld(id);
      return { allies: await searchAllies(db, id, searchVal, limit) };
    });

    // Multipart only here: the rest of the app keeps refusing form uploads.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, { limits: worldUploadLimits });

      scope.post(worldRoutes.importFiles.path, { config: importRoute.config, onRequest: requireAdmin }, async (request): Promise<WorldImportResponse> => {
        const started = performance.now();
        const { id } = importRoute.params(request);
        await existingWorld(id);
        const data = await worldDataFromUpload(await readWorldUpload(request));
        const log = (progress: ImportProgress) => request.log.info({ worldId: id, ...progress }, "world import");
        const world = await replaceWorldData(db, id, data, log);
        if (!world) throw notFound(worldMessages.worldNotFound);
        return {
          world: present(world),
          imported: {
            villages: data.villages.length,
            players: data.players.length,
            allies: data.allies.length,
            config: data.config !== undefined,
            unitInfo: data.unitInfo !== undefined,
          },
          durationMs: Math.round(performance.now() - started),
        };
      });
    });
  };
}
