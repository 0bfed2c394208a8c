// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { playerSkillsRoutes } from "./player-skills.routes.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const playerSkillsModule: ServerModule = {
  name: "player-skills",
  routes: [playerSkillsRoutes],
};
