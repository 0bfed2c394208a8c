// Outgoing realtime traffic: website messages to one user or to a bot's audience (computed at emit
// time through the bot policy), runner commands, and config/control pushes to bot sockets. Pushes to
// runner and bot sockets find their sockets in the connection rows and check each socket's user against
// the bot's audience at that moment: a socket whose user lost access gets nothing, and a bot socket of
// such a user is disconnected.
import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from "@dsbot/protocol";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Server } from "socket.io";
import type { Database } from "../db/client.js";
import { runnerTokens, websocketConnections } from "../db/schema.js";
import { audienceOf } from "../policies/dsbots.policy.js";
import type { Notifier } from "../platform/ports.js";
import type { SocketData } from "../platform/socket-types.js";
import { accountRoom, botRoom, fetchEverywhere, runnerRoom, userRoom } from "../platform/rooms.js";

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The runner and bot sockets these targets name, wherever they are, from the connection rows (not from
 * the adapter: an instance that has not heard a peer's heartbeat yet, or no longer, would find nothing
 * on that peer and the command would be lost), each with the user it acts for (its runner token's).
 */
async function targetSockets(
  db: Database,
  target: { socketIds?: readonly string[]; runnerTokenIds?: readonly number[]; botSocketsOf?: number },
): Promise<{ socketId: string; userId: number }[]> {
  const { socketIds = [], runnerTokenIds = [], botSocketsOf } = target;
  const which = [
    socketIds.length > 0 ? inArray(websocketConnections.socketId, [...socketIds]) : undefined,
    runnerTokenIds.length > 0
      ? and(eq(websocketConnections.origin, "bot-user"), inArray(websocketConnections.runnerTokenId, [...runnerTokenIds]))
      : undefined,
    botSocketsOf !== undefined ? and(eq(websocketConnections.origin, "bot"), eq(websocketConnections.dsbotId, botSocketsOf)) : undefined,
  ].filter((condition) => condition !== undefined);
  if (which.length === 0) return [];
  return db
    .selectDistinct({ socketId: websocketConnections.socketId, userId: runnerTokens.userId })
    .from(websocketConnections)
    .innerJoin(runnerTokens, eq(runnerTokens.id, websocketConnections.runnerTokenId))
    .where(or(...which));
}

export function createNotifier(io: Io, db: Database): Notifier {
  /**
   * The targeted sockets whose user may see the bot now, as one room selection (a broadcast reaches
   * them on any instance). Bot sockets of anyone else are cut off (by room, so one whose row is gone
   * goes too); a runner socket may serve other bots too, so it is only left out.
   */
  async function allowed(target: Parameters<typeof targetSockets>[1], dsbotId: number) {
    const audience = await audienceOf(db, dsbotId);
    if (target.botSocketsOf !== undefined) {
      io.in(botRoom(target.botSocketsOf)).except(audience.map(accountRoom)).disconnectSockets(true);
    }
    const may = new Set(audience);
    const ids = [...new Set((await targetSockets(db, target)).filter((s) => may.has(s.userId)).map((s) => s.socketId))];
    return ids.length > 0 ? io.to(ids) : undefined;
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
    async runnerCommand(target, command) {
      (await allowed(target, command.dsbotId))?.emit("runner:command", command);
    },
    async botControl(dsbotId, control) {
      (await allowed({ botSocketsOf: dsbotId }, dsbotId))?.emit("bot:control", control);
    },
    async botModuleConfig(dsbotId, update) {
      (await allowed({ botSocketsOf: dsbotId }, dsbotId))?.emit("bot:module-config", update);
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
