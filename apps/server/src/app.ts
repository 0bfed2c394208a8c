// Builds the whole server (HTTP API, realtime, SPA) on one database; main.ts listens, tests inject.
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { ATTACK_CLOCK_INTERVAL_MS } from "@dsbot/protocol";
import type { AppContext } from "./platform/app-context.js";
import type { ServerModule } from "./platform/server-module.js";
import type { Config } from "./core/config.js";
import type { Database, DatabaseHandle } from "./db/client.js";
import type { RouteContract } from "./http/contract.js";
import { openDatabase } from "./db/client.js";
import { registerCompression } from "./http/compression.js";
import { registerErrorHandling, sendFrameworkError } from "./http/error-handler.js";
import { registerInputGuard } from "./http/input-guard.js";
import { registerSecurity } from "./http/security.js";
import { registerStallWatch } from "./http/stall-watch.js";
import { registerWeb } from "./http/static-web.js";
import { loggerOptions } from "./core/logger.js";
import { accountModule } from "./modules/account/index.js";
import { ALERT_DELIVERY_INTERVAL_MS, alertAhead, alertsModule, ATTACK_SOON_INTERVAL_MS, DAILY_REPORT_INTERVAL_MS, deliverDue, sendDailyReports } from "./modules/alerts/index.js";
import type { SessionCacheHandle } from "./modules/auth/index.js";
import { openSessionCache, purgeDeadSessions } from "./modules/auth/index.js";
import type { BootstrapResult } from "./modules/bootstrap/index.js";
import { bootstrapUsers } from "./modules/bootstrap/index.js";
import { dsbotAuthModule, purgeOldDeviceCodes } from "./modules/dsbot-auth/index.js";
import { purgeOldGuesses, purgeOldRateLimits } from "./modules/limits/index.js";
import { dsbotsModule, resetLiveBotState, settleOrphanedBots, settleStuckBots, STUCK_SWEEP_INTERVAL_MS } from "./modules/dsbots/index.js";
import { advanceAttacks, attackPlansModule, removeHiddenAttacks } from "./modules/attack-plans/index.js";
import { createWorldSync, removeOrphanedWorldData, worldsModule } from "./modules/worlds/index.js";
import { tabRequestsModule } from "./modules/tab-requests/index.js";
import { userscriptModule } from "./modules/userscript/index.js";
import { dashboardModule } from "./modules/dashboard/index.js";
import { incomingsModule } from "./modules/incomings/index.js";
import { troopsModule } from "./modules/troops/index.js";
import { downloadsModule } from "./modules/downloads/index.js";
import { healthModule } from "./modules/health/index.js";
import { createMetrics, metricsModule, registerHttpMetrics } from "./modules/metrics/index.js";
import { playerSkillsModule } from "./modules/player-skills/index.js";
import { templatesModule } from "./modules/templates/index.js";
import { tellClosedRequests, TRIBE_REQUESTS_CLOSED_INTERVAL_MS, tribesModule } from "./modules/tribes/index.js";
import { notificationsModule } from "./modules/notifications/index.js";
import { searchModule } from "./modules/search/index.js";
import { usersModule } from "./modules/users/index.js";
import type { RealtimeServer } from "./realtime/realtime.js";
import { createNotifier } from "./realtime/notifier.js";
import { subscribeAccessChanges } from "./realtime/access-subscribers.js";
import { subscribeBrowserMessages } from "./realtime/browser-messages.js";
import { DomainEventBus } from "./events/domain-events.js";
import type { ServerLifecycle } from "./realtime/realtime.js";
import { attachBotSockets, attachRealtime } from "./realtime/realtime.js";
import { endExpiredSessionSockets, SESSION_SOCKET_SWEEP_MS } from "./realtime/session-sockets.js";
import { createSocketKicker } from "./realtime/socket-kicker.js";
import { adapterPool, type AdapterPool } from "./realtime/adapter-pool.js";
import { WorkerPool } from "./workers/worker-pool.js";
import { startBackups } from "./modules/backup/index.js";
import { INSTANCE_HEARTBEAT_MS, newInstanceId, registerInstance, retireInstance, sweepDeadInstances } from "./modules/instances/index.js";

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The feature modules: their routes are registered in this order, their bot socket events together. */
export const serverModules: readonly ServerModule[] = [
  healthModule,
  metricsModule,
  accountModule,
  usersModule,
  dsbotsModule,
  dsbotAuthModule,
  notificationsModule,
  searchModule,
  downloadsModule,
  playerSkillsModule,
  templatesModule,
  worldsModule,
  tabRequestsModule,
  userscriptModule,
  incomingsModule,
  troopsModule,
  dashboardModule,
  attackPlansModule,
  tribesModule,
  alertsModule,
];

/** The events a bot socket sends, each declared by the module it belongs to (platform/bot-events.ts). */
export const botSocketEvents = serverModules.flatMap((module) => module.socketEvents ?? []);
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** A route as registered, with its input contract: what the security matrix and the fuzzer walk. */
export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RouteContract | undefined;
}

