// Public endpoints: GET /api/health (database reachable) and GET /api/client-config (for the SPA).
import type { ClientConfig, HealthResponse } from "@dsbot/protocol";
import { healthRoutes as routes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { pingDatabase } from "../../db/client.js";
import { contract } from "../../http/contract.js";
import { serverVersion } from "../../core/version.js";

const none = contract({});

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(routes.health.path, { config: none.config }, async (request, reply) => {
      try {
        await pingDatabase(ctx.db);
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).header("cache-control", "no-store").send({ status: "error", database: "error" });
      }
      const body: HealthResponse = { status: "ok", database: "ok" };
      return reply.header("cache-control", "no-store").send(body);
    });

    app.get(routes.clientConfig.path, { config: none.config }, async (): Promise<ClientConfig> => ({
      apiBases: ctx.config.apiBases,
      version: serverVersion,
      emailAlerts: ctx.config.smtp !== undefined,
    }));
  };
}
