// This instance's Prometheus metrics, in a prom-client Registry of its own (tests build many apps in one
// process; prom-client's global default registry is never used). Built only when DSBOT_METRICS_TOKEN is
// set; GET /metrics (metrics.routes.ts) serves them. Counted as it happens: HTTP requests
// (http-metrics.ts), domain events fanned out to the browsers, tab requests opened, how far from its
// planned send time a bot sent an attack. Read at each scrape: sockets, bots by status, queue depths and
// the event loop's lag. Every instance has its own: scrape each one.
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { SocketOrigin } from "@dsbot/protocol";
import { socketOrigins, tabRequestKinds } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/client.js";
import { dsbots } from "../../db/schema.js";
import type { DomainEventBus, DomainEventName } from "../../events/domain-events.js";
import type { Metrics } from "../../platform/ports.js";

/** What the metrics read from the app. */
export interface MetricsSources {
  db: Database;
  events: DomainEventBus;
  /** This instance's connected sockets (socket.io's local `/` namespace), read at each scrape. */
  sockets: () => Iterable<{ data: { origin: SocketOrigin } }>;
  /** Tasks waiting for a worker thread (workers/worker-pool.ts). */
  workerQueueDepth: () => number;
  /** Queries waiting for a database connection (db/client.ts `queueDepth`); absent: not exposed. */
  dbQueueDepth?: () => number;
  /** Where a failed read at scrape time is told; the scrape still answers, with the last values. */
  warn: (details: object, message: string) => void;
}

export interface AppMetrics extends Metrics {
  /** One answered HTTP request: `route` is the route's pattern (`/api/dsbot/:id`), "unmatched" for none. */
  observeHttp(method: string, route: string, statusCode: number, seconds: number): void;
  /** From a domain event being raised to its messages being emitted to the sockets (realtime/browser-messages.ts). */
  observeRealtimeEvent(event: DomainEventName, seconds: number): void;
  /** Stops the event loop monitor and empties the registry (the app closes). */
  close(): void;
}

/** How long an answer took; the default buckets, and a finer start. */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REALTIME_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A bot sends to the millisecond: the low end matters most. */
const ATTACK_LATENESS_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The event loop monitor's tick. */
const LOOP_TICK_MS = 10;

/** A bot's status as the metrics name it: NULL (never started) counts as offline, as everywhere in the app. */
const botStatuses = dsbots.status.enumValues;

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: "dsbot_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern (no ids; unmatched: no route) and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  new Gauge({
    name: "dsbot_sockets",
    help: "Sockets connected to this instance, by origin (website: browsers, bot-user: runners, bot: bots)",
    labelNames: ["origin"] as const,
    registers,
    collect() {
      const counts = new Map<SocketOrigin, number>(socketOrigins.map((origin) => [origin, 0]));
      for (const socket of sources.sockets()) counts.set(socket.data.origin, (counts.get(socket.data.origin) ?? 0) + 1);
      for (const [origin, count] of counts) this.set({ origin }, count);
    },
  });

  new Gauge({
    name: "dsbot_bots",
    help: "Bots by status, from the database (every instance reports the same counts; never started counts as offline)",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      try {
        const rows = await sources.db
          .select({ status: dsbots.status, count: sql<number>`count(*)::int` })
          .from(dsbots)
          .groupBy(dsbots.status);
        const counts = new Map<string, number>(botStatuses.map((status) => [status, 0]));
        for (const row of rows) {
          const status = row.status ?? "offline";
          counts.set(status, (counts.get(status) ?? 0) + Number(row.count));
        }
        for (const [status, count] of counts) this.set({ status }, count);
      } catch (error) {
        sources.warn({ err: error }, "metrics: could not count the bots");
      }
    },
  });

  const realtime = new Histogram({
    name: "dsbot_realtime_event_latency_seconds",
    help: "Time from a domain event being raised to its messages being emitted to the sockets, by event",
    labelNames: ["event"] as const,
    buckets: REALTIME_BUCKETS,
    registers,
  });

  const lateness = new Histogram({
    name: "dsbot_attack_send_lateness_seconds",
    help: "|actual - planned| send time of an attack a bot reported sent",
    buckets: ATTACK_LATENESS_BUCKETS,
    registers,
  });
  sources.events.on("attack.reported", ({ send }) => {
    if (send) lateness.observe(Math.abs(send.sentAt - send.plannedSendAt) / 1000);
  });

  const tabRequests = new Counter({
    name: "dsbot_tab_requests_opened_total",
    help: "Tab requests opened, by kind (attack: no running bot could send it, player: a bot needs its player)",
    labelNames: ["kind"] as const,
    registers,
  });
  for (const kind of tabRequestKinds) tabRequests.inc({ kind }, 0);
  sources.events.on("tab-requests.added", ({ requests }) => {
    for (const { tabRequest } of requests) tabRequests.inc({ kind: tabRequest.kind });
  });

  new Gauge({
    name: "dsbot_worker_pool_queue_depth",
    help: "Tasks waiting for a free worker thread",
    registers,
    collect() {
      this.set(sources.workerQueueDepth());
    },
  });

  const { dbQueueDepth } = sources;
  if (dbQueueDepth) {
    new Gauge({
      name: "dsbot_db_queue_depth",
      help: "Queries waiting for a free database connection (PGlite has one)",
      registers,
      collect() {
        this.set(dbQueueDepth());
      },
    });
  }

  // Its own monitor: the one of the default metrics (nodejs_eventloop_lag_*) is reset by its own scrape.
  // It samples the time between its ticks, every LOOP_TICK_MS when nothing holds the loop: the lag is
  // what a tick took beyond that.
  const loop = monitorEventLoopDelay({ resolution: LOOP_TICK_MS });
  loop.enable();
  const lag = (nanoseconds: number) => (loop.count > 0 ? Math.max(0, nanoseconds / 1e9 - LOOP_TICK_MS / 1000) : 0);
  new Gauge({
    name: "dsbot_event_loop_lag_seconds",
    help: "Event loop lag since the previous scrape: median (p50), p99 and max",
    labelNames: ["stat"] as const,
    registers,
    collect() {
      this.set({ stat: "p50" }, lag(loop.percentile(50)));
      this.set({ stat: "p99" }, lag(loop.percentile(99)));
      this.set({ stat: "max" }, lag(loop.max));
      loop.reset();
    },
  });

  return {
    contentType: registry.contentType,
    exposition: () => registry.metrics(),
    observeHttp(method, route, statusCode, seconds) {
      http.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    observeRealtimeEvent(event, seconds) {
      realtime.observe({ event }, seconds);
    },
    close() {
      loop.disable();
      registry.clear();
    },
  };
}
