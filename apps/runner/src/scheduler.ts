// Runs a bot session's modules: every tick the enabled modules that are due, in run order, one at a
// time; a module answering `halt` ends the round. Config changes apply from the next tick on.
import { moduleRegistry, type ModuleConfig, type ModuleName } from "@dsbot/protocol";
import type { Clock } from "./clock.js";
import { moduleFactories, moduleRunOrder, type BotModule, type ModuleContext } from "./modules/index.js";

interface Slot {
  module: BotModule;
  enabled: boolean;
  config: ModuleConfig<ModuleName> | null;
  lastRunAt: number | null;
}

export interface SchedulerOptions {
  clock: Clock;
  tickMs: number;
  /** False while the bot is paused: the round is skipped. */
  isRunning(): boolean;
  context(config: ModuleConfig<ModuleName>): Omit<ModuleContext, "config">;
  onError(name: ModuleName, error: unknown): void;
  /** False holds a due module back (the request budget is spent); it runs once allowed. */
  mayRun?(name: ModuleName): boolean;
}

export type ApplyResult = { ok: true } | { ok: false; message: string };

export class ModuleScheduler {
  private readonly slots = new Map<ModuleName, Slot>(
    moduleRunOrder.map((name) => [name, { module: moduleFactories[name](), enabled: false, config: null, lastRunAt: null }]),
  );
  private timer: unknown = null;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Validate a module's config with its schema; an invalid one leaves the module as it was. */
  apply(name: ModuleName, enabled: boolean, config: Record<string, unknown>): ApplyResult {
    const parsed = moduleRegistry[name].schema.safeParse({ ...config, enabled });
    if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(", ") };
    const slot = this.slots.get(name) as Slot;
    slot.enabled = enabled;
    slot.config = parsed.data as ModuleConfig<ModuleName>;
    slot.lastRunAt = null;
    return { ok: true };
  }

  start(): void {
    this.schedule(0);
  }

  /** Let the current round finish, then run no more. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.options.clock.clearTimeout(this.timer);
    await this.round;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.options.clock.clearTimeout(this.timer);
    this.timer = this.options.clock.setTimeout(() => {
      this.round = this.runRound().finally(() => {
        this.round = null;
        this.schedule(this.options.tickMs);
      });
    }, ms);
  }

  private async runRound(): Promise<void> {
    for (const slot of this.slots.values()) {
      if (this.stopped || !this.options.isRunning()) return;
      if (!slot.enabled || !slot.config) continue;
      const now = this.options.clock.now();
      if (slot.lastRunAt !== null && now - slot.lastRunAt < slot.module.intervalMs(slot.config)) continue;
      if (this.options.mayRun && !this.options.mayRun(slot.module.name)) continue;
      slot.lastRunAt = now;
      try {
        const outcome = await slot.module.run({ ...this.options.context(slot.config), config: slot.config });
        if (outcome === "halt") return;
      } catch (error) {
        this.options.onError(slot.module.name, error);
      }
    }
  }
}
