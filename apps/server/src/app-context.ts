// What route modules need from the app: passed explicitly instead of decorating fastify with everything.
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { SocketKicker } from "./realtime/socket-kicker.js";

export interface AppContext {
  db: Database;
  config: Config;
  sockets: SocketKicker;
}
