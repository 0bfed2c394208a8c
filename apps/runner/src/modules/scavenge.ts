// Raubzug: in each village with free options, sends the optimiser's split (protocol game/scavenge.ts,
// docs/GAME-RULES.md "Raubzug") of the units that may go — less what the config keeps home and what a
// timed send needs before the squads are back (the session's reservations) — and, when allowed,
// unlocks the next option once the village can pay it above its reserve. Squads that are back free
// their option; the next run (every `intervalMinutes`) sends them again. Each run reports the villages'
// options as it leaves them ("bot:scavenge"), which the Raubzug page plans with. A village left with
// every option out (and no unlock to try) is not read again before its first squad is back.
import {
  formatServerTime,
  moduleRegistry,
  planScavenge,
  resources,
  scavengeOptions,
  scavengeUnits,
  scavengeWorld,
  DEFAULT_SERVER_TIME_ZONE,
  SCAVENGE_REPORT_MAX_VILLAGES,
  type ModuleConfig,
  type ScavengeOptionReport,
  type ScavengeVillageReport,
  type ScavengeScreen,
  type ScavengeWorld,
  type Unit,
  type UnitCounts,
  type VillageSnapshot,
} from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";
import { scanVillages, spendable } from "./village-scope.js";

const messages = moduleMessages.scavenge;
const label = moduleRegistry.scavenge.label;

/**
 * The units of a village that may scavenge: at home, less what stays home (the larger of the count and
 * the share kept) and less what timed sends reserve.
 */
export function scavengeableUnits(home: Readonly<Record<Unit, number>>, config: Pick<ModuleConfig<"scavenge">, "keepHome" | "keepPercent">, reserved: UnitCounts): UnitCounts {
  const free: UnitCounts = {};
  for (const unit of scavengeUnits) {
    const n = home[unit] ?? 0;
    const kept = Math.max(config.keepHome[unit] ?? 0, Math.ceil((n * config.keepPercent) / 100));
    const left = n - kept - (reserved[unit] ?? 0);
    if (left > 0) free[unit] = left;
  }
  return free;
}

/** The world's duration constants from the village's screen, with the world's carry. */
function screenWorld(screen: ScavengeScreen, carry: Partial<Record<Unit, number>>): ScavengeWorld {
  return { ...scavengeWorld(1, carry), exponent: screen.exponent, initialSeconds: screen.initialSeconds, durationFactor: screen.durationFactor };
}

/** The option to unlock now, when the config allows it and the village can pay it above its reserve: the one after the last unlocked, unless one is unlocking or all are. */
function unlockDue(options: readonly Pick<ScavengeOptionReport, "option" | "state">[], village: VillageSnapshot, config: ModuleConfig<"scavenge">) {
  if (!config.unlock || options.some((o) => o.state === "unlocking")) return null;
  const locked = options.find((o) => o.state === "locked");
  const next = locked ? scavengeOptions[locked.option - 1] : undefined;
  const above = spendable(village.resources, config.keep);
  return next && resources.every((r) => above[r] >= next.unlockCost[r]) ? next : null;
}

interface RunTally {
  squads: number;
  villages: number;
  units: number;
  haul: number;
  busy: number;
  noUnits: number;
  unlocking: string[];
  nextReturn: number;
  /** Each village's options as the run leaves them (for the Raubzug page). */
  report: ScavengeVillageReport[];
}

const haulOf = (haul: { wood: number; stone: number; iron: number } | undefined) => (haul ? haul.wood + haul.stone + haul.iron : null);

function setOption(options: ScavengeOptionReport[], option: number, state: ScavengeOptionReport["state"], until: number, haul: number | null = null): void {
  const held = options.find((o) => o.option === option);
  if (held) Object.assign(held, { state, until, haul });
}

/**
 * Until when a village whose options are all out or locked cannot change: its first return or unlock
 * end; null when it must be read (an option free, nothing pending). An unlock due is the caller's check.
 */
export function quietUntil(options: readonly ScavengeOptionReport[]): number | null {
  if (options.some((o) => o.state === "free")) return null;
  let until = Infinity;
  for (const o of options) if ((o.state === "out" || o.state === "unlocking") && o.until !== null) until = Math.min(until, o.until);
  return Number.isFinite(until) ? until : null;
}

/** A village the last run left with nothing to do until later: counted and reported as it was, not read again. */
function quietVillage(villageId: number, options: ScavengeOptionReport[], tally: RunTally): void {
  tally.busy++;
  for (const o of options) if (o.state === "out" && o.until !== null) tally.nextReturn = Math.min(tally.nextReturn, o.until);
  if (tally.report.length < SCAVENGE_REPORT_MAX_VILLAGES) tally.report.push({ villageId, options });
}

