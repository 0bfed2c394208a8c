// What route modules need from the app: passed explicitly instead of decorating fastify with everything.
import type { Config } from "../core/config.js";
import type { Database } from "../db/client.js";
import type { DomainEventBus } from "../events/domain-events.js";
import type { Metrics, Notifier, SocketKicker, WorldSync } from "./ports.js";
import type { WorkerPool } from "../workers/worker-pool.js";

export interface AppContext {
  db: Database;
  /**
   * The same database for live state runners report at a high rate (a bot's status): its commits do
   * not wait for the disk (db/client.ts `live`). Absent (tests building a context by hand): `db`.
   */
  liveDb?: Database;
  config: Config;
  sockets: SocketKicker;
  realtime: Notifier;
  /** The domain events: modules emit what happened; realtime/browser-messages.ts tells the browsers. */
  events: DomainEventBus;
  /** Worker threads for work that grows with its input (the planner). */
  workers: WorkerPool;
  /** The world sync of this instance: "Jetzt abgleichen", a round at once for a new world, what runs now. */
  worldSync: WorldSync;
  /** This instance's Prometheus metrics; absent unless DSBOT_METRICS_TOKEN is set (then GET /metrics is a 404). */
  metrics?: Metrics;
}

/** What the bot services need: the database and the realtime side. */
export type BotContext = Pick<AppContext, "db" | "liveDb" | "sockets" | "realtime" | "events">;
