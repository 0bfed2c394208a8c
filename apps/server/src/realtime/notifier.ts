// Outgoing realtime traffic: website messages to one user or to a bot's audience (computed at emit
// time through the bot policy), runner commands, and config/control pushes to bot sockets. Pushes to
// runner and bot sockets check each socket's user against the bot's audience at that moment: a socket
// whose user lost access gets nothing and is disconnected.
import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from "@dsbot/protocol";
import type { RemoteSocket, Server } from "socket.io";
import type { Database } from "../db/client.js";
import { audienceOf } from "../policies/dsbots.policy.js";
import type { Notifier } from "../platform/ports.js";
import type { SocketData } from "../platform/socket-types.js";
import { botRoom, fetchEverywhere, runnerRoom, userRoom } from "../platform/rooms.js";

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type Remote = RemoteSocket<ServerToClientEvents, SocketData>;

export function createNotifier(io: Io, db: Database): Notifier {
  /**
   * The sockets in these rooms whose user may see the bot now. Bot sockets of anyone else are cut off;
   * a runner socket may serve other bots too, so it is only left out.
   */
  async function allowed(rooms: string[], dsbotId: number): Promise<Remote[]> {
    if (rooms.length === 0) return [];
    const sockets = await fetchEverywhere(io.in(rooms));
    if (sockets.length === 0) return [];
    const audience = new Set(await audienceOf(db, dsbotId));
    return sockets.filter((socket) => {
      if (audience.has(socket.data.user.id)) return true;
      if (socket.data.origin === "bot") socket.disconnect(true);
      return false;
    });
  }

  return {
    toUser(userId, message) {
      io.to(userRoom(userId)).emit("message", message);
    },
    toUsers(userIds, message) {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit("message", message);
    },
    async toBotAudience(dsbotId, message) {
      const userIds = await audienceOf(db, dsbotId);
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit("message", message);
    },
    async runnerCommand({ socketIds = [], runnerTokenIds = [] }, command) {
      for (const socket of await allowed([...socketIds, ...runnerTokenIds.map(runnerRoom)], command.dsbotId)) {
        socket.emit("runner:command", command);
      }
    },
    async botControl(dsbotId, control) {
      for (const socket of await allowed([botRoom(dsbotId)], dsbotId)) socket.emit("bot:control", control);
    },
    async botModuleConfig(dsbotId, update) {
      for (const socket of await allowed([botRoom(dsbotId)], dsbotId)) socket.emit("bot:module-config", update);
    },
    botConfig(socketId, config) {
      // Asked by the bot socket's own connect handler: the socket is on this instance, so no NOTIFY.
      io.local.to(socketId).emit("bot:config", config);
    },
    botTemplatesChanged(dsbotIds, change) {
      if (dsbotIds.length > 0) io.to(dsbotIds.map(botRoom)).emit("bot:templates-changed", change);
    },
    async connectedRunners(runnerTokenIds) {
      const found = await Promise.all(
        runnerTokenIds.map(async (id) => ((await fetchEverywhere(io.in(runnerRoom(id)))).length > 0 ? id : null)),
      );
      return new Set(found.filter((id): id is number => id !== null));
    },
  };
}
