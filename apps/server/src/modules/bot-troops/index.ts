// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { botTroopsSocketEvents } from "./bot-troops.socket.js";
export { latestVillageScans, latestVillageTroops, toUnitCounts } from "./bot-troops.service.js";
export { listBotVillageStates } from "./bot-villages.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const botTroopsModule: ServerModule = {
  name: "bot-troops",
  routes: [],
  socketEvents: [...botTroopsSocketEvents],
};
