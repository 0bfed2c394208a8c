// GET /metrics: the Prometheus exposition of this instance. Only with DSBOT_METRICS_TOKEN set, and only
// for `Authorization: Bearer <that token>`, compared in constant time; anything else is a JSON 401 that
// shows no metric. Without the setting the route does not exist: the usual JSON 404 (static-web.ts keeps
// the web app's fallback off /metrics). Outside /api/: it is Prometheus's text, not part of the JSON API
// and its route table.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { unauthorized } from "../../http/errors.js";

export const METRICS_PATH = "/metrics";
export const metricsMessages = {
  unauthorized: "Für die Metriken fehlt das richtige Token (Authorization: Bearer <DSBOT_METRICS_TOKEN>).",
} as const;

const none = contract({});
const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Whether the header carries the token. Both sides are hashed first, so the comparison takes the same
 * time whatever the given token's length or how much of it is right.
 */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S.*)$/i.exec(header ?? "");
  const given = digest(match?.[1]?.trim() ?? "");
  return timingSafeEqual(given, expected) && match !== null;
}

export function metricsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const { metrics } = ctx;
    const token = ctx.config.metricsToken;
    if (!metrics || !token) return;
    const expected = digest(token);
    app.get(METRICS_PATH, { config: none.config }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, expected)) {
        reply.header("www-authenticate", 'Bearer realm="dsbot-metrics"');
        throw unauthorized(metricsMessages.unauthorized);
      }
      const text = await metrics.exposition();
      return reply.header("cache-control", "no-store").type(metrics.contentType).send(text);
    });
  };
}
