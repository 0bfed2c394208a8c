// One running bot: its own socket (origin "bot"), the game driver, the module scheduler, and the
// server's controls (pause/resume/stop, module changes) applied to them. Work at a game time waits in
// timed-work.ts, the server clock's offset is measured by server-clock.ts, the game's bot protection
// during play holds every game request (bot-protection.ts) until the player's "Gelöst".
import {
  BOT_LOG_MESSAGE_MAX,
  BOT_NEEDS_PLAYER_MESSAGE_MAX,
  socketErrors,
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
import { ACK_TIMEOUT_MS, BotChannel } from "./bot-channel.js";
import type { Clock } from "./clock.js";
import type { RunnerLogger } from "./logger.js";
import { SessionReports } from "./latest-report.js";
import { sessionMessages } from "./messages.js";
import { ModuleScheduler } from "./scheduler.js";
import { UnitReservations } from "./reservations.js";
import { TemplateCache } from "./template-cache.js";
import { budgetGate, meteredDriver, RequestMeter } from "./request-meter.js";
import { protectedDriver } from "./bot-protection.js";
import { ActivityTally, tallyingDriver } from "./activity.js";
import { measureServerClock } from "./server-clock.js";
import { TimedWork } from "./timed-work.js";
import type { DriverFactory, LocalBotConfig } from "./types.js";

/** How often a running bot reports its request budget. */
const USAGE_REPORT_MS = 60_000;
/** How long a bot keeps trying to reach the server again (e.g. while it restarts) before it gives up. */
export const RECONNECT_GIVE_UP_MS = 120_000;
/** Refusals that mean the bot may not come back (stopped meanwhile, started on another runner, access or pairing revoked). */
const finalRefusals: readonly string[] = [socketErrors.unauthorized, socketErrors.botNotStartable, socketErrors.botOtherRunner];

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
  /** Overrides RECONNECT_GIVE_UP_MS (tests). */
  reconnectGiveUpMs?: number;
  /** Game requests per hour before the modules wait (default BOT_REQUEST_BUDGET_PER_HOUR). */
  requestBudgetPerHour?: number;
}

export type SessionState = "connecting" | "online" | "paused" | "ended";

export class BotSession {
  readonly dsbotId: number;
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private scheduler: ModuleScheduler | null = null;
  private driver: GameDriver | null = null;
  /** Units promised to scheduled timed sends (the attack planner's), which farming leaves alone. */
  private readonly reservations = new UnitReservations();
  /** The template assigner's choice per village, for the builder. */
  private readonly assignments = new Map<number, number>();
  /** The game requests of the last hour against the budget, and the captchas of the last day. */
  private readonly meter: RequestMeter;
  private readonly activity: ActivityTally; // what the bot did today, for the daily report ("bot:activity")
  /** The next request budget report (not timed work: it does not count in timedWorkCount). */
  private usageTimer: unknown = null;
  private current: SessionState = "connecting";
  private lastInventory: PlayerSnapshot | null = null;
  private everConnected = false;
  private giveUpTimer: NodeJS.Timeout | undefined;
  /** What each module was last given (enabled + config), to re-apply only changes after a reconnect. */
  private readonly appliedModules = new Map<string, string>();
  /** Work at a game time (attacks to send); cleared when the session ends. */
  private readonly timed: TimedWork;
  /** The latest troops, incomings and Raubzug reports not answered yet; a newer one replaces each (no queue of old scans). */
  private readonly reports: SessionReports;
  private readonly channel: BotChannel;
  private readonly templates: TemplateCache;
  /** Since when the game's bot protection holds the bot (runner clock), null while it does not (bot-protection.ts). */
  private protectedSince: number | null = null;
  /** The server's clock minus this runner's (ms), from the round trip with the shortest time. */
  private clockOffsetMs = 0;
  /** The world's server time zone as the server's config names it (absent from servers before it). */
  private timeZone: string | undefined;

