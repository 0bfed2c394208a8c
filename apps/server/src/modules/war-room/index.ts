// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { warRoomRoutes } from "./war-room.routes.js";
import { warRoomSocketEvents } from "./war-room.socket.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const warRoomModule: ServerModule = {
  name: "war-room",
  routes: [warRoomRoutes],
  socketEvents: [...warRoomSocketEvents],
};
