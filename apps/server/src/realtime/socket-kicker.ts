// Ends live sockets when what authorised them goes away (logout, revoked session or runner token,
// deleted user, force-stopped bot, lost access), and lists a user's sockets for such re-checks.
import type { Server } from "socket.io";
import type { SocketKicker } from "../platform/ports.js";
import type { SocketData } from "../platform/socket-types.js";
import { accountRoom, botRoom, fetchEverywhere, runnerTokenRoom, sessionRoom } from "../platform/rooms.js";

// `io.in(room)` reaches sockets on other instances too once a cluster adapter is installed.
export function createSocketKicker(io: Server): SocketKicker {
  return {
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(accountRoom(userId)).disconnectSockets(true);
    },
    disconnectRunnerTokens(runnerTokenIds) {
      if (runnerTokenIds.length > 0) io.in(runnerTokenIds.map(runnerTokenRoom)).disconnectSockets(true);
    },
    disconnectBot(dsbotId) {
      io.in(botRoom(dsbotId)).disconnectSockets(true);
    },
    disconnectSocketIds(socketIds) {
      if (socketIds.length > 0) io.in(socketIds).disconnectSockets(true);
    },
    async socketsOfUser(userId) {
      const sockets = await fetchEverywhere(io.in(accountRoom(userId)));
      return sockets.map((socket) => {
        const data = socket.data as SocketData;
        return {
          id: socket.id,
          origin: data.origin,
          dsbotId: data.dsbotId,
          runnerTokenId: data.runner?.tokenId ?? null,
          disconnect: () => socket.disconnect(true),
        };
      });
    },
  };
}
