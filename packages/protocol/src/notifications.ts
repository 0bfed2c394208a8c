// Notifications: they belong to one user.
import { z } from "zod";
import { requiredString } from "./validation.js";

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** Messages longer than this are cut in the menu. */
export const NOTIFICATION_PREVIEW_LENGTH = 50;

/**
 * What a notification is about, for the menu's link to it: an attack plan (and the attack), a bot, an
 * incoming command (the war room's list), a tab request, a tribe (its board); `notificationLinkPath` is its page.
 */
export const notificationLinkSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("attack-plan"), planId: z.number().int(), attackId: z.number().int().optional() }),
  z.object({ kind: z.literal("bot"), dsbotId: z.number().int() }),
  z.object({ kind: z.literal("incoming"), incomingId: z.number().int() }),
  z.object({ kind: z.literal("tab-request"), tabRequestId: z.number().int() }),
  z.object({ kind: z.literal("tribe"), tribeId: z.number().int() }),
]);
export type NotificationLink = z.infer<typeof notificationLinkSchema>;

/** The path of the page a link opens: the website's menu and the alerts sent outside it link there. */
export function notificationLinkPath(link: NotificationLink): string {
  switch (link.kind) {
    case "attack-plan":
      return `/attack-plans/${link.planId}`;
    case "bot":
      return `/bots/${link.dsbotId}`;
    case "incoming":
      return "/incomings";
    case "tab-request":
      return "/tab-requests";
    case "tribe":
      return `/tribe/${link.tribeId}`;
  }
}

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  /** What it is about; null for one about nothing the user can open (a note, a grant taken away). */
  link: notificationLinkSchema.nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/**
 * POST /api/user-notifications: a notification for the caller; an admin may address another user
 * with `userId` (anyone else naming a user other than themselves gets 403).
 */
export const notificationCreateSchema = z.object({
  title: requiredString(NOTIFICATION_TITLE_MAX),
  message: requiredString(NOTIFICATION_MESSAGE_MAX),
  userId: z.number().int().positive().optional(),
});
export type NotificationCreate = z.infer<typeof notificationCreateSchema>;
export const notificationResponseSchema = z.object({ notification: notificationSchema });
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

/** POST /api/user-notifications/mark-as-read: how many of the caller's unread notifications it marked. */
export const notificationMarkAllResponseSchema = z.object({ updated: z.number().int().nonnegative() });
export type NotificationMarkAllResponse = z.infer<typeof notificationMarkAllResponseSchema>;

export const notificationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The menu's preview: the first 50 characters plus an ellipsis when longer. */
export function notificationPreview(message: string): { text: string; truncated: boolean } {
  const chars = Array.from(message);
  return chars.length > NOTIFICATION_PREVIEW_LENGTH
    ? { text: `${chars.slice(0, NOTIFICATION_PREVIEW_LENGTH).join("")}…`, truncated: true }
    : { text: message, truncated: false };
}