export interface App {
  fastify: FastifyInstance;
  /** Every route of the app (HEAD routes Fastify adds for GET left out). */
  routes: RegisteredRoute[];
  io: RealtimeServer;
  db: Database;
  /** What the route modules get: database, config, socket kicker and notifier. */
  ctx: AppContext;
  database: Pick<DatabaseHandle, "kind" | "location">;
  /** Resolved web sessions of this instance and, on PostgreSQL, the listener that keeps them true. */
  sessions: SessionCacheHandle;
  bootstrap: BootstrapResult;
  close: () => Promise<void>;
}

/** Like fastify's JSON parser, but an empty body (e.g. a bare POST /logout) is simply no body. */
function acceptEmptyJson(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser("error", "error");
  fastify.removeContentTypeParser("application/json");
  fastify.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
}

async function buildHttp(
  config: Config,
  ctx: Omit<AppContext, "sockets" | "realtime" | "events" | "workers" | "worldSync">,
  sessions: SessionCacheHandle,
  instance: { id: string; adapterPool?: AdapterPool; dbQueueDepth?: () => number },
  logStream?: NodeJS.WritableStream,
) {
  const fastify = Fastify({
    logger: loggerOptions(config.logLevel, logStream, config.logFormat),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    forceCloseConnections: "idle",
    frameworkErrors: sendFrameworkError,
  });
  const routes: RegisteredRoute[] = [];
  fastify.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, contract: route.config?.contract });
    }
  });
  registerErrorHandling(fastify);
  registerStallWatch(fastify);
  registerInputGuard(fastify);
  acceptEmptyJson(fastify);
  fastify.decorateRequest("auth", null);
  fastify.decorate("sessionCache", sessions.cache);
  await registerSecurity(fastify, { allowedOrigins: config.allowedOrigins, apiBases: config.apiBases, trustProxy: config.trustProxy });
  registerCompression(fastify);

  const io = attachRealtime(fastify.server, {
    db: ctx.db,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    log: fastify.log,
    adapterPool: instance.adapterPool,
  });
  const workers = new WorkerPool({ size: config.workers });
  // DSBOT_WORLD_SYNC=0 and the test app turn the automatic rounds off; "Jetzt abgleichen" stays.
  const worldSync = createWorldSync({ db: ctx.db, source: config.worldSource, log: fastify.log }, { automatic: config.worldSync });
  const events = new DomainEventBus((error, event) => fastify.log.error({ err: error, event }, "domain event subscriber failed"));
  const realtime = createNotifier(io, ctx.db);
  // Only with DSBOT_METRICS_TOKEN: otherwise nothing is counted and GET /metrics does not exist.
  const metrics = config.metricsToken
    ? createMetrics({
        db: ctx.db,
        events,
        sockets: () => io.of("/").sockets.values(),
        workerQueueDepth: () => workers.load.waiting,
        dbQueueDepth: instance.dbQueueDepth,
        warn: (details, message) => fastify.log.warn(details, message),
      })
    : undefined;
  if (metrics) {
    registerHttpMetrics(fastify, metrics);
    fastify.addHook("onClose", async () => metrics.close());
  }
  subscribeBrowserMessages(events, realtime, ctx.db, metrics && ((event, seconds) => metrics.observeRealtimeEvent(event, seconds)));
  const full: AppContext = { ...ctx, sockets: createSocketKicker(io), realtime, events, workers, worldSync, metrics };
  subscribeAccessChanges(events, full);
  const lifecycle: ServerLifecycle = { closing: false, instanceId: instance.id };
  attachBotSockets(io, full, fastify.log, lifecycle, botSocketEvents);
  for (const module of serverModules) module.subscribe?.(full);
  for (const module of serverModules) {
    for (const routes of module.routes) await fastify.register(routes(full));
  }
  await registerWeb(fastify, config.webDir);
  return { fastify, io, ctx: full, lifecycle, routes };
}

/** A periodic job that skips its turn while the previous run is still going. */
function skipWhileRunning(work: () => Promise<unknown>): () => Promise<unknown> {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } finally {
      running = false;
    }
  };
}

