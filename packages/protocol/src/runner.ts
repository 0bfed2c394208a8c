// The socket contract between the server and a runner ("bot-user") and its bots ("bot").
// A runner implementation needs nothing but this file, realtime.ts (handshake) and dsbot-auth.ts (pairing).
//
// Runner: connect { token: <runner token>, origin: "bot-user" } → emit "runner:bots" to learn the bots
// its user may run → emit "runner:hello" announcing the ones it can run (one websocket connection per
// accepted bot shows up in the dashboard) → obey "runner:command". Re-sending hello replaces the set.
// Bot: connect { token: <runner token>, origin: "bot", dsbotId } while the bot is starting, online or
// paused (any other status, an unknown bot or one the token's user may not see is refused with
// `connect_error` "bot_not_startable" / "unauthorized") → receives "bot:config" at once → reports
// "bot:status" online (or paused) and "bot:log" → obeys "bot:control" and "bot:module-config"; when a
// captcha, the bot protection or a rejected login stops it, it reports "bot:needs-player"; when the
// game's bot protection meets it during play, it stops every game request and reports "bot:protection"
// (the server shows "Bot-Schutz" and pauses it) until "bot:control" says "solved" (the player's "Gelöst").
// Attacks: a bot whose "Offplaner Scanner" is on asks "bot:attacks" for the attacks it is
// to send soon (the server claims them for it), sends each at its send time, and reports each with
// "bot:attack-result". "bot:time" answers the server's clock, for the runner's clock offset.
// Troops: after each inventory scan that covers troops, a bot reports its villages' units at home with
// "bot:troops"; the server replaces what it kept from the bot's previous scan.
// Templates: the builder and the template assigner ask "bot:templates" for the owner's
// templates they name; a runner may keep them until "bot:templates-changed" names them or it reconnects.
// Every client→server event takes an acknowledgement callback and answers a SocketAck.
import { z } from "zod";
import { arrivalSchema, attackTypeSchema, type AttackStatus } from "./attack-plans/attack.js";
import { coordSchema } from "./game/coords.js";
import { unitCountsSchema, unitSchema } from "./units.js";
import type { ApiErrorCode } from "./errors.js";
import { botStatusSchema, logLevels, moduleNameSchema } from "./bots.js";
import type { BuilderStep } from "./builder-templates.js";
import { troopScannedAtSchema, troopVillagesSchema } from "./troops.js";
import { text } from "./validation.js";
import { worldSchema } from "./world.js";

export type SocketAck<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; error: { code: ApiErrorCode; message: string; issues?: { path: string; message: string }[] } };

/** What a runner learns about a bot it may run: enough to pick the right game account. */
export const runnerBotSchema = z.object({
  id: z.number().int(),
  dsPlayer: z.object({ name: z.string() }),
  world: worldSchema,
  status: botStatusSchema.nullable(),
});
export type RunnerBot = z.infer<typeof runnerBotSchema>;

export const runnerHelloSchema = z.object({
  name: text().trim().min(1).max(64),
  version: text().trim().min(1).max(32),
  bots: z.array(z.number().int().positive()).max(1000),
});
export type RunnerHello = z.infer<typeof runnerHelloSchema>;
/**
 * `accepted`: bots the runner's user may see (each now has a bot-user connection); the rest are `rejected`.
 * `resume`: accepted bots the server counts as started (starting, online, paused) that have no bot
 * socket anywhere — the runner went away together with the server; a runner that does not run them
 * already starts them again, as if told "start".
 */
export type RunnerHelloAck = SocketAck<{ accepted: number[]; rejected: number[]; resume: number[]; bots: RunnerBot[] }>;
export type RunnerBotsAck = SocketAck<{ bots: RunnerBot[] }>;

export const runnerCommandActions = ["start", "stop", "force-stop"] as const;
export const runnerCommandSchema = z.object({ action: z.enum(runnerCommandActions), dsbotId: z.number().int() });
export type RunnerCommand = z.infer<typeof runnerCommandSchema>;

/** A bot may only report these itself; starting/stopping/offline follow the dashboard's actions. */
export const botReportableStatuses = ["online", "paused"] as const;
export const botStatusReportSchema = z.object({ status: z.enum(botReportableStatuses) });
export type BotStatusReport = z.infer<typeof botStatusReportSchema>;
export type BotStatusAck = SocketAck<{ status: z.infer<typeof botStatusSchema> }>;

export const BOT_LOG_MESSAGE_MAX = 2000;
export const botLogReportSchema = z.object({
  level: z.enum(logLevels),
  message: text().trim().min(1).max(BOT_LOG_MESSAGE_MAX),
});
export type BotLogReport = z.infer<typeof botLogReportSchema>;
export type BotLogAck = SocketAck<{ id: number }>;

