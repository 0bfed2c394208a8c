// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { healthRoutes } from "./health.routes.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const healthModule: ServerModule = {
  name: "health",
  routes: [healthRoutes],
};
