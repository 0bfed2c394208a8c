// A bot's scan of its incomings over its socket.
import { botIncomingsReportSchema } from "@dsbot/protocol";
import { botEvent } from "../../platform/bot-events.js";
import { replaceBotIncomings } from "./bot-incomings.service.js";

export const incomingsSocketEvents = [
  /** One bot's scans in turn (they replace the bot's set, without a long transaction). */
  botEvent({
    event: "bot:incomings",
    schema: botIncomingsReportSchema,
    queued: true,
    handle: async (report, bot) => ({ incomings: (await replaceBotIncomings(bot.ctx, bot.dsbotId, report)).incomings }),
  }),
];
