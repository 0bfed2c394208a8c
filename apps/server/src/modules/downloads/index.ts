// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { downloadsRoutes } from "./downloads.routes.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const downloadsModule: ServerModule = {
  name: "downloads",
  routes: [downloadsRoutes],
};
