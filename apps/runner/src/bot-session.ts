// One running bot: its own socket (origin "bot"), the game driver, the module scheduler, and the
// server's controls (pause/resume/stop, module changes) applied to them.
import {
  BOT_LOG_MESSAGE_MAX,
  moduleNames,
  realtimeClientOptions,
  type BotConfig,
  type BotControl,
  type BotModuleConfig,
  type BotNeedsPlayer,
  type ClientToServerEvents,
  type GameDriver,
  type LogLevel,
  type PlayerSnapshot,
  type ServerToClientEvents,
} from "@dsbot/protocol";
import { io, type Socket } from "socket.io-client";
import type { Clock } from "./clock.js";
import type { RunnerLogger } from "./logger.js";
import { sessionMessages } from "./messages.js";
import { ModuleScheduler } from "./scheduler.js";
import type { DriverFactory, LocalBotConfig } from "./types.js";

const ACK_TIMEOUT_MS = 10_000;

export interface BotSessionOptions {
  serverUrl: string;
  token: string;
  bot: LocalBotConfig;
  driverFactory: DriverFactory;
  logger: RunnerLogger;
  clock: Clock;
  random: () => number;
  tickMs: number;
  /** Called once when the session is over, whatever ended it. */
  onEnded: () => void;
}

export type SessionState = "connecting" | "online" | "paused" | "ended";

export class BotSession {
  readonly dsbotId: number;
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private scheduler: ModuleScheduler | null = null;
  private driver: GameDriver | null = null;
  private current: SessionState = "connecting";
  private lastInventory: PlayerSnapshot | null = null;

  constructor(private readonly options: BotSessionOptions) {
    this.dsbotId = options.bot.dsbotId;
    this.socket = io(options.serverUrl, {
      ...realtimeClientOptions,
      transports: [...realtimeClientOptions.transports],
      // The server only accepts a bot socket while the dashboard has the bot started; a dropped
      // socket makes it offline, so reconnecting would be refused anyway.
      reconnection: false,
      autoConnect: false,
      auth: { token: options.token, origin: "bot", dsbotId: options.bot.dsbotId },
    });
    this.socket.on("bot:config", (config) => void this.configure(config));
    this.socket.on("bot:control", (control) => void this.control(control));
    this.socket.on("bot:module-config", (update) => this.applyModule(update));
    this.socket.on("connect_error", (error) => this.end(sessionMessages.connectRefused(error.message)));
    this.socket.on("disconnect", (reason) => {
      if (reason === "io server disconnect") this.end(sessionMessages.endedByServer);
      else if (reason !== "io client disconnect") this.end(sessionMessages.connectionLost(reason));
    });
  }

  /** A method, so that TypeScript does not keep a narrowing across awaits. */
  private ended(): boolean {
    return this.current === "ended";
  }

  get state(): SessionState {
    return this.current;
  }

  /** The latest inventory scan, if the inventory module ran. */
  get inventory(): PlayerSnapshot | null {
    return this.lastInventory;
  }

  connect(): void {
    this.socket.connect();
  }

  /** Finish the running module, log out of the game and leave; the server then marks the bot offline. */
  async stop(): Promise<void> {
    if (this.current === "ended") return;
    this.current = "ended";
    await this.scheduler?.stop();
    await this.driver?.logout();
    this.finish(sessionMessages.stopped);
  }

  /** Leave at once, without waiting for a running module. */
  forceStop(): void {
    if (this.current === "ended") return;
    this.current = "ended";
    void this.scheduler?.stop();
    this.finish(sessionMessages.forceStopped);
  }

  log(level: LogLevel, message: string): void {
    this.options.logger(level, `[Bot ${this.dsbotId}] ${message}`);
    if (this.socket.connected) this.socket.emit("bot:log", { level, message: message.slice(0, BOT_LOG_MESSAGE_MAX) });
  }

