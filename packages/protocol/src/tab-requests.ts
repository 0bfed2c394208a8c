// Tab Anfragen (/tab-requests): something the
// player must do in a real game tab: an attack due that no running bot can send, or a bot that needs
// its player (captcha, bot protection, rejected login). Arrives live as `addTabRequest`.
import { z } from "zod";
import { attackTypeSchema, isSupportType, type AttackType } from "./attack-plans/attack.js";
import { botNeedsPlayerReasons } from "./runner.js";
import { activePageSchema, perPageSchema } from "./table.js";

export const tabRequestKinds = ["attack", "player"] as const;
export type TabRequestKind = (typeof tabRequestKinds)[number];
export const tabRequestKindLabels: Record<TabRequestKind, string> = { attack: "Angriff", player: "Bot braucht dich" };

export const tabRequestAttackSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  type: attackTypeSchema,
  /** `x|y` */
  from: z.string(),
  to: z.string(),
  units: z.record(z.string(), z.number().int()),
  /** DS Workbench formulas by unit ("alle-100"): the player works them out at the rally point. */
  formulas: z.record(z.string(), z.string()).optional(),
  /** Epoch ms. */
  sendTime: z.number(),
  arrivalTime: z.number(),
});

export const tabRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(tabRequestKinds),
  /** The bot concerned (a player request, or the bot that could not send); null when none. */
  dsbot: z.object({ id: z.number().int(), dsPlayer: z.object({ name: z.string() }) }).nullable(),
  /** Attack requests only. */
  attack: tabRequestAttackSchema.nullable(),
  /** Player requests only. */
  reason: z.enum(botNeedsPlayerReasons).nullable(),
  /**
   * German: why the request is there and what to do, as of the answer: `cause` plus, for an attack,
   * "Bitte schicke ihn selbst." before its send time and `tabRequestMessages.tooLate` after it.
   */
  message: z.string(),
  /**
   * German: why the request is there alone, e.g. "Kein laufender Bot kann diesen Angriff schicken." or,
   * for a send that failed, the bot's reason naming the missing units. `tabRequestText` adds what to do.
   */
  cause: z.string(),
  /** The game page to open: the rally point with the units filled in, or the game's start page. */
  url: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** Set on requests that arrived live (the page highlights them). */
  added: z.boolean().optional(),
});
export type TabRequest = z.infer<typeof tabRequestSchema>;

export const tabRequestListQuerySchema = z.object({
  activePage: activePageSchema,
  perPage: perPageSchema.default(25),
  /** Open only (default) or also the ones marked done. */
  done: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .default(false),
});
export type TabRequestListQuery = z.infer<typeof tabRequestListQuerySchema>;
export const tabRequestListResponseSchema = z.object({ tabRequests: z.array(tabRequestSchema), totals: z.number().int() });
export type TabRequestListResponse = z.infer<typeof tabRequestListResponseSchema>;
export const tabRequestIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const tabRequestResponseSchema = z.object({ tabRequest: tabRequestSchema });
export type TabRequestResponse = z.infer<typeof tabRequestResponseSchema>;

/** A sentence ends with one full stop, whatever the bot's reason ended with. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export const tabRequestMessages = {
  notFound: "Die Tab-Anfrage wurde nicht gefunden.",
  noBot: "Kein laufender Bot kann diesen Angriff schicken.",
  /** The bot's reason as it reported it (the Offplaner Scanner names the missing units and how many). */
  missingUnits: (error: string) => sentence(`Der Bot konnte den Angriff nicht schicken: ${error}`),
  needsPlayer: (label: string) => `Der Bot braucht dich im Spiel: ${label}.`,
  /** What to do with an attack request before its send time. */
  sendYourself: "Bitte schicke ihn selbst.",
  /** After it: sent now, the attack would land later than planned. */
  tooLate: "Die Abschickzeit ist vorbei – der Angriff kann nicht mehr wie geplant ankommen.",
  /** The same for a support ("Verteidigen"). */
  sendSupportYourself: "Bitte schicke sie selbst.",
  supportTooLate: "Die Abschickzeit ist vorbei – die Unterstützung kann nicht mehr wie geplant ankommen.",
} as const;

/** A cause written for attacks, in a support's words ("diesen Angriff" → "diese Unterstützung"). */
function supportWords(cause: string): string {
  return cause.replace("diesen Angriff", "diese Unterstützung").replace("den Angriff", "die Unterstützung");
}

/**
 * Requests stored before `cause` was kept apart carry the old call to action in their text; it is
 * dropped so that the one that fits the time is added.
 */
const storedAdvice = ` ${tabRequestMessages.sendYourself}`;
export function tabRequestCause(stored: string): string {
  return stored.endsWith(storedAdvice) ? stored.slice(0, -storedAdvice.length) : stored;
}

/** The request's text at `now`: its cause, and for an attack (or support) what the player can still do. */
export function tabRequestText(request: { cause: string; attack: { sendTime: number; type?: AttackType } | null }, now: number): string {
  if (!request.attack) return request.cause;
  const due = request.attack.sendTime > now;
  if (request.attack.type !== undefined && isSupportType(request.attack.type)) {
    return `${supportWords(request.cause)} ${due ? tabRequestMessages.sendSupportYourself : tabRequestMessages.supportTooLate}`;
  }
  return `${request.cause} ${due ? tabRequestMessages.sendYourself : tabRequestMessages.tooLate}`;
}
