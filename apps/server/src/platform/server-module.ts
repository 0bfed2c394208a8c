// What a server module hands the app: its REST routes (each a Fastify plugin built from the app context),
// the bot socket events it answers and the domain events it reacts to. Each module's index.ts exports one; app.ts registers the list.
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "./app-context.js";
import type { BotEventHandler } from "./bot-events.js";

export interface ServerModule {
  /** The folder under modules/, for logs and the architecture test. */
  name: string;
  routes: readonly ((ctx: AppContext) => FastifyPluginAsync)[];
  socketEvents?: readonly BotEventHandler[];
  /** Subscribes to the domain events the module reacts to (events/domain-events.ts), once per app. */
  subscribe?: (ctx: AppContext) => void;
}