/** `solved`: the player solved the game's bot protection in their own game tab ("Gelöst"); the bot goes on. */
export const botControlActions = ["pause", "resume", "stop", "solved"] as const;
export const botControlSchema = z.object({ action: z.enum(botControlActions) });
export type BotControl = z.infer<typeof botControlSchema>;

const moduleStateSchema = z.object({ enabled: z.boolean(), config: z.record(z.string(), z.unknown()) });

/** One module changed (toggle or save in the dashboard); `config` is the full, validated config. */
export const botModuleConfigSchema = moduleStateSchema.extend({ moduleName: moduleNameSchema });
export type BotModuleConfig = z.infer<typeof botModuleConfigSchema>;

/** Sent to a bot right after it connects: everything it needs to run. */
export const botConfigSchema = z.object({
  dsbotId: z.number().int(),
  status: botStatusSchema.nullable(),
  dsPlayer: z.object({ name: z.string() }),
  world: worldSchema,
  modules: z.record(moduleNameSchema, moduleStateSchema),
  /** The world's server time zone, for the game times in the bot's log (absent from servers before it: Europe/Berlin). */
  timeZone: z.string().optional(),
});
export type BotConfig = z.infer<typeof botConfigSchema>;

/**
 * The bot cannot go on without its player (a captcha, the game's bot protection, a rejected login):
 * the server logs it and notifies everyone who may see the bot. The bot keeps its status.
 */
export const botNeedsPlayerReasons = ["captcha", "bot_protection", "invalid_credentials"] as const;
export type BotNeedsPlayerReason = (typeof botNeedsPlayerReasons)[number];
/** What the player has to do, as the log and the notification name it. */
export const botNeedsPlayerLabels: Record<BotNeedsPlayerReason, string> = {
  captcha: "Captcha",
  bot_protection: "Bot-Schutz",
  invalid_credentials: "Ungültige Zugangsdaten",
};
export const BOT_NEEDS_PLAYER_MESSAGE_MAX = 500;
export const botNeedsPlayerSchema = z.object({
  reason: z.enum(botNeedsPlayerReasons),
  /** An optional detail from the bot, appended to the notification. */
  message: text().trim().min(1).max(BOT_NEEDS_PLAYER_MESSAGE_MAX).optional(),
});
export type BotNeedsPlayer = z.infer<typeof botNeedsPlayerSchema>;
/** `notified`: how many users were notified. */
export type BotNeedsPlayerAck = SocketAck<{ notified: number }>;

/**
 * The game's bot protection met the bot during play: it sends no more game requests, and the timed sends
 * it holds are handed back as tab requests. The server pauses it, shows "Bot-Schutz" since then and
 * alerts the bot's audience, until the player answers "Gelöst" (bot:control "solved").
 */
export const botProtectionReportSchema = z.object({
  /** The game's own words, appended to the notification. */
  message: text().trim().min(1).max(BOT_NEEDS_PLAYER_MESSAGE_MAX).optional(),
});
export type BotProtectionReport = z.infer<typeof botProtectionReportSchema>;
/** `since`: when the server first saw it (epoch ms); a repeated report keeps the first time. */
export type BotProtectionAck = SocketAck<{ since: number }>;

/** `serverTime`: the server's clock (epoch ms) when it answered. */
export type BotTimeAck = SocketAck<{ serverTime: number }>;

/** How far ahead a bot may ask for its attacks (the module's lead time is at most 600 s). */
export const BOT_ATTACKS_WITHIN_MAX_MS = 600_000;
export const botAttacksRequestSchema = z.object({ withinMs: z.number().int().min(0).max(BOT_ATTACKS_WITHIN_MAX_MS) });
export type BotAttacksRequest = z.infer<typeof botAttacksRequestSchema>;

/** One attack a bot is to send: from one of its villages, at `sendTime` (epoch ms, server time). */
export const botAttackSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  fromVillageId: z.number().int(),
  from: coordSchema,
  to: coordSchema,
  type: attackTypeSchema,
  units: z.record(z.string(), z.number().int()),
  unit: unitSchema,
  sendTime: z.number(),
  arrivalTime: z.number(),
  /** The world's server time zone, for the times in the bot's log (absent from servers before it: Europe/Berlin). */
  timeZone: z.string().optional(),
  /** DS Workbench formulas by unit ("alle-100"), worked out against the village's troops at home when sent. */
  formulas: z.record(z.string(), z.string()).optional(),
  /** The world's fake limit in % of the village's points (get_config fake_limit), for a formula's `fake`. */
  fakeLimit: z.number().optional(),
});
export type BotAttack = z.infer<typeof botAttackSchema>;
export type BotAttacksAck = SocketAck<{ attacks: BotAttack[]; serverTime: number }>;

