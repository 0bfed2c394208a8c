// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { dsbotActionsRoutes } from "./dsbot-actions.routes.js";
import { dsbotDetailsRoutes } from "./dsbot-details.routes.js";
import { dsbotsRoutes } from "./dsbots.routes.js";
import { dsbotSocketEvents } from "./dsbots.socket.js";
export { botConnected, botDisconnected } from "./bot-connection.js";
export { defaultModules, readModule } from "./bot-modules.js";
export { notifyBotAudience } from "./bot-notifications.js";
export { resetLiveBotState } from "./bot-startup.js";
export { emitConnectionsChanged } from "./connection-events.js";
export { saveModule } from "./dsbot-modules.service.js";
export { presentBotRef, presentConnection, presentRunnerBot } from "./dsbots.presenter.js";
export { createBot, getBotRow } from "./dsbots.service.js";
export { logLostScannerPlan } from "./scanner-plans.js";
export { STUCK_SWEEP_INTERVAL_MS, settleOrphanedBots, settleStuckBots } from "./stuck-bots.js";
export { addConnections, botsWithBotSocket, connectionRowsOfUser, deleteConnections, removeSocketConnections, socketBotIds } from "./websocket-connections.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const dsbotsModule: ServerModule = {
  name: "dsbots",
  routes: [dsbotsRoutes, dsbotActionsRoutes, dsbotDetailsRoutes],
  socketEvents: [...dsbotSocketEvents],
};
