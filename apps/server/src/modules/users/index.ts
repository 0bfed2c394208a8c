// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { userLookupRoutes } from "./user-lookup.routes.js";
import { usersRoutes } from "./users.routes.js";
export { presentSession, presentUserOf } from "./users.presenter.js";
export { countUsers, createUser, getUser, reconcileUsernameKeys, setPassword, updateWorld } from "./users.service.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const usersModule: ServerModule = {
  name: "users",
  routes: [userLookupRoutes, usersRoutes],
};
