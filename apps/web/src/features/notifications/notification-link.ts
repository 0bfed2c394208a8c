// Where a notification leads: the page of what it is about (the protocol's NotificationLink), with the
// German label of the menu's link. An attack opens its plan, an incoming the war room's list, a tab
// request the Tab Anfragen page, a tribe its page (the support requests head its board).
// The path is the protocol's (alerts sent outside the website link to the same pages).
import type { NotificationLink } from "@dsbot/protocol";
import { notificationLinkPath } from "@dsbot/protocol";
import { notificationTexts } from "./texts";

const labels: Record<NotificationLink["kind"], string> = {
  "attack-plan": notificationTexts.open.plan,
  bot: notificationTexts.open.bot,
  incoming: notificationTexts.open.incoming,
  "tab-request": notificationTexts.open.tabRequest,
  tribe: notificationTexts.open.tribe,
};

export function notificationTarget(link: NotificationLink | null | undefined): { to: string; label: string } | null {
  if (!link) return null;
  return { to: notificationLinkPath(link), label: labels[link.kind] };
}