  private finish(message: string): void {
    this.options.logger("info", `[Bot ${this.dsbotId}] ${message}`);
    this.socket.disconnect();
    this.options.onEnded();
  }

  /** The socket went away or was refused without us asking: nothing is left to run. */
  private end(message: string): void {
    if (this.current === "ended") return;
    this.current = "ended";
    void this.scheduler?.stop();
    this.options.logger("warn", `[Bot ${this.dsbotId}] ${message}`);
    this.socket.disconnect();
    this.options.onEnded();
  }

  private async configure(config: BotConfig): Promise<void> {
    if (this.scheduler || this.current === "ended") return;
    const driver = this.options.driverFactory(this.options.bot, config);
    this.driver = driver;
    this.scheduler = new ModuleScheduler({
      clock: this.options.clock,
      tickMs: this.options.tickMs,
      isRunning: () => this.current === "online",
      context: () => ({
        driver,
        now: () => this.options.clock.now(),
        random: this.options.random,
        log: (level, message) => this.log(level, message),
        session: {
          pause: (reason) => this.pause(reason),
          setInventory: (snapshot) => (this.lastInventory = snapshot),
          needsPlayer: (report) => this.needsPlayer(report),
        },
      }),
      onError: (name, error) => this.log("error", sessionMessages.moduleFailed(name, error instanceof Error ? error.message : String(error))),
    });
    for (const name of moduleNames) {
      const state = config.modules[name];
      const applied = this.scheduler.apply(name, state?.enabled ?? false, state?.config ?? {});
      if (!applied.ok) this.log("warn", sessionMessages.moduleInvalid(name, applied.message));
    }
    const login = await driver.login();
    if (this.ended()) return;
    this.log(login.ok ? "info" : "warn", login.ok ? sessionMessages.loggedIn(this.options.bot.playerName) : sessionMessages.loginFailed(login.error));
    await this.report(config.status === "paused" ? "paused" : "online");
    this.scheduler.start();
  }

  private async report(status: "online" | "paused"): Promise<void> {
    if (this.current === "ended") return;
    this.current = status;
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:status", { status });
      if (!answer.ok) this.options.logger("warn", `[Bot ${this.dsbotId}] ${sessionMessages.statusRefused(answer.error.message)}`);
    } catch (error) {
      this.options.logger("warn", `[Bot ${this.dsbotId}] ${sessionMessages.statusRefused(error instanceof Error ? error.message : String(error))}`);
    }
  }

  /** The server logs it and notifies the bot's owner; a lost acknowledgement is only logged here. */
  private async needsPlayer(report: BotNeedsPlayer): Promise<void> {
    if (this.current === "ended") return;
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:needs-player", report);
      if (!answer.ok) this.options.logger("warn", `[Bot ${this.dsbotId}] ${sessionMessages.needsPlayerRefused(answer.error.message)}`);
    } catch (error) {
      this.options.logger("warn", `[Bot ${this.dsbotId}] ${sessionMessages.needsPlayerRefused(error instanceof Error ? error.message : String(error))}`);
    }
  }

  private async pause(reason: string): Promise<void> {
    this.log("warn", reason);
    await this.report("paused");
  }

  private async control({ action }: BotControl): Promise<void> {
    if (action === "stop") return this.stop();
    if (!this.scheduler) return;
    this.options.logger("info", `[Bot ${this.dsbotId}] ${action === "pause" ? sessionMessages.paused : sessionMessages.resumed}`);
    await this.report(action === "pause" ? "paused" : "online");
  }

  private applyModule({ moduleName, enabled, config }: BotModuleConfig): void {
    if (!this.scheduler) return;
    const applied = this.scheduler.apply(moduleName, enabled, config);
    if (applied.ok) this.log("info", sessionMessages.moduleApplied(moduleName, enabled));
    else this.log("warn", sessionMessages.moduleInvalid(moduleName, applied.message));
  }
}
