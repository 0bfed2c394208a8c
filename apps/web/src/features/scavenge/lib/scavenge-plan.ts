// Raubzug for every village: the protocol's optimiser (planScavenge) on each village's units at home
// less what stays there, over the options unlocked in that village, by the chosen measure; the sums
// over all villages; the table's search and sort. Where a bot's Raubzug module has read a village, its
// unlocked options are the bot's (unless the village's override names them) and an option with a squad
// still out gets none. Pure, so the page memoises it on its inputs (`at`: the time the plan is for).
import type { ScavengeOptionId, ScavengePlan, ScavengeSquad, ScavengeVillageState, ScavengeWorld, TroopRow } from "@dsbot/protocol";
import { planScavenge } from "@dsbot/protocol";
import { isOverridden, unitsToSend, villageSettings, type ScavengeSettings, type VillageOverride } from "./scavenge-settings";

/** The fields of a troops row the plan reads (the units at home: `own`). */
export type ScavengeVillageRow = Pick<TroopRow, "villageId" | "name" | "coordinates" | "playerName" | "source" | "scannedAt" | "own">;

export interface PlannedVillage {
  row: ScavengeVillageRow;
  excluded: boolean;
  overridden: boolean;
  /** The options unlocked in this village. */
  options: ScavengeOptionId[];
  /** What a bot's Raubzug module last read of the village, if one did. */
  game: ScavengeVillageState | null;
  /** Options with a squad out at the plan's time: when it is back (game time, ms) and what it brings (null: not said). */
  busy: Partial<Record<ScavengeOptionId, SquadOut>>;
  /** Options being unlocked at the plan's time: when they are ready. */
  unlocking: Partial<Record<ScavengeOptionId, number>>;
  plan: ScavengePlan;
  /** The squad per option, where one goes. */
  squads: Partial<Record<ScavengeOptionId, ScavengeSquad>>;
  perDay: number;
}

export interface SquadOut {
  until: number;
  haul: number | null;
}

export interface ScavengeTotals {
  perHour: number;
  perDay: number;
  perRun: number;
  /** Villages that send at least one squad. */
  planned: number;
  /** Villages with a squad out (as a bot read them), and what those squads bring home. */
  busy: number;
  busyHaul: number;
  villages: number;
}

export interface ScavengeOverview {
  villages: PlannedVillage[];
  totals: ScavengeTotals;
}

const emptyPlan: ScavengePlan = { squads: [], perHour: 0, perRun: 0 };

export type VillageOverrides = Readonly<Record<string, VillageOverride>>;

/** The bot's view at `at`: the options unlocked (an unlock that has ended counts), those out and those unlocking. */
function gameOptions(game: ScavengeVillageState, at: number) {
  const unlocked: ScavengeOptionId[] = [];
  const busy: Partial<Record<ScavengeOptionId, SquadOut>> = {};
  const unlocking: Partial<Record<ScavengeOptionId, number>> = {};
  for (const o of game.options) {
    const pending = o.until !== null && o.until > at;
    if (o.state === "unlocking" && pending) unlocking[o.option] = o.until!;
    if (o.state === "free" || o.state === "out" || (o.state === "unlocking" && !pending)) unlocked.push(o.option);
    if (o.state === "out" && pending) busy[o.option] = { until: o.until!, haul: o.haul };
  }
  return { unlocked: unlocked.sort((a, b) => a - b), busy, unlocking };
}

export function planVillage(
  world: ScavengeWorld,
  row: ScavengeVillageRow,
  settings: ScavengeSettings,
  override: VillageOverride | undefined,
  game: ScavengeVillageState | null = null,
  at = 0,
): PlannedVillage {
  const seen = game ? gameOptions(game, at) : { unlocked: settings.options, busy: {}, unlocking: {} };
  const own = villageSettings({ ...settings, options: seen.unlocked }, override);
  const plan = own.excluded
    ? emptyPlan
    : planScavenge(world, {
        units: unitsToSend(row.own, own.keep),
        options: own.options.filter((o) => seen.busy[o] === undefined),
        measure: settings.measure,
        maxSeconds: settings.measure === "run" ? settings.maxMinutes * 60 : undefined,
      });
  const squads: Partial<Record<ScavengeOptionId, ScavengeSquad>> = {};
  for (const squad of plan.squads) squads[squad.option] = squad;
  const { busy, unlocking } = seen;
  return { row, excluded: own.excluded, overridden: isOverridden(override), options: own.options, game, busy, unlocking, plan, squads, perDay: plan.perHour * 24 };
}

/** Every village's split and the sums; overrides and the bots' Raubzug states by village id. */
export function planVillages(
  world: ScavengeWorld,
  rows: readonly ScavengeVillageRow[],
  settings: ScavengeSettings,
  overrides: VillageOverrides,
  games: ReadonlyMap<number, ScavengeVillageState> = new Map(),
  at = 0,
): ScavengeOverview {
  const totals: ScavengeTotals = { perHour: 0, perDay: 0, perRun: 0, planned: 0, busy: 0, busyHaul: 0, villages: rows.length };
  const villages = rows.map((row) => {
    const village = planVillage(world, row, settings, overrides[String(row.villageId)], games.get(row.villageId) ?? null, at);
    totals.perHour += village.plan.perHour;
    totals.perRun += village.plan.perRun;
    if (village.plan.squads.length > 0) totals.planned++;
    const out = Object.values(village.busy);
    if (out.length > 0) totals.busy++;
    for (const squad of out) totals.busyHaul += squad.haul ?? 0;
    return village;
  });
  totals.perDay = totals.perHour * 24;
  return { villages, totals };
}

export const scavengeSortFields = ["village", "perRun", "perHour"] as const;
export type ScavengeSortField = (typeof scavengeSortFields)[number];
export type ScavengeSortBy = ScavengeSortField | `-${ScavengeSortField}`;

const collator = new Intl.Collator("de", { numeric: true, sensitivity: "base" });

function compare(a: PlannedVillage, b: PlannedVillage, field: ScavengeSortField): number {
  if (field === "perRun") return a.plan.perRun - b.plan.perRun;
  if (field === "perHour") return a.plan.perHour - b.plan.perHour;
  return collator.compare(a.row.name, b.row.name) || collator.compare(a.row.coordinates, b.row.coordinates);
}

/** The villages matching the search (name or coordinates), sorted; ties by name and village id. */
export function filterAndSort(villages: readonly PlannedVillage[], search: string, sortBy: ScavengeSortBy): PlannedVillage[] {
  const needle = search.trim().toLowerCase();
  const descending = sortBy.startsWith("-");
  const field = (descending ? sortBy.slice(1) : sortBy) as ScavengeSortField;
  const found = needle === "" ? [...villages] : villages.filter((v) => v.row.name.toLowerCase().includes(needle) || v.row.coordinates.includes(needle));
  return found.sort((a, b) => (descending ? -1 : 1) * compare(a, b, field) || compare(a, b, "village") || a.row.villageId - b.row.villageId);
}

/** The first time after `at` an option's squad is back or its unlock ends (the plan changes then); null when none. */
export function nextChange(games: ReadonlyMap<number, ScavengeVillageState>, at: number): number | null {
  let next: number | null = null;
  for (const game of games.values())
    for (const o of game.options) if (o.until !== null && o.until > at && (o.state === "out" || o.state === "unlocking") && (next === null || o.until < next)) next = o.until;
  return next;
}