export const BOT_ATTACK_ERROR_MAX = 500;
/** Attack ids are database serials (int4). */
const attackIdSchema = z.number().int().positive().max(2_147_483_647);
/** A sent attack with the game's command (its real arrival), or a German reason it was not sent. */
export const botAttackResultSchema = z.discriminatedUnion("ok", [
  z.object({
    attackId: attackIdSchema,
    ok: z.literal(true),
    commandId: z.number().int().nonnegative(),
    /** Game time (epoch ms) the command left and lands; inside the span an arrival may have. */
    sentAt: arrivalSchema,
    arrivesAt: arrivalSchema,
  }),
  z.object({
    attackId: attackIdSchema,
    ok: z.literal(false),
    error: text().trim().min(1).max(BOT_ATTACK_ERROR_MAX),
    /** Missing units may become a tab request (the module's "on missing units"). */
    missingUnits: z.boolean().default(false),
    tabRequest: z.boolean().default(false),
  }),
]);
export type BotAttackResult = z.input<typeof botAttackResultSchema>;
export type BotAttackResultAck = SocketAck<{ status: AttackStatus }>;

/** An inventory scan's troops: when it ran (epoch ms, the runner's clock) and every village with its units at home. */
export const botTroopsReportSchema = z.object({
  scannedAt: troopScannedAtSchema,
  villages: troopVillagesSchema,
});
export type BotTroopsReport = z.infer<typeof botTroopsReportSchema>;
/** `villages`: how many villages the server now keeps for the bot. */
export type BotTroopsAck = SocketAck<{ villages: number }>;

/**
 * Builder templates: a bot asks for the templates its builder and template assigner name,
 * by id, before it uses them; the server answers those of the bot's owner (any other id is left out).
 */
export const BOT_TEMPLATES_MAX = 100;
export const botTemplatesRequestSchema = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(BOT_TEMPLATES_MAX) });
export type BotTemplatesRequest = z.infer<typeof botTemplatesRequestSchema>;
export interface BotTemplate {
  id: number;
  name: string;
  steps: BuilderStep[];
}
export type BotTemplatesAck = SocketAck<{ templates: BotTemplate[] }>;
/** The server's word that these templates changed: a runner keeping them asks again. */
export interface BotTemplatesChanged {
  ids: number[];
}

/**
 * A bot's use of the game: the requests its driver made in the last hour against the budget
 * (above it the runner holds every module but the gates and timed sends until the hour frees up), and
 * the bot-protection checks (captchas) of the last 24 hours. Sent by the bot every minute it runs.
 */
export const BOT_REQUEST_BUDGET_PER_HOUR = 1_200;
export const botUsageSchema = z.object({
  requestsLastHour: z.number().int().min(0).max(10_000_000),
  budgetPerHour: z.number().int().min(1).max(10_000_000),
  captchasLast24h: z.number().int().min(0).max(100_000),
  /** Over the budget now: the modules wait. */
  throttled: z.boolean(),
});
export type BotUsage = z.infer<typeof botUsageSchema>;
export type BotUsageAck = SocketAck;
/** GET /api/dsbot/{id}/usage: the last report and when it came; null before the bot ever reported. */
export interface BotUsageResponse {
  usage: (BotUsage & { reportedAt: number }) | null;
}

/**
 * What a bot did on one day of its world's server time, counted by its runner since that session began
 * (a restarted runner is a new session; the server adds a day's sessions up): the haul of the battle
 * reports that came in, building levels and units ordered, attack commands sent, Raubzug squads sent
 * and what they bring (wood, clay and iron together, as the game says when they leave). Sent with the usage
 * report every minute, and once more for the day that just ended. The daily report reads it.
 */
const ACTIVITY_COUNT_MAX = 1_000_000_000;
const activityCount = z.number().int().min(0).max(ACTIVITY_COUNT_MAX);
export const botActivitySchema = z.object({
  /** YYYY-MM-DD in the world's server time. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The runner session's random id. */
  session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  haul: z.object({ wood: activityCount, stone: activityCount, iron: activityCount }),
  buildings: activityCount,
  units: unitCountsSchema,
  attacks: activityCount,
  /** Absent from runners before Raubzug: none. */
  scavenge: z.object({ squads: activityCount, haul: activityCount }).default({ squads: 0, haul: 0 }),
});
export type BotActivity = z.infer<typeof botActivitySchema>;
export type BotActivityAck = SocketAck;

/** Event names, for code that prefers constants to string literals. */
export const runnerEvents = { hello: "runner:hello", bots: "runner:bots", command: "runner:command" } as const;
export const botEvents = {
  status: "bot:status",
  log: "bot:log",
  needsPlayer: "bot:needs-player",
  protection: "bot:protection",
  time: "bot:time",
  attacks: "bot:attacks",
  attackResult: "bot:attack-result",
  troops: "bot:troops",
  incomings: "bot:incomings",
  scavenge: "bot:scavenge",
  templates: "bot:templates",
  villages: "bot:villages",
  usage: "bot:usage",
  activity: "bot:activity",
  control: "bot:control",
  config: "bot:config",
  moduleConfig: "bot:module-config",
  templatesChanged: "bot:templates-changed",
} as const;
