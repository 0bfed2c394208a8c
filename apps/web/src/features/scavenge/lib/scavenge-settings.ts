// What the player sets for Raubzug: the measure the split maximises, the longest run for "pro Lauf",
// the options unlocked in every village, what stays home; and per village what differs (its own
// options, its own units kept home, or not planned at all). Pure: the store keeps it, the plan reads it.
import type { ScavengeMeasure, ScavengeOptionId, Unit, UnitCounts } from "@dsbot/protocol";
import { scavengeOptions, scavengeUnits } from "@dsbot/protocol";

export const scavengeOptionIds: readonly ScavengeOptionId[] = scavengeOptions.map((o) => o.id);

/** What stays in a village: per unit a fixed count and a share of every unit; the larger of the two. */
export interface KeepHome {
  counts: Partial<Record<Unit, number>>;
  /** Percent (0–100) of each unit. */
  share: number;
}

export interface ScavengeSettings {
  measure: ScavengeMeasure;
  /** "pro Lauf": every squad back within this many minutes. */
  maxMinutes: number;
  /** The options unlocked in every village (unless a village says otherwise). */
  options: ScavengeOptionId[];
  keep: KeepHome;
}

/** One village's differences; an absent field follows the settings. */
export interface VillageOverride {
  excluded?: boolean;
  options?: ScavengeOptionId[];
  keep?: KeepHome;
}

export const MAX_MINUTES_LIMIT = 99 * 60 + 59;

export const noKeep: KeepHome = { counts: {}, share: 0 };

export const defaultScavengeSettings: ScavengeSettings = {
  measure: "hour",
  maxMinutes: 120,
  options: [...scavengeOptionIds],
  keep: noKeep,
};

/** The units that may go out: each scavenging unit less what stays home (the larger of count and share). */
export function unitsToSend(units: UnitCounts, keep: KeepHome): UnitCounts {
  const out: UnitCounts = {};
  for (const unit of scavengeUnits) {
    const n = Math.max(0, Math.floor(units[unit] ?? 0));
    const stay = Math.max(keep.counts[unit] ?? 0, Math.ceil((n * keep.share) / 100));
    if (n - stay > 0) out[unit] = n - stay;
  }
  return out;
}

/** What applies to one village: its override over the settings. */
export function villageSettings(settings: ScavengeSettings, override: VillageOverride | undefined): { excluded: boolean; options: ScavengeOptionId[]; keep: KeepHome } {
  return { excluded: override?.excluded === true, options: override?.options ?? settings.options, keep: override?.keep ?? settings.keep };
}

/** True when the override changes anything. */
export function isOverridden(override: VillageOverride | undefined): boolean {
  return override !== undefined && (override.excluded === true || override.options !== undefined || override.keep !== undefined);
}

/** "2:05" for 125 minutes. */
export function formatHoursMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "2:30", "2" (hours), "0:45" → minutes; null for anything else, for 0 and beyond MAX_MINUTES_LIMIT. */
export function parseHoursMinutes(text: string): number | null {
  const match = /^(\d{1,2})(?::([0-5]\d))?$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  return minutes > 0 && minutes <= MAX_MINUTES_LIMIT ? minutes : null;
}
