// Ends live sockets when what authorised them goes away (logout, revoked session or runner token,
// deleted user, force-stopped bot).
import type { Server } from "socket.io";
import { accountRoom, botRoom, runnerTokenRoom, sessionRoom } from "./rooms.js";

export interface SocketKicker {
  disconnectSessions(sessionIds: number[]): void;
  disconnectUser(userId: number): void;
  disconnectRunnerToken(runnerTokenId: number): void;
  disconnectBot(dsbotId: number): void;
  disconnectSocketIds(socketIds: string[]): void;
}

// `io.in(room)` reaches sockets on other instances too once a cluster adapter is installed.
export function createSocketKicker(io: Server): SocketKicker {
  return {
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(accountRoom(userId)).disconnectSockets(true);
    },
    disconnectRunnerToken(runnerTokenId) {
      io.in(runnerTokenRoom(runnerTokenId)).disconnectSockets(true);
    },
    disconnectBot(dsbotId) {
      io.in(botRoom(dsbotId)).disconnectSockets(true);
    },
    disconnectSocketIds(socketIds) {
      if (socketIds.length > 0) io.in(socketIds).disconnectSockets(true);
    },
  };
}
