// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { tabRequestsRoutes } from "./tab-requests.routes.js";
export { presentTabRequests } from "./tab-requests.presenter.js";
export { closeAttackTabRequests, closePlayerTabRequests, createAttackTabRequests, createPlayerTabRequest, openPlayerTabRequest } from "./tab-requests.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const tabRequestsModule: ServerModule = {
  name: "tab-requests",
  routes: [tabRequestsRoutes],
};