/** Sends and unlocks in one village; answers its options as it leaves them. */
async function scavengeVillage(
  ctx: ModuleContext<"scavenge">,
  village: VillageSnapshot,
  screen: ScavengeScreen,
  carry: Partial<Record<Unit, number>>,
  tally: RunTally,
): Promise<ScavengeOptionReport[]> {
  const { config } = ctx;
  const after: ScavengeOptionReport[] = screen.options.map((o) => ({ option: o.option, state: o.state, until: o.until, haul: o.state === "out" ? haulOf(o.squad?.haul) : null }));
  if (tally.report.length < SCAVENGE_REPORT_MAX_VILLAGES) tally.report.push({ villageId: village.id, options: after });
  const unlock = unlockDue(screen.options, village, config);
  if (unlock) {
    const started = await ctx.driver.unlockScavenge(village.id, unlock.id);
    if (started.ok) {
      tally.unlocking.push(messages.unlocking(unlock.name, village.name));
      setOption(after, unlock.id, "unlocking", started.value.unlockedAt);
    } else ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, started.error));
  }
  for (const o of screen.options) if (o.state === "out" && o.until !== null) tally.nextReturn = Math.min(tally.nextReturn, o.until);
  const free = screen.options.filter((o) => o.state === "free").map((o) => o.option);
  if (free.length === 0) {
    tally.busy++;
    return after;
  }
  const maxSeconds = config.maxMinutes * 60;
  const reserved = ctx.session.reservations.reserved(village.id, ctx.driver.now() + maxSeconds * 1000);
  const plan = planScavenge(screenWorld(screen, carry), { units: scavengeableUnits(village.units, config, reserved), options: free, measure: config.measure, maxSeconds });
  if (plan.squads.length === 0) {
    tally.noUnits++;
    return after;
  }
  let sentHere = 0;
  for (const squad of plan.squads) {
    const sent = await ctx.driver.sendScavenge(village.id, squad.option, squad.units);
    if (!sent.ok) {
      ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, sent.error));
      continue;
    }
    sentHere++;
    const haul = haulOf(sent.value.haul) ?? 0;
    setOption(after, squad.option, "out", sent.value.returnsAt, haul);
    tally.units += Object.values(squad.units).reduce((sum, n) => sum + (n ?? 0), 0);
    tally.haul += haul;
    tally.nextReturn = Math.min(tally.nextReturn, sent.value.returnsAt);
  }
  tally.squads += sentHere;
  if (sentHere > 0) tally.villages++;
  return after;
}

export function createScavengeModule(): BotModule<"scavenge"> {
  /** Each village's options as the last run left them: a village with nothing to do until later is not read again before then. */
  let known = new Map<number, ScavengeOptionReport[]>();
  return {
    name: "scavenge",
    intervalMs: (config) => config.intervalMinutes * 60_000,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      const info = await ctx.driver.unitInfo();
      const carry: Partial<Record<Unit, number>> = info.ok ? Object.fromEntries(scavengeUnits.map((u) => [u, info.value[u].carry])) : {};
      const tally: RunTally = { squads: 0, villages: 0, units: 0, haul: 0, busy: 0, noUnits: 0, unlocking: [], nextReturn: Infinity, report: [] };
      const left = new Map<number, ScavengeOptionReport[]>();
      for (const village of scan.villages) {
        const last = known.get(village.id);
        const quiet = last ? quietUntil(last) : null;
        if (last && quiet !== null && ctx.driver.now() < quiet && !unlockDue(last, village, ctx.config)) {
          quietVillage(village.id, last, tally);
          left.set(village.id, last);
          continue;
        }
        const screen = await ctx.driver.scavengeScreen(village.id);
        if (!screen.ok) {
          if (screen.code === "unavailable") return ctx.log("info", messages.unavailable);
          ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, screen.error));
          continue;
        }
        left.set(village.id, await scavengeVillage(ctx, village, screen.value, carry, tally));
      }
      known = left;
      ctx.session.reportScavenge({ scannedAt: ctx.driver.now(), villages: tally.report });
      const parts = [tally.squads > 0 ? messages.sent(tally.squads, tally.villages, tally.units, tally.haul) : messages.nothingSent];
      if (tally.busy > 0) parts.push(messages.busy(tally.busy));
      if (tally.noUnits > 0) parts.push(messages.noUnits(tally.noUnits));
      parts.push(...tally.unlocking);
      if (Number.isFinite(tally.nextReturn)) parts.push(messages.nextReturn(formatServerTime(tally.nextReturn, ctx.timeZone ?? DEFAULT_SERVER_TIME_ZONE).slice(9, 17)));
      ctx.log("info", messages.summary(parts));
    },
  };
}
