// The server clock's offset from this runner's, measured over a bot's socket.
import type { ClientToServerEvents, ServerToClientEvents } from "@dsbot/protocol";
import type { Socket } from "socket.io-client";
import { ACK_TIMEOUT_MS } from "./bot-channel.js";

/**
 * A few "bot:time" round trips, the shortest one counts, its answer taken as the server's time at the
 * midpoint of the trip: the server's clock minus this runner's (ms) and that trip's time, or undefined
 * when no round trip succeeded.
 */
export async function measureServerClock(socket: Socket<ServerToClientEvents, ClientToServerEvents>, samples = 5): Promise<{ rtt: number; offset: number } | undefined> {
  let best: { rtt: number; offset: number } | undefined;
  for (let i = 0; i < samples && socket.connected; i++) {
    const sent = Date.now();
    try {
      const answer = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:time");
      const received = Date.now();
      if (!answer.ok) break;
      const sample = { rtt: received - sent, offset: answer.serverTime - (sent + received) / 2 };
      if (!best || sample.rtt < best.rtt) best = sample;
    } catch {
      break;
    }
  }
  return best;
}
