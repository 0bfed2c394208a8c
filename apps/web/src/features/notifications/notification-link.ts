// Where a notification leads: the page of what it is about (the protocol's NotificationLink), with the
// German label of the menu's link. An attack opens its plan, an incoming the war room's list, a tab
// request the Tab Anfragen page, a tribe its page (the support requests head its board).
import type { NotificationLink } from "@dsbot/protocol";
import { paths } from "@/config/paths";
import { notificationTexts } from "./texts";

export function notificationTarget(link: NotificationLink | null | undefined): { to: string; label: string } | null {
  if (!link) return null;
  switch (link.kind) {
    case "attack-plan":
      return { to: paths.attackPlanDetail(link.planId), label: notificationTexts.open.plan };
    case "bot":
      return { to: paths.botDetail(link.dsbotId), label: notificationTexts.open.bot };
    case "incoming":
      return { to: paths.incomings, label: notificationTexts.open.incoming };
    case "tab-request":
      return { to: paths.tabRequests, label: notificationTexts.open.tabRequest };
    case "tribe":
      return { to: paths.tribeDetail(link.tribeId), label: notificationTexts.open.tribe };
  }
}
