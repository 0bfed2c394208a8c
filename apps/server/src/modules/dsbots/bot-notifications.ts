// Notifications about a bot go to its owner and the users it is shared with (not to every admin).
import type { BotNeedsPlayer, Notification } from "@dsbot/protocol";
import { botLogMessages, botNeedsPlayerLabels, errorMessages } from "@dsbot/protocol";
import type { DsbotRow } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { notificationLinks, notificationTexts, notificationTopics, notify } from "../notifications/index.js";
import type { NotificationContent, NotifyContext } from "../notifications/index.js";
import { createPlayerTabRequest, openPlayerTabRequest } from "../tab-requests/index.js";
import { addBotLog } from "./dsbot-logs.service.js";
import { stakeholdersOf } from "../../policies/dsbots.policy.js";
import { getBotRow } from "./dsbots.service.js";

/** To the bot's owner and grantees; it links to the bot unless the content names something else. */
export async function notifyBotAudience(ctx: NotifyContext, dsbotId: number, content: NotificationContent): Promise<Notification[]> {
  return notify(ctx, await stakeholdersOf(ctx.db, dsbotId), { link: notificationLinks.bot(dsbotId), ...content });
}

/** The bot socket dropped without a stop (after the status went offline). */
export function notifyBotOffline(ctx: NotifyContext, bot: Pick<DsbotRow, "id" | "playerName">): Promise<Notification[]> {
  return notifyBotAudience(ctx, bot.id, notificationTexts.botOffline(bot.playerName));
}

/** The runner never brought the started bot online, or the bot never confirmed its stop. */
export function notifyBotStuck(ctx: NotifyContext, bot: Pick<DsbotRow, "id" | "playerName">, phase: "starting" | "stopping"): Promise<Notification[]> {
  return notifyBotAudience(ctx, bot.id, phase === "starting" ? notificationTexts.botStartFailed(bot.playerName) : notificationTexts.botStopUnconfirmed(bot.playerName));
}

/** `bot:needs-player`: a log entry (warn) and a notification to the bot's audience; answers how many were notified. */
export async function reportNeedsPlayer(ctx: NotifyContext, dsbotId: number, report: BotNeedsPlayer): Promise<number> {
  const bot = await getBotRow(ctx.db, dsbotId);
  if (!bot) throw notFound(errorMessages.botNotFound);
  const label = botNeedsPlayerLabels[report.reason];
  await addBotLog(ctx.db, { dsbotId, level: "warn", message: botLogMessages.needsPlayer(label, report.message), userId: null });
  // The owner also gets a tab request: the game has to be opened to go on. Their
  // notification links to it (the open one, when the bot asked before); the grantees' to the bot.
  const request = (await createPlayerTabRequest(ctx, bot, report.reason)) ?? (await openPlayerTabRequest(ctx.db, bot.id, report.reason));
  // One unread notification per bot, reason and stakeholder, updated with the latest message: a bot that
  // asks a hundred times (or a runner sending the event in a loop) does not fill the notification list.
  const content: NotificationContent = {
    ...notificationTexts.botNeedsPlayer(bot.playerName, report.reason, report.message),
    topic: notificationTopics.botNeedsPlayer(dsbotId, report.reason),
    link: notificationLinks.bot(dsbotId),
  };
  const audience = await stakeholdersOf(ctx.db, dsbotId);
  const owner = audience.filter((id) => id === bot.ownerId);
  const sent = [
    ...(await notify(ctx, owner, request ? { ...content, link: notificationLinks.tabRequest(request.id) } : content)),
    ...(await notify(
      ctx,
      audience.filter((id) => id !== bot.ownerId),
      content,
    )),
  ];
  return sent.length;
}
