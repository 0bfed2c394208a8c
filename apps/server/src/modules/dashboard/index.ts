// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { dashboardRoutes } from "./dashboard.routes.js";

/** Registered by app.ts: the routes of this module. */
export const dashboardModule: ServerModule = {
  name: "dashboard",
  routes: [dashboardRoutes],
};
