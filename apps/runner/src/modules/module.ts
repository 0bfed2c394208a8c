// The contract every bot module implements (one file per module, keyed by the registry's name) and
// the context a run gets: the validated config, the game driver and the session's few levers.
import type {
  BotAttack,
  BotAttackResult,
  BotTemplate,
  BotVillagesReport,
  BotNeedsPlayer,
  BotIncomingsReport,
  BotScavengeReport,
  BotTroopsReport,
  GameDriver,
  LogLevel,
  ModuleConfig,
  ModuleName,
  PlayerSnapshot,
} from "@dsbot/protocol";
import type { UnitReservations } from "../reservations.js";

/** What a module may ask of the bot session it runs in. */
export interface SessionControl {
  /** Pause the bot (reports `paused` to the server) and log why. */
  pause(reason: string): Promise<void>;
  /** Keep the latest inventory scan for modules and reports that need it. */
  setInventory(snapshot: PlayerSnapshot): void;
  /**
   * Send a scan's troops to the server. Only the latest unsent report is kept (sent after a reconnect):
   * a newer scan replaces an older one.
   */
  reportTroops(report: BotTroopsReport): void;
  /** Send a scan's villages (buildings, resources, queues) in parts; resolves when sent or given up. */
  reportVillages(parts: BotVillagesReport[]): Promise<void>;
  /** Send the incomings the command scanner saw (the latest unsent list is kept, like troops). */
  reportIncomings(report: BotIncomingsReport): void;
  /** Send the villages' Raubzug options as the Raubzug module left them (the latest unsent one is kept). */
  reportScavenge(report: BotScavengeReport): void;
  /** Ask the player to act in the game (captcha, rejected login): the server notifies them. */
  needsPlayer(report: BotNeedsPlayer): Promise<void>;
  /** The attacks to send within `withinMs`, claimed for this bot; null when the server could not be asked. */
  claimAttacks(withinMs: number): Promise<BotAttack[] | null>;
  /** An attack's outcome; kept and sent again after a reconnect until the server has answered it. */
  reportAttack(result: BotAttackResult): void;
  /** The bot owner's builder templates among these ids (the server leaves out others), kept between runs until the server says one changed; null when the server could not be asked. */
  templates(ids: readonly number[]): Promise<BotTemplate[] | null>;
  /**
   * Run `work` when the game's clock (the driver's `now`) reaches `at` (ms); pending work ends with the
   * session. `abandon` runs instead when the bot cannot do it any more (the game's bot protection holds
   * it). Answers a cancel.
   */
  at(at: number, work: () => Promise<void>, abandon?: () => void): () => void;
  /** Online now: not paused, not ended. */
  isRunning(): boolean;
  /** The template assigner's choice per village (village id → template id), which the builder follows in its "assigned" mode. */
  assignments: Map<number, number>;
  /** Units promised to timed sends: the attack planner reserves, farming spends only the rest. */
  reservations: UnitReservations;
}

export interface ModuleContext<N extends ModuleName = ModuleName> {
  config: ModuleConfig<N>;
  driver: GameDriver;
  /** The runner's clock (ms). */
  now(): number;
  /** The world's server time zone, for game times in the log (absent from servers before it: Europe/Berlin). */
  timeZone?: string;
  /** In [0, 1); injectable so tests and the demo stay deterministic. */
  random(): number;
  /** To the bot's log on the server (German). */
  log(level: LogLevel, message: string): void;
  session: SessionControl;
}

/** `halt`: the rest of this round is skipped (the timer's idle time, a lost login). */
export type ModuleOutcome = "continue" | "halt";

// Method syntax on purpose: a BotModule<"timer"> must be storable as a BotModule of any module.
export interface BotModule<N extends ModuleName = ModuleName> {
  readonly name: N;
  /** How long after a run the next one is due; 0 = every scheduler tick. */
  intervalMs(config: ModuleConfig<N>): number;
  run(ctx: ModuleContext<N>): Promise<ModuleOutcome | void>;
}
