// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { worldMapRoutes } from "./world-map.routes.js";
import { worldsRoutes } from "./worlds.routes.js";
export { boostOf, coordKey, fallbackUnitInfo, findPlanWorld, planTimeZone, requirePlanWorld, supportBoosts, tribesOfPlayers, villagesAt, villagesById, villagesOfPlayers } from "./game-world.js";
export type { PlanWorld, WorldVillage } from "./game-world.js";
export { worldDataKey } from "./world-data-key.js";
export { removeOrphanedWorldData, replaceWorldData } from "./world-import.js";
export { createWorldSync } from "./world-sync-schedule.js";
export { worldDataFromUpload } from "./world-upload.js";
export { worldFakeLimit, worldZoneOf } from "./world-zone.js";
export { createWorld, ensureWorld, requireKnownWorld, updateWorld } from "./worlds.service.js";
export { requireUserWorld, villagesOnFields } from "./user-world.js";
export type { FieldVillage, Importer } from "./user-world.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const worldsModule: ServerModule = {
  name: "worlds",
  routes: [worldsRoutes, worldMapRoutes],
};
