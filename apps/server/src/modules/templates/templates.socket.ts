// The builder templates a bot asks for over its socket.
import { botTemplatesRequestSchema } from "@dsbot/protocol";
import { botEvent } from "../../platform/bot-events.js";
import { botTemplates } from "./templates.service.js";

export const templatesSocketEvents = [
  /** The templates of the bot's owner among the ids asked for (the builder reads its steps). */
  botEvent({
    event: "bot:templates",
    schema: botTemplatesRequestSchema,
    handle: async ({ ids }, bot) => ({ templates: await botTemplates(bot.ctx.db, bot.dsbotId, ids) }),
  }),
];
