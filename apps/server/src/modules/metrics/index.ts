// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { metricsRoutes } from "./metrics.routes.js";

export type { AppMetrics, MetricsSources } from "./metrics.js";
export { createMetrics } from "./metrics.js";
export { registerHttpMetrics } from "./http-metrics.js";

/** Registered by app.ts: GET /metrics, when DSBOT_METRICS_TOKEN is set. */
export const metricsModule: ServerModule = {
  name: "metrics",
  routes: [metricsRoutes],
};
