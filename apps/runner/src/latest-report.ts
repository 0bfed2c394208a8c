// A report of which only the newest matters (a scan's troops, the incomings): the latest unsent one is
// kept and sent whenever the socket is connected; a newer scan replaces an older one not yet answered.
// A report over the server's message limit is not sent (it would cost the socket); the caller logs why.
import { SOCKET_MESSAGE_MAX_BYTES, type ClientToServerEvents, type ServerToClientEvents, type SocketAck } from "@dsbot/protocol";
import type { Socket } from "socket.io-client";

/** Room for socket.io's framing around a payload (event name, ack id). */
const FRAME_RESERVE = 1024;

type ReportEvent = "bot:troops" | "bot:incomings";

export class LatestReport<E extends ReportEvent> {
  private pending: Parameters<ClientToServerEvents[E]>[0] | null = null;
  private sending = false;

  constructor(
    private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>,
    private readonly event: E,
    private readonly ackTimeoutMs: number,
    private readonly onRefused: (message: string) => void,
  ) {}

  /** Keeps the report to send; false when it is too large for the server. */
  set(report: Parameters<ClientToServerEvents[E]>[0]): boolean {
    if (Buffer.byteLength(JSON.stringify(report)) > SOCKET_MESSAGE_MAX_BYTES - FRAME_RESERVE) return false;
    this.pending = report;
    void this.flush();
    return true;
  }

  /** Sends what is pending while connected (again after a reconnect when a send got no answer). */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.pending && this.socket.connected) {
        const report = this.pending;
        try {
          const emit = this.socket.timeout(this.ackTimeoutMs).emitWithAck as (event: ReportEvent, payload: unknown) => Promise<SocketAck>;
          const answer = await emit.call(this.socket.timeout(this.ackTimeoutMs), this.event, report);
          if (this.pending === report) this.pending = null;
          if (!answer.ok) this.onRefused(answer.error.message);
        } catch {
          return; // no answer: sent again after the next reconnect, unless a newer one replaced it
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
