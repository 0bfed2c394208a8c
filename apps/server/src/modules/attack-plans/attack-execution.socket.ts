// A bot's attacks over its socket: the due attacks it may take, and what became of one it took.
import { botAttackResultSchema, botAttacksRequestSchema } from "@dsbot/protocol";
import { botEvent } from "../../platform/bot-events.js";
import { claimBotAttacks, reportBotAttack } from "./bot-attacks.js";

export const attackExecutionSocketEvents = [
  botEvent({
    event: "bot:attacks",
    schema: botAttacksRequestSchema,
    handle: async ({ withinMs }, bot) => ({
      attacks: await claimBotAttacks(bot.ctx, { dsbotId: bot.dsbotId, runnerUserId: bot.runnerUserId }, withinMs),
      serverTime: Date.now(),
    }),
  }),
  botEvent({
    event: "bot:attack-result",
    schema: botAttackResultSchema,
    handle: async (result, bot) => ({ status: await reportBotAttack(bot.ctx, { dsbotId: bot.dsbotId, runnerUserId: bot.runnerUserId }, result) }),
  }),
];
