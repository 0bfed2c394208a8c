// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { dsbotAuthRoutes } from "./dsbot-auth.routes.js";
export { purgeOldDeviceCodes } from "./device-flow.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const dsbotAuthModule: ServerModule = {
  name: "dsbot-auth",
  routes: [dsbotAuthRoutes],
};