  constructor(private readonly options: BotSessionOptions) {
    this.dsbotId = options.bot.dsbotId;
    this.meter = new RequestMeter(() => options.clock.now(), options.requestBudgetPerHour);
    this.activity = new ActivityTally(() => options.clock.now(), () => this.timeZone);
    this.timed = new TimedWork(options.clock, () => this.ended(), (level, message) => this.log(level, message));
    this.socket = io(options.serverUrl, {
      ...realtimeClientOptions,
      transports: [...realtimeClientOptions.transports],
      // A connection lost without being told (the server restarts, the network hiccups) is tried
      // again: the server takes the bot back while the dashboard still has it started, and refuses
      // it otherwise (then the session ends).
      reconnection: true,
      autoConnect: false,
      auth: { token: options.token, origin: "bot", dsbotId: options.bot.dsbotId },
    });
    this.reports = new SessionReports(this.socket, ACK_TIMEOUT_MS, { locally: (m) => this.logLocally("warn", m), toServer: (m) => this.log("warn", m) });
    this.channel = new BotChannel(
      this.socket,
      (level, message) => this.log(level, message),
      (message) => this.logLocally("warn", message),
    );
    this.templates = new TemplateCache((ids) => this.channel.templates(ids));
    this.socket.on("bot:config", (config) => void this.configure(config));
    this.socket.on("bot:control", (control) => void this.control(control));
    this.socket.on("bot:module-config", (update) => this.applyModule(update));
    this.socket.on("bot:templates-changed", (change) => this.templates.drop(Array.isArray(change?.ids) ? change.ids : []));
    this.socket.on("connect", () => this.connected());
    this.socket.on("connect_error", (error) => {
      // The first connection must work; later, only a refusal is final (an unreachable server is not).
      if (!this.everConnected || finalRefusals.includes(error.message)) this.end(sessionMessages.connectRefused(error.message));
    });
    this.socket.on("disconnect", (reason) => {
      if (reason === "io server disconnect") this.end(sessionMessages.endedByServer);
      else if (reason !== "io client disconnect") this.interrupted(reason);
    });
  }

  private connected(): void {
    clearTimeout(this.giveUpTimer);
    this.giveUpTimer = undefined;
    // A template changed while the socket was away was not announced to it.
    this.templates.clear();
    void this.channel.flushAttackResults();
    this.reports.flush();
    if (this.everConnected && !this.ended()) this.logLocally("info", sessionMessages.reconnected);
    this.everConnected = true;
  }

  /** Modules wait while the socket is away; the session ends if the server does not come back in time. */
  private interrupted(reason: string): void {
    if (this.ended() || this.giveUpTimer) return;
    this.logLocally("warn", sessionMessages.connectionInterrupted(reason));
    this.giveUpTimer = setTimeout(() => this.end(sessionMessages.connectionLost(reason)), this.options.reconnectGiveUpMs ?? RECONNECT_GIVE_UP_MS);
    this.giveUpTimer.unref();
  }

  /** A method, so that TypeScript does not keep a narrowing across awaits. */
  private ended(): boolean {
    return this.current === "ended";
  }

  get state(): SessionState {
    return this.current;
  }

  /** The server's clock minus this runner's, in ms (0 until measured). */
  get serverClockOffset(): number {
    return this.clockOffsetMs;
  }

  /** How many timed works (e.g. attacks to send) are waiting for their moment. */
  get timedWorkCount(): number {
    return this.timed.count;
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
    this.logLocally(level, message);
    if (this.socket.connected) this.socket.emit("bot:log", { level, message: message.slice(0, BOT_LOG_MESSAGE_MAX) });
  }

  /** A line for the runner's own log only. */
  private logLocally(level: LogLevel, message: string): void {
    this.options.logger(level, sessionMessages.botLine(this.dsbotId, message));
  }

  private clearTimers(): void {
    this.timed.clear();
    this.options.clock.clearTimeout(this.usageTimer);
  }

