// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { attackExecutionSocketEvents } from "./attack-execution.socket.js";
import { attackPlanLinesRoutes } from "./attack-plan-lines.routes.js";
import { attackPlanToolsRoutes } from "./attack-plan-tools.routes.js";
import { attackPlansRoutes } from "./attack-plans.routes.js";
export { advanceAttacks } from "./attack-clock.js";
export { changedAttack, emitAttacksChanged } from "./attack-events.js";
export type { ChangedAttackRow } from "./attack-events.js";
export { removeHiddenAttacks } from "./attack-publish.service.js";
export { insertAttacks, insertAttacksReturningIds } from "./attack-write.service.js";
export { handDefenceToBots } from "./defend-planner.js";
export type { NewAttack } from "./attack-write.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const attackPlansModule: ServerModule = {
  name: "attack-plans",
  routes: [attackPlansRoutes, attackPlanToolsRoutes, attackPlanLinesRoutes],
  socketEvents: [...attackExecutionSocketEvents],
};
