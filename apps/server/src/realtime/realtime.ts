// socket.io on the app's HTTP server: websocket transport only, authenticated handshake, rooms, and
// the handlers of runner and bot sockets.
import type { ClientToServerEvents } from "@dsbot/protocol";
import { errorMessages, findUncleanInput, SOCKET_MESSAGE_MAX_BYTES } from "@dsbot/protocol";
import { createAdapter } from "@socket.io/postgres-adapter";
import type { FastifyBaseLogger } from "fastify";
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { BotContext } from "../platform/app-context.js";
import type { Database } from "../db/client.js";
import { NOTIFY_PAYLOAD_MAX_BYTES, type AdapterPool } from "./adapter-pool.js";
import type { BotEventHandler } from "../platform/bot-events.js";
import { handleBotSocket } from "./bot-socket.js";
import type { SocketData } from "../platform/socket-types.js";
import { defaultAuthenticators, handshakeMiddleware } from "./handshake.js";
import { accountRoom, botRoom, runnerRoom, runnerTokenRoom, sessionRoom, userRoom } from "../platform/rooms.js";
import { handleRunnerSocket } from "./runner-socket.js";
import type { RealtimeServer, RealtimeSocket, ServerLifecycle } from "../platform/socket-types.js";

export type { InterServerEvents, RealtimeServer, RealtimeSocket, ServerLifecycle } from "../platform/socket-types.js";

export interface RealtimeOptions {
  db: Database;
  allowedOrigins: readonly string[];
  trustProxy: boolean;
  log: FastifyBaseLogger;
  /**
   * PostgreSQL: a pool for socket.io's PostgreSQL adapter, which carries broadcasts, room operations
   * and `fetchSockets` to every instance on the database (LISTEN/NOTIFY). Without it (PGlite) rooms
   * are this process's only.
   */
  adapterPool?: AdapterPool;
}

/**
 * The adapter's heartbeat: an instance silent for the timeout is no longer asked (a `fetchSockets`
 * asked while it is still counted fails after the adapter's 5 s and is asked once more; see rooms.ts).
 */
export const ADAPTER_HEARTBEAT_MS = 2_000;
export const ADAPTER_HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * Every event's payload passes the same check as REST input (no NUL bytes, lone surrogates or absurd
 * nesting); a refused event is answered through its acknowledgement and goes no further.
 */
function refuseUncleanPayloads(packet: unknown[], next: (err?: Error) => void): void {
  const ack = packet.at(-1);
  const found = findUncleanInput(typeof ack === "function" ? packet.slice(1, -1) : packet.slice(1));
  if (!found) return next();
  const message = found.reason === "depth" ? errorMessages.inputTooDeep : errorMessages.invalidChars;
  if (typeof ack === "function") (ack as (answer: unknown) => void)({ ok: false, error: { code: "bad_request", message } });
}

type Middleware = (packet: unknown[], next: (err?: Error) => void) => void;

/**
 * Every event is answered: one this socket does not handle (another origin's event, an unknown name)
 * gets a refusal through its acknowledgement instead of silence.
 */
function answerUnknownEvents(socket: RealtimeSocket): Middleware {
  return (packet, next) => {
    const [event] = packet;
    // Names outside the event map simply have no listeners.
    if (typeof event === "string" && socket.listeners(event as keyof ClientToServerEvents).length > 0) return next();
    const ack = packet.at(-1);
    if (typeof ack === "function") {
      (ack as (answer: unknown) => void)({ ok: false, error: { code: "bad_request", message: errorMessages.unknownEvent } });
    }
  };
}

/** Website sockets hear `message`s (user room); runner and bot sockets get their commands instead. */
function roomsOf(data: SocketData): string[] {
  const rooms = [accountRoom(data.user.id)];
  if (data.origin === "website") rooms.push(userRoom(data.user.id));
  if (data.sessionId !== null) rooms.push(sessionRoom(data.sessionId));
  if (data.runner) rooms.push(runnerTokenRoom(data.runner.tokenId));
  if (data.origin === "bot-user" && data.runner) rooms.push(runnerRoom(data.runner.tokenId));
  if (data.origin === "bot" && data.dsbotId !== null) rooms.push(botRoom(data.dsbotId));
  return rooms;
}

export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    // No long-polling: no sticky sessions needed behind a load balancer.
    transports: ["websocket"],
    serveClient: false,
    maxHttpBufferSize: SOCKET_MESSAGE_MAX_BYTES,
  });
  const log = options.log.child({ module: "realtime" });
  if (options.adapterPool) {
    io.adapter(
      createAdapter(options.adapterPool.pool, {
        heartbeatInterval: ADAPTER_HEARTBEAT_MS,
        heartbeatTimeout: ADAPTER_HEARTBEAT_TIMEOUT_MS,
        payloadThreshold: NOTIFY_PAYLOAD_MAX_BYTES,
        errorHandler: (error) => log.warn({ err: error }, "realtime adapter error"),
      }),
    );
    // Announced again once it listens: the peers' answers to the first announcement may have gone unheard.
    options.adapterPool.onListening(() => void io.of("/").adapter.init());
  }

  io.use(
    handshakeMiddleware(options.allowedOrigins, options.trustProxy, defaultAuthenticators(options.db), (error) =>
      log.error({ err: error }, "socket handshake failed"),
    ),
  );

  io.on("connection", (socket) => {
    const { user, origin } = socket.data;
    void socket.join(roomsOf(socket.data));
    socket.use(refuseUncleanPayloads);
    socket.use(answerUnknownEvents(socket));
    log.debug({ userId: user.id, origin, socketId: socket.id }, "socket connected");
    socket.on("disconnect", (reason) => log.debug({ socketId: socket.id, reason }, "socket disconnected"));
  });

  return io;
}

/**
 * Runner and bot handlers need the bot services, which need the notifier built on `io`. `botEvents`:
 * the bot socket events the modules declare (app.ts lists them).
 */
export function attachBotSockets(
  io: RealtimeServer,
  ctx: BotContext,
  baseLog: FastifyBaseLogger,
  lifecycle: ServerLifecycle,
  botEvents: readonly BotEventHandler[],
): void {
  const log = baseLog.child({ module: "realtime" });
  io.on("connection", (socket) => {
    if (socket.data.origin === "bot-user") handleRunnerSocket(socket, ctx, log, lifecycle);
    else if (socket.data.origin === "bot") handleBotSocket(socket, ctx, log, lifecycle, botEvents);
  });
}