  private finish(message: string): void {
    this.clearTimers();
    clearTimeout(this.giveUpTimer);
    this.logLocally("info", message);
    this.socket.disconnect();
    this.options.onEnded();
  }

  /** The socket went away or was refused without us asking: nothing is left to run. */
  private end(message: string): void {
    if (this.current === "ended") return;
    this.current = "ended";
    this.clearTimers();
    clearTimeout(this.giveUpTimer);
    void this.scheduler?.stop();
    this.logLocally("warn", message);
    this.socket.disconnect();
    this.options.onEnded();
  }

  private async configure(config: BotConfig): Promise<void> {
    if (this.current === "ended") return;
    this.timeZone = config.timeZone;
    if (this.scheduler) return this.resync(config);
    const game = tallyingDriver(this.options.driverFactory(this.options.bot, config), this.activity);
    const driver = protectedDriver(meteredDriver(game, this.meter), { held: () => this.protectedSince !== null, met: (error) => this.protectionMet(error) });
    this.driver = driver;
    this.scheduler = new ModuleScheduler({
      clock: this.options.clock,
      tickMs: this.options.tickMs,
      isRunning: () => this.current === "online" && this.socket.connected,
      context: () => ({
        driver,
        now: () => this.options.clock.now(),
        timeZone: this.timeZone,
        random: this.options.random,
        log: (level, message) => this.log(level, message),
        session: {
          pause: (reason) => this.pause(reason),
          setInventory: (snapshot) => (this.lastInventory = snapshot),
          needsPlayer: (report) => this.needsPlayer(report),
          claimAttacks: (withinMs) => this.channel.claimAttacks(withinMs),
          templates: (ids) => this.templates.get(ids),
          reportAttack: (result) => this.channel.reportAttack(result),
          reportTroops: (report) => this.reports.reportTroops(report),
          reportIncomings: (report) => this.reports.reportIncomings(report),
          reportScavenge: (report) => this.reports.reportScavenge(report),
          reportVillages: (parts) => this.channel.reportVillages(parts),
          at: (at, work, abandon) => this.timed.at(driver, at, work, abandon),
          isRunning: () => this.current === "online",
          reservations: this.reservations,
          assignments: this.assignments,
        },
      }),
      onError: (name, error) => this.log("error", sessionMessages.moduleFailed(name, error instanceof Error ? error.message : String(error))),
      mayRun: budgetGate(this.meter, (level, message) => this.log(level, message), () => this.options.clock.now()),
    });
    this.applyModules(config, false);
    const login = await driver.login();
    if (this.ended()) return;
    this.log(login.ok ? "info" : "warn", login.ok ? sessionMessages.loggedIn(this.options.bot.playerName) : sessionMessages.loginFailed(login.error));
    await this.report(config.status === "paused" ? "paused" : "online");
    await this.measureClock();
    this.scheduler.start();
    this.reportUsage();
  }

  /** The request budget and today's activity to the server now and every USAGE_REPORT_MS while the session lasts. */
  private reportUsage(): void {
    if (this.ended()) return;
    if (this.socket.connected) this.socket.emit("bot:usage", this.meter.usage());
    if (this.socket.connected) for (const activity of this.activity.take()) this.socket.emit("bot:activity", activity);
    this.usageTimer = this.options.clock.setTimeout(() => this.reportUsage(), USAGE_REPORT_MS);
  }

  /** The server clock's offset (see server-clock.ts), logged; unchanged when no round trip succeeded. */
  private async measureClock(): Promise<void> {
    const best = await measureServerClock(this.socket);
    if (best) {
      this.clockOffsetMs = Math.round(best.offset);
      this.logLocally("debug", sessionMessages.clockOffset(this.clockOffsetMs, best.rtt));
    }
  }

