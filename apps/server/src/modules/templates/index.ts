// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { templatesRoutes } from "./templates.routes.js";
import { templatesSocketEvents } from "./templates.socket.js";
export { checkModuleTemplates } from "./templates.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const templatesModule: ServerModule = {
  name: "templates",
  routes: [templatesRoutes],
  socketEvents: [...templatesSocketEvents],
};
