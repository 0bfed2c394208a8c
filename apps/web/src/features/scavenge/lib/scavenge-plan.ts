// Raubzug for every village: the protocol's optimiser (planScavenge) on each village's units at home
// less what stays there, over the options unlocked in that village, by the chosen measure; the sums
// over all villages; the table's search and sort. Pure, so the page memoises it on its inputs.
import type { ScavengeOptionId, ScavengePlan, ScavengeSquad, ScavengeWorld, TroopRow } from "@dsbot/protocol";
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
  plan: ScavengePlan;
  /** The squad per option, where one goes. */
  squads: Partial<Record<ScavengeOptionId, ScavengeSquad>>;
  perDay: number;
}

export interface ScavengeTotals {
  perHour: number;
  perDay: number;
  perRun: number;
  /** Villages that send at least one squad. */
  planned: number;
  villages: number;
}

export interface ScavengeOverview {
  villages: PlannedVillage[];
  totals: ScavengeTotals;
}

const emptyPlan: ScavengePlan = { squads: [], perHour: 0, perRun: 0 };

export type VillageOverrides = Readonly<Record<string, VillageOverride>>;

export function planVillage(world: ScavengeWorld, row: ScavengeVillageRow, settings: ScavengeSettings, override: VillageOverride | undefined): PlannedVillage {
  const own = villageSettings(settings, override);
  const plan = own.excluded
    ? emptyPlan
    : planScavenge(world, {
        units: unitsToSend(row.own, own.keep),
        options: own.options,
        measure: settings.measure,
        maxSeconds: settings.measure === "run" ? settings.maxMinutes * 60 : undefined,
      });
  const squads: Partial<Record<ScavengeOptionId, ScavengeSquad>> = {};
  for (const squad of plan.squads) squads[squad.option] = squad;
  return { row, excluded: own.excluded, overridden: isOverridden(override), options: own.options, plan, squads, perDay: plan.perHour * 24 };
}

/** Every village's split and the sums; overrides by village id. */
export function planVillages(world: ScavengeWorld, rows: readonly ScavengeVillageRow[], settings: ScavengeSettings, overrides: VillageOverrides): ScavengeOverview {
  const totals: ScavengeTotals = { perHour: 0, perDay: 0, perRun: 0, planned: 0, villages: rows.length };
  const villages = rows.map((row) => {
    const village = planVillage(world, row, settings, overrides[String(row.villageId)]);
    totals.perHour += village.plan.perHour;
    totals.perRun += village.plan.perRun;
    if (village.plan.squads.length > 0) totals.planned++;
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
