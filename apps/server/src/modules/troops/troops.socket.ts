// A bot's scans of its troops and villages over its socket; the bot's audience hears that they changed.
import { botScavengeReportSchema, botTroopsReportSchema, botVillagesReportSchema } from "@dsbot/protocol";
import { botEvent } from "../../platform/bot-events.js";
import { replaceBotScavenge } from "./bot-scavenge.service.js";
import { replaceBotTroops } from "./bot-troops.service.js";
import { storeBotVillages } from "./bot-villages.service.js";

export const troopsSocketEvents = [
  /** Always for the socket's own bot: a `dsbotId` in the payload is no field of the schema and dropped. */
  botEvent({
    event: "bot:troops",
    schema: botTroopsReportSchema,
    handle: async (report, bot) => {
      const villages = await replaceBotTroops(bot.ctx.db, bot.dsbotId, report);
      await bot.ctx.events.emit("troops.changed", { dsbotId: bot.dsbotId });
      return { villages };
    },
  }),
  /** A part of an inventory scan's villages (the "Dörfer" tab); the scan's last part tells the bot's audience. */
  botEvent({
    event: "bot:villages",
    schema: botVillagesReportSchema,
    queued: true,
    handle: async (report, bot) => {
      const villages = await storeBotVillages(bot.ctx.db, bot.dsbotId, report);
      if (report.last) await bot.ctx.events.emit("troops.changed", { dsbotId: bot.dsbotId });
      return { villages };
    },
  }),
  /** The Raubzug module's view of the villages' options after its run; the Raubzug page refetches. */
  botEvent({
    event: "bot:scavenge",
    schema: botScavengeReportSchema,
    handle: async (report, bot) => {
      const villages = await replaceBotScavenge(bot.ctx.db, bot.dsbotId, report);
      await bot.ctx.events.emit("troops.changed", { dsbotId: bot.dsbotId });
      return { villages };
    },
  }),
];
