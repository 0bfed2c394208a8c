// Attack reports: one reported while an earlier one still waits for the server's answer (the next noble
// of a train, a millisecond later) goes out in the same flush, not only at the bot's next report.
import type { BotAttackResult } from "@dsbot/protocol";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { BotChannel } from "./bot-channel.js";

/** A connected socket.io client that answers each emit after `delayMs` and records what it got. */
function answeringSocket(delayMs: number) {
  const emitted: BotAttackResult[] = [];
  const socket = {
    connected: true,
    timeout: () => ({
      emitWithAck: (_event: string, result: BotAttackResult) => {
        emitted.push(result);
        return new Promise((resolve) => setTimeout(() => resolve({ ok: true, status: "sent" }), delayMs));
      },
    }),
  };
  return { socket: socket as unknown as Socket, emitted };
}

const sent = (attackId: number): BotAttackResult => ({ attackId, ok: true, commandId: attackId, sentAt: 1_000 + attackId, arrivesAt: 2_000 + attackId });

describe("attack reports", () => {
  it("sends every report of a train although the first still waits for its answer", async () => {
    const { socket, emitted } = answeringSocket(20);
    const channel = new BotChannel(socket, () => {}, () => {});
    for (const id of [1, 2, 3, 4]) channel.reportAttack(sent(id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(emitted.map((r) => r.attackId)).toEqual([1, 2, 3, 4]);
  });
});
