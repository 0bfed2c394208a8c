// The runner: one socket as "bot-user" that announces the local bots (again after every reconnect)
// and obeys the server's start/stop commands by running one BotSession per started bot.
import {
  realtimeClientOptions,
  socketErrors,
  type ClientToServerEvents,
  type RunnerBot,
  type RunnerCommand,
  type ServerToClientEvents,
} from "@dsbot/protocol";
import { io, type Socket } from "socket.io-client";
import { BotSession } from "./bot-session.js";
import { systemClock, type Clock } from "./clock.js";
import { silentLogger, type RunnerLogger } from "./logger.js";
import { runnerMessages } from "./messages.js";
import type { DriverFactory, LocalBotConfig } from "./types.js";

const ACK_TIMEOUT_MS = 10_000;
const DEFAULT_TICK_MS = 1000;

export interface RunnerOptions {
  serverUrl: string;
  /** The runner token from pairing. */
  token: string;
  name: string;
  version: string;
  bots: LocalBotConfig[];
  driverFactory: DriverFactory;
  logger?: RunnerLogger;
  clock?: Clock;
  random?: () => number;
  /** How often a bot's scheduler looks for due modules (clock ms). */
  tickMs?: number;
  /** How long a bot keeps trying to reach a server that went away (default RECONNECT_GIVE_UP_MS). */
  reconnectGiveUpMs?: number;
  /** Game requests per bot and hour before its modules wait (default BOT_REQUEST_BUDGET_PER_HOUR). */
  requestBudgetPerHour?: number;
}

export interface HelloResult {
  accepted: number[];
  rejected: number[];
}

/** Connects at once; reconnects with backoff and announces its bots again each time. */
export interface Runner {
  /** Resolves once the server accepted the current hello (at once if it already did). */
  ready(): Promise<HelloResult>;
  session(dsbotId: number): BotSession | undefined;
  /** Stop every bot, then disconnect. */
  stop(): Promise<void>;
}

export function createRunner(options: RunnerOptions): Runner {
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const local = new Map(options.bots.map((bot) => [bot.dsbotId, bot]));
  const sessions = new Map<number, BotSession>();
  let hello: HelloResult | null = null;
  const waiting = new Set<(result: HelloResult) => void>();

  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(options.serverUrl, {
    ...realtimeClientOptions,
    transports: [...realtimeClientOptions.transports],
    auth: { token: options.token, origin: "bot-user" },
  });

  function checkVisible(bots: RunnerBot[]): void {
    const byId = new Map(bots.map((b) => [b.id, b]));
    for (const bot of local.values()) {
      const known = byId.get(bot.dsbotId);
      if (!known) logger("warn", runnerMessages.notVisible(bot.dsbotId));
      else if (known.dsPlayer.name.toLowerCase() !== bot.playerName.toLowerCase()) {
        logger("warn", runnerMessages.playerMismatch(bot.dsbotId, bot.playerName, known.dsPlayer.name));
      }
    }
  }

  async function announce(): Promise<void> {
    try {
      const visible = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck("runner:bots");
      if (visible.ok) checkVisible(visible.bots);
      const answer = await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck("runner:hello", { name: options.name, version: options.version, bots: [...local.keys()] });
      if (!answer.ok) return logger("error", runnerMessages.helloFailed(answer.error.message));
      for (const id of answer.rejected) logger("warn", runnerMessages.rejected(id));
      logger("info", runnerMessages.connected(options.name, answer.accepted.length));
      resumeRunning(answer.resume ?? []);
      hello = { accepted: answer.accepted, rejected: answer.rejected };
      for (const resolve of waiting) resolve(hello);
      waiting.clear();
    } catch (error) {
      logger("error", runnerMessages.helloFailed(error instanceof Error ? error.message : String(error)));
    }
  }

  function startBot(dsbotId: number): void {
    const bot = local.get(dsbotId);
    if (!bot) return logger("warn", runnerMessages.unknownBot(dsbotId));
    const running = sessions.get(dsbotId);
    if (running && running.state !== "ended") return;
    const session: BotSession = new BotSession({
      serverUrl: options.serverUrl,
      token: options.token,
      bot,
      driverFactory: options.driverFactory,
      logger,
      clock,
      random: options.random ?? Math.random,
      tickMs: options.tickMs ?? DEFAULT_TICK_MS,
      ...(options.reconnectGiveUpMs === undefined ? {} : { reconnectGiveUpMs: options.reconnectGiveUpMs }),
      ...(options.requestBudgetPerHour === undefined ? {} : { requestBudgetPerHour: options.requestBudgetPerHour }),
      onEnded: () => {
        if (sessions.get(dsbotId) === session) sessions.delete(dsbotId);
      },
    });
    sessions.set(dsbotId, session);
    session.connect();
  }

  /**
   * Bots the server still counts as started but that run nowhere (`resume` of the hello answer): this
   * runner was restarted while the server was away too (a PC reboot during a deploy, `npm start`
   * stopped and started). The server never saw them stop, so they are resumed, not left to be
   * declared lost. A bot that stopped or dropped while the server ran is offline and stays so.
   */
  function resumeRunning(ids: number[]): void {
    for (const id of ids) {
      const running = sessions.get(id);
      if (running && running.state !== "ended") continue;
      if (!local.has(id)) continue;
      logger("info", runnerMessages.resumed(id));
      startBot(id);
    }
  }

  function obey({ action, dsbotId }: RunnerCommand): void {
    if (action === "start") return startBot(dsbotId);
    const session = sessions.get(dsbotId);
    if (action === "stop") void session?.stop();
    else session?.forceStop();
  }

  socket.on("connect", () => {
    hello = null;
    void announce();
  });
  socket.on("runner:command", obey);
  socket.on("connect_error", (error) => {
    logger("error", error.message === socketErrors.unauthorized ? runnerMessages.unauthorized : runnerMessages.connectFailed(error.message));
  });
  socket.on("disconnect", (reason) => {
    hello = null;
    if (reason !== "io client disconnect") logger("warn", runnerMessages.disconnected(reason));
  });

  return {
    ready: () => (hello ? Promise.resolve(hello) : new Promise((resolve) => waiting.add(resolve))),
    session: (dsbotId) => sessions.get(dsbotId),
    async stop() {
      logger("info", runnerMessages.stopping);
      await Promise.all([...sessions.values()].map((s) => s.stop()));
      socket.disconnect();
      logger("info", runnerMessages.stoppedAll);
    },
  };
}
