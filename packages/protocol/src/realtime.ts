// The socket.io contract: handshake auth, the `message` event to the website with a payload typed
// per type, and the runner/bot events of runner.ts — one event map for all origins.
import { z } from "zod";
import { botStatusSchema, websocketConnectionSchema } from "./bots.js";
import { attackStatusSchema } from "./attack-plans/attack.js";
import { notificationSchema } from "./notifications.js";
import { tabRequestSchema } from "./tab-requests.js";
import { botUsageSchema } from "./runner.js";
import { text } from "./validation.js";
import type {
  BotConfig,
  BotActivity,
  BotActivityAck,
  BotUsage,
  BotUsageAck,
  BotControl,
  BotLogAck,
  BotModuleConfig,
  BotNeedsPlayer,
  BotNeedsPlayerAck,
  BotProtectionAck,
  BotProtectionReport,
  BotStatusAck,
  BotAttackResultAck,
  BotAttacksAck,
  BotTemplatesAck,
  BotTemplatesChanged,
  BotTemplatesRequest,
  BotTimeAck,
  RunnerBotsAck,
  RunnerCommand,
  RunnerHello,
  RunnerHelloAck,
  BotLogReport,
  BotStatusReport,
  BotAttackResult,
  BotAttacksRequest,
  BotTroopsAck,
  BotTroopsReport,
} from "./runner.js";
import type { BotIncomingsAck, BotIncomingsReport } from "./war-room/api.js";
import type { BotVillagesAck, BotVillagesReport } from "./village-states.js";
import type { BotScavengeAck, BotScavengeReport } from "./scavenge-state.js";

export const socketOrigins = ["website", "bot-user", "bot"] as const;
export type SocketOrigin = (typeof socketOrigins)[number];

