// A bot socket's questions and reports that the modules make through the session: the attacks to send
// soon ("bot:attacks"), the owner's templates ("bot:templates"), a scan's villages in parts
// ("bot:villages"), and each sent attack's result ("bot:attack-result"), which is kept until the server
// answers and sent again after a reconnect.
import type { BotAttack, BotAttackResult, BotTemplate, BotVillagesReport, ClientToServerEvents, ServerToClientEvents } from "@dsbot/protocol";
import type { Socket } from "socket.io-client";
import { sessionMessages } from "./messages.js";

export const ACK_TIMEOUT_MS = 10_000;

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export class BotChannel {
  /** Attack reports the server has not answered yet, by attack id (sent again after a reconnect). */
  private readonly pendingResults = new Map<number, BotAttackResult>();
  private flushing = false;

  constructor(
    private readonly socket: BotSocket,
    /** A line for the bot's log on the server. */
    private readonly log: (level: "warn", message: string) => void,
    /** A line for the runner's own log only. */
    private readonly warnLocally: (message: string) => void,
  ) {}

  /** The attacks to send within `withinMs`, claimed for this bot; null while offline or refused. */
  async claimAttacks(withinMs: number): Promise<BotAttack[] | null> {
    if (!this.socket.connected) return null;
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:attacks", { withinMs });
      if (!answer.ok) {
        this.log("warn", sessionMessages.attacksRefused(answer.error.message));
        return null;
      }
      return answer.attacks;
    } catch {
      return null;
    }
  }

  async templates(ids: readonly number[]): Promise<BotTemplate[] | null> {
    if (ids.length === 0) return [];
    if (!this.socket.connected) return null;
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:templates", { ids: [...ids] });
      return answer.ok ? answer.templates : null;
    } catch {
      return null;
    }
  }

  /** A scan's villages in parts (the "Dörfer" tab); skipped while offline — the next scan sends them. */
  async reportVillages(parts: BotVillagesReport[]): Promise<void> {
    for (const part of parts) {
      if (!this.socket.connected) return;
      try {
        const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:villages", part);
        if (!answer.ok) return;
      } catch {
        return;
      }
    }
  }

  /** Kept until the server answers; a refusal (e.g. the attack was reported already) is final too. */
  reportAttack(result: BotAttackResult): void {
    this.pendingResults.set(result.attackId, result);
    void this.flushAttackResults();
  }

  async flushAttackResults(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      // Until none is left: a result reported while an earlier one waits for its answer (the next noble of
      // a train, 1 ms later) is sent in this flush too, not only at the next report or reconnect.
      for (let next = this.pendingResults.entries().next(); !next.done; next = this.pendingResults.entries().next()) {
        const [id, result] = next.value;
        if (!this.socket.connected) return;
        try {
          const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:attack-result", result);
          if (this.pendingResults.get(id) === result) this.pendingResults.delete(id);
          if (!answer.ok) this.warnLocally(sessionMessages.attackReportRefused(answer.error.message));
        } catch {
          return; // no answer: tried again after the next reconnect
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