  /** Apply the modules of a config: all of them at first, afterwards only those that changed. */
  private applyModules(config: BotConfig, changedOnly: boolean): void {
    if (!this.scheduler) return;
    for (const name of moduleNames) {
      const state = config.modules[name];
      const enabled = state?.enabled ?? false;
      const moduleConfig = state?.config ?? {};
      const key = JSON.stringify([enabled, moduleConfig]);
      if (changedOnly && this.appliedModules.get(name) === key) continue;
      this.appliedModules.set(name, key);
      const applied = this.scheduler.apply(name, enabled, moduleConfig);
      if (!applied.ok) this.log("warn", sessionMessages.moduleInvalid(name, applied.message));
      else if (changedOnly) this.log("info", sessionMessages.moduleApplied(name, enabled));
    }
  }

  /** Back after a reconnect: the server sent the config again; catch up with it and confirm the status. */
  private async resync(config: BotConfig): Promise<void> {
    this.applyModules(config, true);
    if (this.protectedSince !== null) return this.reportProtection(sessionMessages.protectionHeld);
    await this.report(config.status === "paused" ? "paused" : "online");
  }

  /**
   * A game request met the bot protection: the modules stop at once (paused), the driver sends nothing
   * more, the timed sends go back as tab requests, and the server is told (it shows "Bot-Schutz").
   */
  private protectionMet(error: string): void {
    if (this.protectedSince !== null || this.ended()) return;
    this.protectedSince = this.options.clock.now();
    this.current = "paused";
    this.logLocally("warn", sessionMessages.protectionMet(error));
    this.timed.abandon();
    void this.reportProtection(error);
  }

  private async reportProtection(message: string): Promise<void> {
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:protection", { message: message.slice(0, BOT_NEEDS_PLAYER_MESSAGE_MAX) });
      if (!answer.ok) this.logLocally("warn", sessionMessages.protectionRefused(answer.error.message));
    } catch (error) {
      this.logLocally("warn", sessionMessages.protectionRefused(error instanceof Error ? error.message : String(error)));
    }
  }

  private async report(status: "online" | "paused"): Promise<void> {
    if (this.current === "ended") return;
    this.current = status;
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:status", { status });
      if (!answer.ok) this.logLocally("warn", sessionMessages.statusRefused(answer.error.message));
    } catch (error) {
      this.logLocally("warn", sessionMessages.statusRefused(error instanceof Error ? error.message : String(error)));
    }
  }

  /** The server logs it and notifies the bot's owner; a lost acknowledgement is only logged here. */
  private async needsPlayer(report: BotNeedsPlayer): Promise<void> {
    if (this.current === "ended") return;
    try {
      const answer = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("bot:needs-player", report);
      if (!answer.ok) this.logLocally("warn", sessionMessages.needsPlayerRefused(answer.error.message));
    } catch (error) {
      this.logLocally("warn", sessionMessages.needsPlayerRefused(error instanceof Error ? error.message : String(error)));
    }
  }

  private async pause(reason: string): Promise<void> {
    this.log("warn", reason);
    await this.report("paused");
  }

  private async control({ action }: BotControl): Promise<void> {
    if (action === "stop") return this.stop();
    if (!this.scheduler) return;
    if (action !== "pause" && this.protectedSince !== null) {
      // "Gelöst": the player solved it in their game tab (the sandbox hears it; a live game knows it).
      if (action === "solved") this.driver?.solveBotProtection?.();
      this.protectedSince = null;
      this.log("info", action === "solved" ? sessionMessages.protectionSolved : sessionMessages.protectionResumed);
    } else this.logLocally("info", action === "pause" ? sessionMessages.paused : sessionMessages.resumed);
    await this.report(action === "pause" ? "paused" : "online");
  }

  private applyModule({ moduleName, enabled, config }: BotModuleConfig): void {
    if (!this.scheduler) return;
    this.appliedModules.set(moduleName, JSON.stringify([enabled, config]));
    const applied = this.scheduler.apply(moduleName, enabled, config);
    if (applied.ok) this.log("info", sessionMessages.moduleApplied(moduleName, enabled));
    else this.log("warn", sessionMessages.moduleInvalid(moduleName, applied.message));
  }
}
