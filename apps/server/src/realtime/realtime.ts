// socket.io on the app's HTTP server: websocket transport only, authenticated handshake, rooms.
import type { ClientToServerEvents, ServerToClientEvents } from "@dsbot/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { Database } from "../db/client.js";
import type { SocketData } from "./handshake.js";
import { defaultAuthenticators, handshakeMiddleware } from "./handshake.js";
import { sessionRoom, userRoom } from "./rooms.js";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no inter-server events yet
export interface InterServerEvents {}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeOptions {
  db: Database;
  allowedOrigins: readonly string[];
  trustProxy: boolean;
  log: FastifyBaseLogger;
}

export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    // No long-polling: no sticky sessions needed behind a load balancer (PRODUCT §1).
    transports: ["websocket"],
    serveClient: false,
    maxHttpBufferSize: 1024 * 1024,
  });
  const log = options.log.child({ module: "realtime" });

  io.use(
    handshakeMiddleware(options.allowedOrigins, options.trustProxy, defaultAuthenticators(options.db), (error) =>
      log.error({ err: error }, "socket handshake failed"),
    ),
  );

  io.on("connection", (socket) => {
    const { user, sessionId, origin } = socket.data;
    void socket.join(userRoom(user.id));
    if (sessionId !== null) void socket.join(sessionRoom(sessionId));
    log.debug({ userId: user.id, origin, socketId: socket.id }, "socket connected");
    socket.on("disconnect", (reason) => log.debug({ socketId: socket.id, reason }, "socket disconnected"));
  });

  return io;
}
