// Alerts outside the browser (Discord, Telegram, a webhook of one's own, e-mail): the channel kinds and the
// German texts of a delivery's outcome, as the channel's delivery log shows them; the channels' REST
// bodies and answers.
import { z } from "zod";
import { requiredString, text } from "./validation.js";

export const alertChannelKinds = ["discord", "telegram", "webhook", "email"] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

export const alertChannelKindLabels: Record<AlertChannelKind, string> = {
  discord: "Discord",
  telegram: "Telegram",
  webhook: "Webhook",
  email: "E-Mail",
};

/** What may alert a user outside the browser: each is a notification of the bell as well. */
export const alertEvents = ["noble-train", "attack-soon", "defence-request", "support-assigned", "attack-failed", "tab-request-due", "bot-offline", "bot-protection", "daily-report"] as const;
export type AlertEvent = (typeof alertEvents)[number];

export const alertEventLabels: Record<AlertEvent, string> = {
  "noble-train": "Adelszug auf eines meiner Dörfer",
  "attack-soon": "Angriff auf eines meiner Dörfer kommt in Kürze an",
  "defence-request": "Unterstützungsanfrage im Stamm",
  "support-assigned": "Mir zugeteilte Unterstützung",
  "attack-failed": "Angriff fehlgeschlagen, nicht gemeldet oder von Hand zu schicken",
  "tab-request-due": "Tab-Anfrage bald abzuschicken",
  "bot-offline": "Bot offline oder mit Fehler gestoppt",
  "bot-protection": "Bot-Schutz (Captcha)",
  "daily-report": "Tagesbericht je Bot (Was hat er heute getan?)",
};

/** Off until the player switches them on (every incoming, every tab request, every day would be a message otherwise). */
export const alertEventsOffByDefault: readonly AlertEvent[] = ["attack-soon", "tab-request-due", "daily-report"];
/** The daily report's time of day (world's server time) unless the player sets another; its rule has no gap (one message per bot). */
export const ALERT_REPORT_DEFAULT_AT = "22:00";
/**
 * The events told a number of minutes ahead, with that number's default: an attack (no fake) landing,
 * a tab request's send time.
 */
export const alertLeadDefaultMinutes: Partial<Record<AlertEvent, number>> = { "attack-soon": 10, "tab-request-due": 2 };
export const ALERT_LEAD_MAX_MINUTES = 180;

/** These pass through the quiet hours: they cannot wait until morning. */
export const alertEventsThroughQuietHours: readonly AlertEvent[] = ["noble-train", "bot-protection"];
/** Within this many seconds after a message of a rule, the rule sends no other (a wave of fakes is one message). */
export const ALERT_GAP_DEFAULT_SECONDS = 60;
export const ALERT_GAP_MAX_SECONDS = 86_400;

/** The delivery's outcome in the delivery log (and in the bell after the last failed attempt). */
export const alertDeliveryMessages = {
  targetRefused: {
    scheme: "Ziel nicht erlaubt: nur http- und https-Adressen.",
    credentials: "Ziel nicht erlaubt: Benutzername oder Passwort in der Adresse.",
    port: "Ziel nicht erlaubt: nur die Ports 80, 443, 8080 und 8443.",
    private: "Ziel nicht erlaubt: die Adresse ist privat, lokal oder gehört zum Rechenzentrum.",
    unresolved: "Ziel nicht gefunden: der Name lässt sich nicht auflösen.",
  },
  redirect: (status: number) => `Weiterleitungen werden nicht verfolgt (HTTP ${status}).`,
  rejected: (status: number) => `Vom Empfänger abgelehnt (HTTP ${status}).`,
  serverError: (status: number) => `Fehler beim Empfänger (HTTP ${status}).`,
  rateLimited: (seconds: number) => `Zu viele Nachrichten: nächster Versuch in ${seconds.toLocaleString("de-DE", { maximumFractionDigits: 1 })} s (HTTP 429).`,
  noAnswer: (detail: string) => `Keine Antwort vom Empfänger: ${detail}`,
  unreadable: "Die Zugangsdaten des Kanals lassen sich nicht mehr lesen (anderer Schlüssel?). Bitte richte den Kanal neu ein.",
  smtpPort: "Ziel nicht erlaubt: für E-Mail nur die Ports 25, 465, 587 und 2525.",
  smtpRefused: (code: number | null, detail: string) => `Vom Mailserver abgelehnt${code ? ` (SMTP ${code})` : ""}: ${detail}`,
  smtpFailed: (detail: string) => `Mailserver nicht erreicht: ${detail}`,
  noSmtp: "Auf diesem Server ist kein E-Mail-Versand eingerichtet.",
  gaveUp: (title: string, channel: string, attempts: number, error: string) =>
    `Die Nachricht „${title}“ über „${channel}“ kam nach ${attempts} ${attempts === 1 ? "Versuch" : "Versuchen"} nicht an: ${error}`,
} as const;

