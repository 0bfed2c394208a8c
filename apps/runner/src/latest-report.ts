// A report of which only the newest matters (a scan's troops, the incomings): the latest unsent one is
// kept and sent whenever the socket is connected; a newer scan replaces an older one not yet answered.
// A report over the server's message limit is not sent (it would cost the socket); the caller logs why.
import {
  SOCKET_MESSAGE_MAX_BYTES,
  type BotIncomingsReport,
  type BotScavengeReport,
  type BotTroopsReport,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAck,
} from "@dsbot/protocol";
import type { Socket } from "socket.io-client";
import { sessionMessages } from "./messages.js";

/** Room for socket.io's framing around a payload (event name, ack id). */
const FRAME_RESERVE = 1024;

type ReportEvent = "bot:troops" | "bot:incomings" | "bot:scavenge";

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

/**
 * A bot session's latest-only reports: a scan's troops, the incomings and the Raubzug module's state.
 * A report the server refuses is logged locally; one too large to send goes to the bot's log.
 */
export class SessionReports {
  private readonly troops: LatestReport<"bot:troops">;
  private readonly incomings: LatestReport<"bot:incomings">;
  private readonly scavenge: LatestReport<"bot:scavenge">;

  constructor(
    socket: Socket<ServerToClientEvents, ClientToServerEvents>,
    ackTimeoutMs: number,
    private readonly log: { locally(message: string): void; toServer(message: string): void },
  ) {
    const refused = (message: (text: string) => string) => (text: string) => log.locally(message(text));
    this.troops = new LatestReport(socket, "bot:troops", ackTimeoutMs, refused(sessionMessages.troopsRefused));
    this.incomings = new LatestReport(socket, "bot:incomings", ackTimeoutMs, refused(sessionMessages.incomingsRefused));
    this.scavenge = new LatestReport(socket, "bot:scavenge", ackTimeoutMs, refused(sessionMessages.scavengeRefused));
  }

  reportTroops(report: BotTroopsReport): void {
    if (!this.troops.set(report)) this.log.toServer(sessionMessages.troopsTooLarge(report.villages.length));
  }

  reportIncomings(report: BotIncomingsReport): void {
    if (!this.incomings.set(report)) this.log.toServer(sessionMessages.incomingsTooLarge(report.incomings.length));
  }

  /** The schema's village cap keeps it within one message. */
  reportScavenge(report: BotScavengeReport): void {
    this.scavenge.set(report);
  }

  /** After a (re)connect: what is pending goes out. */
  flush(): void {
    void this.troops.flush();
    void this.incomings.flush();
    void this.scavenge.flush();
  }
}
