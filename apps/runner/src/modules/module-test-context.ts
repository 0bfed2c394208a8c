// Test support: a module context on a sandbox world with a manual clock — the module talks to the
// real sandbox driver; the session's levers record what they are given (logs, reports, templates).
import { moduleDefaults, type BotTemplate, type ModuleConfig, type ModuleName } from "@dsbot/protocol";
import { SandboxDriver, SandboxWorld, type SandboxOptions } from "@dsbot/sandbox";
import { createManualClock } from "../clock.js";
import { UnitReservations } from "../reservations.js";
import type { ModuleContext, SessionControl } from "./module.js";

export interface ModuleTestContext<N extends ModuleName> {
  ctx: ModuleContext<N>;
  world: SandboxWorld;
  driver: SandboxDriver;
  clock: ReturnType<typeof createManualClock>;
  logs: string[];
  /** Templates the session hands out by id. */
  templates: Map<number, BotTemplate>;
}

/** 5 January 2026, 12:00 UTC: a fixed start for every module test. */
export const MODULE_TEST_START = Date.UTC(2026, 0, 5, 12);

export async function moduleTestContext<N extends ModuleName>(
  name: N,
  config: Partial<ModuleConfig<N>>,
  options: { playerName?: string; world?: Omit<SandboxOptions, "realNow"> } = {},
): Promise<ModuleTestContext<N>> {
  const clock = createManualClock(MODULE_TEST_START);
  const world = new SandboxWorld({ seed: 23, ...options.world, realNow: clock.now });
  const driver = new SandboxDriver(world, { playerName: options.playerName ?? "Bauherr", password: "pw" });
  const login = await driver.login();
  if (!login.ok) throw new Error(login.error);
  const logs: string[] = [];
  const templates = new Map<number, BotTemplate>();
  const ctx: ModuleContext<N> = {
    config: { ...moduleDefaults(name), enabled: true, ...config } as ModuleConfig<N>,
    driver,
    now: clock.now,
    random: () => 0.5,
    log: (_level, message) => logs.push(message),
    session: quietSession(templates),
  };
  return { ctx, world, driver, clock, logs, templates };
}

/** A session that is always running, hands out these templates and takes every report silently. */
export function quietSession(templates = new Map<number, BotTemplate>()): SessionControl {
  return {
    pause: async () => {},
    setInventory: () => {},
    reportTroops: () => {},
    reportIncomings: () => {},
    reportScavenge: () => {},
    reportVillages: async () => {},
    needsPlayer: async () => {},
    claimAttacks: async () => [],
    reportAttack: () => {},
    templates: async (ids) => ids.flatMap((id) => templates.get(id) ?? []),
    at: () => () => {},
    isRunning: () => true,
    reservations: new UnitReservations(),
    assignments: new Map(),
  };
}