// ---------------------------------------------------------------------------------------------
// The channels (Profil → Benachrichtigungen)

export const ALERT_CHANNELS_MAX = 10;
export const ALERT_CHANNEL_NAME_MAX = 60;
export const ALERT_URL_MAX = 2000;
/** How many of a channel's last messages its delivery log shows. */
export const ALERT_DELIVERIES_SHOWN = 50;

/** How long an e-mail channel's code holds, and how many wrong entries end it. */
export const ALERT_EMAIL_CODE_MINUTES = 30;
export const ALERT_EMAIL_CODE_TRIES = 5;

export const alertChannelMessages = {
  discordUrl: "Bitte die Webhook-Adresse aus Discord einfügen (https://discord.com/api/webhooks/…).",
  telegramToken: "Das sieht nicht wie ein Bot-Token von Telegram aus (123456789:ABC…).",
  telegramChat: "Bitte die Chat-ID (Zahl, in Gruppen mit Minus) oder @kanalname angeben.",
  webhookUrl: "Bitte eine http- oder https-Adresse angeben.",
  tooMany: `Höchstens ${ALERT_CHANNELS_MAX} Kanäle je Benutzer.`,
  notFound: "Diesen Kanal gibt es nicht.",
  testQueued: "Testnachricht ist unterwegs – das Ergebnis steht gleich im Zustellprotokoll.",
  testTitle: "Testnachricht von dsbot",
  testText: (channel: string) => `Wenn du das liest, kommen Benachrichtigungen über „${channel}“ an.`,
  emailAddress: "Bitte eine gültige E-Mail-Adresse angeben.",
  noEmail: "Auf diesem Server ist kein E-Mail-Versand eingerichtet.",
  codeTitle: "Dein Bestätigungscode für dsbot",
  codeText: (code: string) => `Dein Code: ${code} – gib ihn unter Profil → Benachrichtigungen ein. Er gilt ${ALERT_EMAIL_CODE_MINUTES} Minuten.`,
  codeWrong: "Der Code stimmt nicht.",
  codeExpired: `Der Code ist abgelaufen oder wurde ${ALERT_EMAIL_CODE_TRIES}-mal falsch eingegeben. Bitte lösche den Kanal und lege ihn neu an.`,
  codeFormat: "Bitte den sechsstelligen Code aus der E-Mail eingeben.",
  unconfirmed: "Bitte bestätige zuerst die E-Mail-Adresse mit dem Code.",
  alreadyConfirmed: "Die Adresse ist schon bestätigt.",
  confirmed: "E-Mail-Adresse bestätigt – Benachrichtigungen kommen jetzt an.",
} as const;


const channelName = requiredString(ALERT_CHANNEL_NAME_MAX);

/** Discord's own hosts only; the token is the webhook's secret. */
export const DISCORD_WEBHOOK_PATTERN = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/(\d{1,25})\/([A-Za-z0-9_-]{1,100})\/?$/;
const TELEGRAM_TOKEN_PATTERN = /^\d{3,15}:[A-Za-z0-9_-]{20,100}$/;
const TELEGRAM_CHAT_PATTERN = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export const alertChannelCreateSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("discord"), name: channelName, webhookUrl: text().trim().regex(DISCORD_WEBHOOK_PATTERN, alertChannelMessages.discordUrl) }),
    z.object({
      kind: z.literal("telegram"),
      name: channelName,
      botToken: text().trim().regex(TELEGRAM_TOKEN_PATTERN, alertChannelMessages.telegramToken),
      chatId: text().trim().regex(TELEGRAM_CHAT_PATTERN, alertChannelMessages.telegramChat),
    }),
    z.object({
      kind: z.literal("webhook"),
      name: channelName,
      url: text()
        .trim()
        .max(ALERT_URL_MAX, alertChannelMessages.webhookUrl)
        .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, alertChannelMessages.webhookUrl),
    }),
    z.object({
      kind: z.literal("email"),
      name: channelName,
      address: text().trim().max(254, alertChannelMessages.emailAddress).email(alertChannelMessages.emailAddress),
    }),
  ],
  { error: "Bitte Discord, Telegram, Webhook oder E-Mail wählen." },
);
export type AlertChannelCreate = z.infer<typeof alertChannelCreateSchema>;

