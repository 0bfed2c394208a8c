// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { troopsRoutes } from "./troops.routes.js";
import { troopsSocketEvents } from "./troops.socket.js";
export { latestVillageScans, latestVillageTroops } from "./bot-troops.service.js";
export { listBotVillageStates } from "./bot-villages.service.js";
export { troopTotals } from "./troops.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const troopsModule: ServerModule = {
  name: "troops",
  routes: [troopsRoutes],
  socketEvents: [...troopsSocketEvents],
};
