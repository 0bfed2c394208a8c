// The types socket handlers share: the typed socket.io server and socket, what an accepted socket
// carries, and the shutdown flag. Here, below the modules and realtime/, so that module socket handlers
// and the realtime layer that attaches them both use them.
import type { ClientToServerEvents, ServerToClientEvents, SocketOrigin } from "@dsbot/protocol";
import type { Server, Socket } from "socket.io";
import type { UserRow } from "../db/schema.js";

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

/** What an accepted socket carries in `socket.data`. */
/**
 * Who a socket belongs to, as it was at the handshake (handlers read the role afresh when it
 * matters). No more than this: socket data travels to other instances in `fetchSockets` answers.
 */
export type SocketUser = Pick<UserRow, "id" | "username" | "role">;

export interface SocketData {
  origin: SocketOrigin;
  user: SocketUser;
  /** The web session behind a website socket (revoking it disconnects the socket). */
  sessionId: number | null;
  /** The runner token behind a bot-user or bot socket (revoking it disconnects the socket). */
  runner: { tokenId: number; name: string } | null;
  /** The bot a bot socket speaks for. */
  dsbotId: number | null;
}

export type Authenticated = Omit<SocketData, "origin">;
