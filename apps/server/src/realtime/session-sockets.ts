// Website sockets live as long as their web session: logout and revocation end them at once (socket
// kicker), and this sweep ends those whose session simply ran out (idle or absolute expiry) or is
// gone. Each instance checks only its own sockets, so it is safe with several instances.
import type { Database } from "../db/client.js";
import { findActiveSessionIds } from "../modules/auth/index.js";
import type { RealtimeServer } from "../platform/socket-types.js";

export const SESSION_SOCKET_SWEEP_MS = 60_000;

/** Disconnects this instance's website sockets whose session can no longer be used; answers how many. */
export async function endExpiredSessionSockets(io: RealtimeServer, db: Database, now = new Date()): Promise<number> {
  const local = [...io.of("/").sockets.values()].filter((socket) => socket.data.sessionId !== null);
  if (local.length === 0) return 0;
  const active = await findActiveSessionIds(db, [...new Set(local.map((socket) => socket.data.sessionId as number))], now);
  let ended = 0;
  for (const socket of local) {
    if (active.has(socket.data.sessionId as number)) continue;
    socket.disconnect(true);
    ended += 1;
  }
  return ended;
}
