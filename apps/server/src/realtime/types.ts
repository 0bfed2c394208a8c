// The types the socket handlers share: the typed socket.io server and socket, and the shutdown flag.
// In a file of their own so that realtime.ts (which attaches the handlers) and the handlers it attaches
// (runner-socket.ts, bot-socket.ts) import them without importing each other.
import type { ClientToServerEvents, ServerToClientEvents } from "@dsbot/protocol";
import type { Server, Socket } from "socket.io";
import type { SocketData } from "./handshake.js";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no inter-server events yet
export interface InterServerEvents {}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Set while the server shuts down: the sockets it closes then did not drop, so runner and bot
 * handlers leave the bots as they are (their runners reconnect to the next start).
 */
export interface ServerLifecycle {
  closing: boolean;
  /** This instance's id (server_instances): the connection rows of its sockets carry it. */
  readonly instanceId: string;
}
