// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { tribesRoutes } from "./tribes.routes.js";
export { membersWhoCouldHelp } from "./tribe-request-helpers.js";
export { planDefence } from "./tribe-defence.service.js";
export type { DefenceDeps } from "./tribe-defence.service.js";

/** Registered by app.ts: the routes of Der Stamm. */
export const tribesModule: ServerModule = {
  name: "tribes",
  routes: [tribesRoutes],
};