export const alertChannelUpdateSchema = z
  .object({ name: channelName.optional(), enabled: z.boolean({ error: "Bitte an oder aus angeben." }).optional() })
  .refine((v) => v.name !== undefined || v.enabled !== undefined, "Bitte einen Namen oder an/aus angeben.");
export type AlertChannelUpdate = z.infer<typeof alertChannelUpdateSchema>;

/** The code from the confirmation e-mail. */
export const alertChannelConfirmSchema = z.object({ code: text().trim().regex(/^\d{6}$/, alertChannelMessages.codeFormat) });
export type AlertChannelConfirm = z.infer<typeof alertChannelConfirmSchema>;

export const alertChannelIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export type AlertDeliveryStatus = "pending" | "delivered" | "failed";

export interface AlertDelivery {
  id: number;
  event: string;
  title: string;
  status: AlertDeliveryStatus;
  attempts: number;
  /** The last answer's HTTP status (null: none came). */
  lastStatus: number | null;
  lastError: string | null;
  latencyMs: number | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface AlertChannel {
  id: number;
  kind: AlertChannelKind;
  name: string;
  enabled: boolean;
  /** False for an e-mail address not confirmed by its code yet (it gets nothing but the code). */
  confirmed: boolean;
  /** Where it goes, without its secret: "Webhook 1234…", "Chat -100123", the webhook's address. */
  target: string;
  createdAt: string;
  /** The newest message's outcome (null: none yet). */
  lastDelivery: Pick<AlertDelivery, "status" | "createdAt" | "lastError"> | null;
}

export interface AlertChannelListResponse {
  channels: AlertChannel[];
}
export interface AlertChannelResponse {
  channel: AlertChannel;
}
export interface AlertChannelCreatedResponse extends AlertChannelResponse {
  /** A webhook's signing key: shown this once, never again. */
  signingKey?: string;
}
export interface AlertDeliveryListResponse {
  deliveries: AlertDelivery[];
}
export interface AlertTestResponse {
  message: string;
}

// ---------------------------------------------------------------------------------------------
// The rules (which events go to which channels) and the quiet hours

export const alertRuleMessages = {
  unknownChannel: "Einer der gewählten Kanäle gehört nicht zu dir.",
  time: "Bitte eine Uhrzeit wie 22:30 angeben.",
  sameTimes: "Beginn und Ende der Ruhezeit dürfen nicht gleich sein.",
  gap: `Bitte 0 bis ${ALERT_GAP_MAX_SECONDS} Sekunden angeben.`,
  lead: `Bitte 1 bis ${ALERT_LEAD_MAX_MINUTES} Minuten angeben.`,
  saved: "Die Regeln wurden gespeichert.",
} as const;

export interface AlertRule {
  event: AlertEvent;
  enabled: boolean;
  /** The channels it goes to; null: every channel that is on. */
  channelIds: number[] | null;
  minGapSeconds: number;
  /** The events of alertLeadDefaultMinutes only: minutes before the arrival or send time. */
  leadMinutes?: number;
  /** "daily-report" only: its time of day, "HH:MM" in the world's server time. */
  reportAt?: string;
}

/** "HH:MM" in the world's server time. */
const clock = text().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, alertRuleMessages.time);

export const alertRulesUpdateSchema = z.object({
  rules: z
    .array(
      z.object({
        event: z.enum(alertEvents),
        enabled: z.boolean(),
        channelIds: z.array(z.number().int().positive().max(2_147_483_647)).max(ALERT_CHANNELS_MAX).nullable(),
        minGapSeconds: z.number({ error: alertRuleMessages.gap }).int(alertRuleMessages.gap).min(0, alertRuleMessages.gap).max(ALERT_GAP_MAX_SECONDS, alertRuleMessages.gap),
        leadMinutes: z.number({ error: alertRuleMessages.lead }).int(alertRuleMessages.lead).min(1, alertRuleMessages.lead).max(ALERT_LEAD_MAX_MINUTES, alertRuleMessages.lead).optional(),
        reportAt: clock.optional(),
      }),
    )
    .max(alertEvents.length),
  quietHours: z
    .object({ from: clock, to: clock })
    .refine((q) => q.from !== q.to, { message: alertRuleMessages.sameTimes, path: ["to"] })
    .nullable(),
});
export type AlertRulesUpdate = z.infer<typeof alertRulesUpdateSchema>;

export interface AlertRulesResponse {
  /** One per event, the defaults where the user set none. */
  rules: AlertRule[];
  quietHours: { from: string; to: string } | null;
  /** The time zone the quiet hours are in (the user's world's server time). */
  zone: string;
}
