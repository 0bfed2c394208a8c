// Ends live sockets when what authorised them goes away (logout, revoked session, deleted user).
import type { Server } from "socket.io";
import { sessionRoom, userRoom } from "./rooms.js";

export interface SocketKicker {
  disconnectSessions(sessionIds: number[]): void;
  disconnectUser(userId: number): void;
}

// `io.in(room)` reaches sockets on other instances too once a cluster adapter is installed.
export function createSocketKicker(io: Server): SocketKicker {
  return {
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
  };
}
