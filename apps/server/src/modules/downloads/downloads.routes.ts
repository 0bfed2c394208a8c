// GET /api/downloads (signed in): what this server offers, with version, size and SHA-256.
// GET /api/downloads/{type}/file (public, so `curl -O` and a plain link work): the file as an attachment.
// Neither file is a secret: they hold no credentials, and pairing still needs a signed-in approval.
import type { DownloadsResponse } from "@dsbot/protocol";
import { downloadRoutes, downloadTypeParamsSchema, errorMessages } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { authenticate } from "../auth/index.js";
import { downloadsCatalog } from "./downloads.service.js";

const list = contract({});
const fileRoute = contract({ params: downloadTypeParamsSchema });

export function downloadsRoutes(ctx: AppContext): FastifyPluginAsync {
  const catalog = downloadsCatalog(ctx.config);
  return async (app) => {
    app.get(downloadRoutes.list.path, { config: list.config, onRequest: authenticate(ctx.db) }, async (): Promise<DownloadsResponse> => ({
      downloads: await catalog.list(),
    }));

    app.get(downloadRoutes.file.path, { config: fileRoute.config }, async (request, reply) => {
      const { type } = fileRoute.params(request);
      const found = await catalog.file(type);
      if (!found) throw notFound(errorMessages.downloadNotAvailable);
      const { file, bytes } = found;
      return reply
        .header("content-type", "text/javascript; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("content-length", String(file.size))
        .header("x-dsbot-sha256", file.sha256)
        .send(bytes);
    });
  };
}
