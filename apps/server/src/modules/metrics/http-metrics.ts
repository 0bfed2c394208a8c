// Every answered HTTP request into dsbot_http_request_duration_seconds: labelled with the route's pattern
// as Fastify registered it (`/api/dsbot/:id`), never the requested URL, so no id or query ends up in a
// label; a request no route took (404, the web app's fallback) is "unmatched".
import type { FastifyInstance } from "fastify";
import type { AppMetrics } from "./metrics.js";

/** Register on the root instance before the routes: the hook then runs for every route and the 404s. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Pick<AppMetrics, "observeHttp">): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeHttp(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime / 1000);
  });
}