/** The periodic jobs; `stop()` ends their timers and waits for runs in flight (they use the database). */
function startHousekeeping(
  ctx: AppContext,
  fastify: FastifyInstance,
  io: RealtimeServer,
  startedAt: Date,
  instanceId: string,
): { stop: () => Promise<void> } {
  const { db } = ctx;
  /**
   * Bots left without their bot socket get RECONNECT_GRACE_MS from here before they count as lost:
   * this instance's start, or the moment it removed a dead instance (whose runners reconnect elsewhere).
   */
  let orphansSince = startedAt;
  const inFlight = new Set<Promise<unknown>>();
  const every = (ms: number, name: string, work: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      const run = work().catch((error: unknown) => fastify.log.error({ err: error }, `${name} failed`));
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    // Idempotent deletes: harmless when several instances run them at once.
    every(HOUSEKEEPING_INTERVAL_MS, "housekeeping", () =>
      Promise.all([purgeDeadSessions(db), purgeOldGuesses(db), purgeOldRateLimits(db), purgeOldDeviceCodes(db), removeHiddenAttacks(db), removeOrphanedWorldData(db)]),
    ),
    every(STUCK_SWEEP_INTERVAL_MS, "stuck bot sweep", async () => {
      await settleStuckBots(ctx);
      await settleOrphanedBots(ctx, orphansSince);
    }),
    every(INSTANCE_HEARTBEAT_MS, "instance heartbeat", async () => {
      await registerInstance(db, instanceId);
      const swept = await sweepDeadInstances(db);
      if (swept.instanceIds.length === 0) return;
      orphansSince = new Date();
      fastify.log.warn(swept, "removed dead server instances and their socket connections");
    }),
    every(SESSION_SOCKET_SWEEP_MS, "session socket sweep", () => endExpiredSessionSockets(io, db)),
    ...(ctx.config.attackClock ? [every(ATTACK_CLOCK_INTERVAL_MS, "attack clock", skipWhileRunning(() => advanceAttacks(ctx)))] : []),
    // Each request claimed by one conditional update: told once across instances.
    every(TRIBE_REQUESTS_CLOSED_INTERVAL_MS, "tribe requests closed", skipWhileRunning(() => tellClosedRequests(ctx))),
    // Claims under a lease: several instances send each message once.
    ...(ctx.config.alertDelivery
      ? [
          every(ALERT_DELIVERY_INTERVAL_MS, "alert delivery", skipWhileRunning(() => deliverDue(ctx))),
          every(ATTACK_SOON_INTERVAL_MS, "alerts told ahead", skipWhileRunning(() => alertAhead(ctx))),
          every(DAILY_REPORT_INTERVAL_MS, "daily reports", skipWhileRunning(() => sendDailyReports(ctx))),
        ]
      : []),
  ];
  return {
    stop: async () => {
      timers.forEach(clearInterval);
      await Promise.allSettled([...inFlight]);
    },
  };
}

export interface BuildOptions {
  /** An already opened database (tests); by default the one the config names is opened. */
  database?: DatabaseHandle;
  /** Where the log goes instead of stdout (tests). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? (await openDatabase(config));
  const { db } = database;
  let built: Awaited<ReturnType<typeof buildHttp>> | undefined;
  let sessions: SessionCacheHandle | undefined;
  const instanceId = newInstanceId();
  // Several instances share realtime through the database (PostgreSQL); PGlite is one process's.
  // Two connections: the adapter's LISTEN and one for every publish. The adapter delivers a broadcast
  // to this instance's sockets only once its NOTIFY answered; on one connection those answers come in
  // order, so a socket hears "starting" before "online" (a second connection could swap them).
  // Its commits do not wait for the WAL flush: a NOTIFY takes a transaction id and PostgreSQL's
  // database-wide notify lock until its commit is done, so with a flush per NOTIFY every instance's
  // broadcasts queued behind the disk. A notification is never durable anyway (nothing replays it).
  const realtimePool = database.newPool ? adapterPool(database.newPool(2, "dsbot-realtime", { synchronous_commit: "off" })) : undefined;
  try {
    sessions = await openSessionCache(database, { warn: (details, message) => built?.fastify.log.warn(details, message) });
    built = await buildHttp(config, { db, liveDb: database.live, config }, sessions, { id: instanceId, adapterPool: realtimePool, dbQueueDepth: database.queueDepth }, options.logStream);
    const log = built.fastify.log;
    database.warnWith?.((details, message) => log.warn(details, message));
    const bootstrap = await bootstrapUsers(db, config);
    if (bootstrap.usernameKeyClashes.length > 0) {
      built.fastify.log.warn({ usernames: bootstrap.usernameKeyClashes }, "usernames share a case-insensitive key; rename one of each pair");
    }
    await registerInstance(db, instanceId);
    await sweepDeadInstances(db);
    await resetLiveBotState(db, database.kind === "postgres");
    const startedAt = new Date();
    await built.fastify.ready();
    const { fastify, io, ctx, lifecycle, routes } = built;
    const openedSessions = sessions;
    // The control socket for `npm run backup` (embedded database on disk) and the scheduled backups.
    const backups = await startBackups(config, database, fastify.log);
    const housekeeping = startHousekeeping(ctx, fastify, io, startedAt, instanceId);
    // On start and hourly, once across instances.
    ctx.worldSync.start();
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await backups.close();
        await housekeeping.stop();
        await ctx.worldSync.stop();
        lifecycle.closing = true;
        // Sockets first: open websockets would otherwise keep the HTTP server from closing.
        await io.close();
        await fastify.close();
        await ctx.workers.close();
        await openedSessions.close();
        // Its sockets are closed: their rows go now rather than when the others find it silent.
        await retireInstance(db, instanceId).catch((error: unknown) => fastify.log.warn({ err: error }, "could not retire this instance"));
        await realtimePool?.close();
        await database.close();
      })());
    return { fastify, io, routes, db, ctx, database: { kind: database.kind, location: database.location }, sessions, bootstrap, close };
  } catch (error) {
    if (built) {
      await built.io.close();
      await built.fastify.close();
      await built.ctx.workers.close();
    }
    await sessions?.close();
    await realtimePool?.close();
    await database.close();
    throw error;
  }
}