/** `token`: the web token (website) or a runner token (bot-user, bot); a bot names its `dsbotId`. */
export const socketAuthSchema = z.object({
  token: text().min(1).max(500),
  origin: z.enum(socketOrigins),
  dsbotId: z.coerce.number().int().positive().optional(),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;

// Handshake error messages and client settings live in realtime-client.ts (no zod: the web app's
// first page needs them).
export { realtimeClientOptions, realtimeMessageTypeNames, socketErrors, SOCKET_MESSAGE_MAX_BYTES } from "./realtime-client.js";

const connectionEventSchema = z.object({
  dsbotId: z.number().int(),
  id: z.number().int(),
  websocketConnection: websocketConnectionSchema,
});

/** The bot a botUpdateStatus names; the player's name is only a fallback for a bot the page has not loaded. */
const botStatusRefSchema = z.object({
  id: z.number().int(),
  status: botStatusSchema.nullable(),
  /** Since when the game's bot protection holds the bot (ISO); null or absent: it does not. */
  protectedSince: z.string().nullable().optional(),
  dsPlayer: z.object({ name: z.string() }).optional(),
});

/** botUpdateStatus comes as `{ dsbot: { id, status, dsPlayer } }` or flat as `{ id, status }`: the flat one is wrapped. */
function wrapFlatBotStatus(data: unknown): unknown {
  return typeof data === "object" && data !== null && !("dsbot" in data) ? { dsbot: data } : data;
}

/** The `data` of each message type. */
export const realtimeMessageDataSchemas = {
  botUpdateStatus: z.preprocess(wrapFlatBotStatus, z.object({ dsbot: botStatusRefSchema })),
  botUpdateCommandStatus: z.object({
    command: z.object({ id: z.number().int(), dsbotId: z.number().int(), status: z.string() }),
  }),
  botUpdateAttackError: z.object({
    command: z.object({ id: z.number().int(), dsbotId: z.number().int(), error: z.string() }),
  }),
  addTabRequest: z.object({ tabRequest: tabRequestSchema }),
  /**
   * Attacks of a plan changed status (timed transitions, a bot's report, a tab request done): to every
   * user who may see the plan. One of dsbot's own message types; the table and the plan list update from it.
   */
  "attacks-updated": z.object({
    planId: z.number().int(),
    attacks: z.array(
      z.object({
        id: z.number().int(),
        status: attackStatusSchema,
        error: z.string().nullable(),
        dsbotId: z.number().int().nullable(),
        realArrivalTime: z.number().nullable(),
      }),
    ),
  }),
  /** A bot's scan or the user's paste changed the incomings the user sees: lists and the dashboard refetch. */
  "incomings-updated": z.object({ dsbotId: z.number().int().nullable() }),
  /** A bot's inventory scan or the user's paste changed troops the user sees. */
  "troops-updated": z.object({ dsbotId: z.number().int().nullable() }),
  /** A bot's request budget report: to everyone who may see the bot; the bot page shows it. */
  "bot-usage": z.object({ dsbotId: z.number().int(), usage: botUsageSchema.extend({ reportedAt: z.number() }) }),
  /** A bot wrote to its log: to everyone who may see the bot; an open log card fetches its page again. */
  "bot-logs-updated": z.object({ dsbotId: z.number().int() }),
  "notification-created": z.object({ notification: notificationSchema }),
  /**
   * A tribe changed (members, roles, settings, invitations, a member's choices): to its members, and to
   * a member who just left or was removed, whose page then finds it gone. The page fetches it again.
   */
  "tribe-updated": z.object({ tribeId: z.number().int() }),
  /** A member's incomings or shared troops, or the tribe's support requests changed: its board (Stammes-Eingänge) fetches again. */
  "tribe-board-updated": z.object({ tribeId: z.number().int() }),
  /** A member's bot went on or off, or their troops were read anew: the members view (bots, last scan) fetches again. */
  "tribe-members-updated": z.object({ tribeId: z.number().int() }),
  "bot-user-connection-created": connectionEventSchema,
  "bot-user-connection-deleted": connectionEventSchema,
  "bot-connection-created": connectionEventSchema,
  "bot-connection-deleted": connectionEventSchema,
} as const;

export type RealtimeMessageType = keyof typeof realtimeMessageDataSchemas;
export const realtimeMessageTypes = Object.keys(realtimeMessageDataSchemas) as RealtimeMessageType[];
export type RealtimeMessageDataMap = { [K in RealtimeMessageType]: z.infer<(typeof realtimeMessageDataSchemas)[K]> };
/** The `data` of a message of type `T` (as its schema hands it on). */
export type RealtimeMessageData<T extends RealtimeMessageType> = RealtimeMessageDataMap[T];

/** What the server emits as `message`: `{ type, data }` with `data` matching its type. */
export type RealtimeMessage = { [K in RealtimeMessageType]: { type: K; data: RealtimeMessageData<K> } }[RealtimeMessageType];

/** Build a message with its data checked against its type at compile time. */
export function realtimeMessage<K extends RealtimeMessageType>(type: K, data: RealtimeMessageData<K>): RealtimeMessage {
  return { type, data } as RealtimeMessage;
}

/** Validate an incoming message (the website's side); unknown types and bad data give undefined. */
export function parseRealtimeMessage(value: unknown): RealtimeMessage | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (typeof type !== "string" || !Object.hasOwn(realtimeMessageDataSchemas, type)) return undefined;
  const result = realtimeMessageDataSchemas[type as RealtimeMessageType].safeParse(data);
  return result.success ? ({ type, data: result.data } as RealtimeMessage) : undefined;
}

export interface ServerToClientEvents {
  /** To website sockets of every user allowed to see the bot concerned. */
  message: (message: RealtimeMessage | "[]") => void;
  /** To the runner (bot-user socket) chosen in start/stop, and to the bot's runners on force-stop. */
  "runner:command": (command: RunnerCommand) => void;
  /** To a bot socket. */
  "bot:config": (config: BotConfig) => void;
  "bot:module-config": (update: BotModuleConfig) => void;
  "bot:control": (control: BotControl) => void;
  /** To the bot sockets of bots whose settings name a template that was just changed. */
  "bot:templates-changed": (change: BotTemplatesChanged) => void;
}

export interface ClientToServerEvents {
  "runner:hello": (hello: RunnerHello, ack: (answer: RunnerHelloAck) => void) => void;
  "runner:bots": (ack: (answer: RunnerBotsAck) => void) => void;
  "bot:status": (report: BotStatusReport, ack: (answer: BotStatusAck) => void) => void;
  "bot:log": (entry: BotLogReport, ack?: (answer: BotLogAck) => void) => void;
  "bot:needs-player": (report: BotNeedsPlayer, ack?: (answer: BotNeedsPlayerAck) => void) => void;
  "bot:protection": (report: BotProtectionReport, ack?: (answer: BotProtectionAck) => void) => void;
  "bot:time": (ack: (answer: BotTimeAck) => void) => void;
  "bot:attacks": (request: BotAttacksRequest, ack: (answer: BotAttacksAck) => void) => void;
  "bot:attack-result": (result: BotAttackResult, ack: (answer: BotAttackResultAck) => void) => void;
  "bot:troops": (report: BotTroopsReport, ack?: (answer: BotTroopsAck) => void) => void;
  "bot:incomings": (report: BotIncomingsReport, ack?: (answer: BotIncomingsAck) => void) => void;
  "bot:scavenge": (report: BotScavengeReport, ack?: (answer: BotScavengeAck) => void) => void;
  "bot:templates": (request: BotTemplatesRequest, ack: (answer: BotTemplatesAck) => void) => void;
  "bot:villages": (report: BotVillagesReport, ack?: (answer: BotVillagesAck) => void) => void;
  "bot:usage": (report: BotUsage, ack?: (answer: BotUsageAck) => void) => void;
  "bot:activity": (report: BotActivity, ack?: (answer: BotActivityAck) => void) => void;
}
