// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { incomingsRoutes } from "./incomings.routes.js";
import { incomingsSocketEvents } from "./incomings.socket.js";
export { incomingWalksOf } from "./incomings-summary.js";
export type { IncomingWalkCache } from "./incomings-summary.js";
export { incomingsSummary, presentIncoming } from "./incomings.service.js";
export { importSosText } from "./sos-import.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const incomingsModule: ServerModule = {
  name: "incomings",
  routes: [incomingsRoutes],
  socketEvents: [...incomingsSocketEvents],
};
