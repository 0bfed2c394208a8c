// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { tribeAudience } from "../../policies/tribes.policy.js";
import { confirmSupportsSeen } from "./tribe-support-sightings.js";
import { tribesRoutes } from "./tribes.routes.js";
export { membersWhoCouldHelp } from "./tribe-request-helpers.js";
export { planDefence } from "./tribe-defence.service.js";
export { tellClosedRequests, TRIBE_REQUESTS_CLOSED_INTERVAL_MS } from "./tribe-requests-closed.js";
export type { DefenceDeps } from "./tribe-defence.service.js";

/**
 * Registered by app.ts: the routes of Der Stamm; a member's new scan or paste may show supports "im
 * Dorf" (tribe-support-sightings.ts), and the boards of the tribes concerned then show their requests anew.
 */
export const tribesModule: ServerModule = {
  name: "tribes",
  routes: [tribesRoutes],
  subscribe: (ctx) =>
    ctx.events.on("troops.changed", async (owner) => {
      for (const tribeId of await confirmSupportsSeen(ctx.db, owner)) {
        await ctx.events.emit("tribe.requests-changed", { tribeId, audience: await tribeAudience(ctx.db, tribeId) });
      }
    }),
};
