// The app's services that modules use but do not own: the realtime side (pushes to runner and bot
// sockets, ending sockets) and the world sync. The implementations live in realtime/ and
// modules/worlds/; modules see only these interfaces (platform/app-context.ts), so no module imports
// the realtime layer, which sits above them.
import type {
  BotConfig,
  BotControl,
  BotModuleConfig,
  BotTemplatesChanged,
  RealtimeMessage,
  RunnerCommand,
} from "@dsbot/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { WorldRow } from "../db/schema.js";
import type { SocketData } from "./socket-types.js";

export interface Notifier {
  /** `message` to the website sockets of one user. */
  toUser(userId: number, message: RealtimeMessage): void;
  /** `message` to the website sockets of these users. */
  toUsers(userIds: readonly number[], message: RealtimeMessage): void;
  /** `message` to the website sockets of every user who may see the bot right now. */
  toBotAudience(dsbotId: number, message: RealtimeMessage): Promise<void>;
  /** `runner:command` to runner sockets, by socket id and/or runner token, if their user may see the bot. */
  runnerCommand(target: { socketIds?: string[]; runnerTokenIds?: number[] }, command: RunnerCommand): Promise<void>;
  botControl(dsbotId: number, control: BotControl): Promise<void>;
  botModuleConfig(dsbotId: number, update: BotModuleConfig): Promise<void>;
  botConfig(socketId: string, config: BotConfig): void;
  /**
   * To the bot sockets of these bots (all the owner's, who changed the template): their runners drop the
   * templates they keep. Only ids go out, and only to bots whose settings name the template.
   */
  botTemplatesChanged(dsbotIds: readonly number[], change: BotTemplatesChanged): void;
  /** Which of these runner tokens have a runner socket connected now. */
  connectedRunners(runnerTokenIds: number[]): Promise<Set<number>>;
}

/** A socket of a user on any instance: what it is and how to end it. */
export interface UserSocket {
  id: string;
  origin: SocketData["origin"];
  dsbotId: number | null;
  runnerTokenId: number | null;
  disconnect: () => void;
}

export interface SocketKicker {
  disconnectSessions(sessionIds: readonly number[]): void;
  disconnectUser(userId: number): void;
  disconnectRunnerTokens(runnerTokenIds: readonly number[]): void;
  disconnectBot(dsbotId: number): void;
  disconnectSocketIds(socketIds: string[]): void;
  /** Every socket of the user (website, runner and bot), on this and, with an adapter, other instances. */
  socketsOfUser(userId: number): Promise<UserSocket[]>;
}

/** The sync of one app instance: the hourly rounds, a round at once on demand, and what runs now. */
export interface WorldSync {
  /** Worlds this instance is syncing now or is about to (the Welten page shows "Abgleich läuft …"). */
  isSyncing(worldId: number): boolean;
  /**
   * A world was just added, or a user or bot chose one: run a round now instead of waiting for the
   * next check (it adds the worlds in use and syncs every due one). With `worldId`, that world counts
   * as syncing until the round ends. Nothing happens when the automatic sync is off.
   */
  kick(worldId?: number): void;
  /** "Jetzt abgleichen": syncs the world at once (see syncWorldNow), shown as syncing meanwhile. */
  syncNow(id: number, log: FastifyBaseLogger): Promise<WorldRow | undefined>;
  /** Starts the rounds: one now, then every `checkMs` (only when the automatic sync is on). */
  start(): void;
  /** Resolves once no round is running (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops the timer, aborts running fetches and waits for the running round to end. */
  stop(): Promise<void>;
}

/**
 * This instance's Prometheus metrics (modules/metrics builds them when DSBOT_METRICS_TOKEN is set):
 * what GET /metrics answers. Modules record nothing through it: what they do reaches the metrics as
 * the domain events they emit anyway.
 */
export interface Metrics {
  /** The exposition's content type (`text/plain; version=0.0.4; charset=utf-8`). */
  readonly contentType: string;
  /** Every family in the text format; the ones read at scrape time (sockets, bots, queues) read now. */
  exposition(): Promise<string>;
}
