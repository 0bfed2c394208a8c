// Raubzug: sends each village's units on its free scavenging options in the optimiser's split
// (game/scavenge.ts), keeping units home as configured, and unlocks options when allowed.
import { z } from "zod";
import type { GameConfig } from "../game/game-config.js";
import { scavengeUnits } from "../game/scavenge.js";
import { unitCountSchema, type Unit } from "../units.js";
import { enabledField, intField, resourceAmountsField, villageIdsField } from "./fields.js";

export const scavengeModuleMeasures = ["hour", "run"] as const;
export const scavengeMeasureLabels: Record<(typeof scavengeModuleMeasures)[number], string> = {
  hour: "Rohstoffe pro Stunde",
  run: "Rohstoffe pro Lauf",
};

export const scavengeModuleSchema = z.object({
  enabled: enabledField,
  villageIds: villageIdsField,
  measure: z.enum(scavengeModuleMeasures, { error: "Ungültiges Ziel" }).default("hour"),
  /** Every squad back within this time (the return to restart, and what timed sends may need). */
  maxMinutes: intField(10, 24 * 60, 120),
  /** Per unit that may scavenge (the others never go). */
  keepHome: z.partialRecord(z.enum(scavengeUnits as [Unit, ...Unit[]]), unitCountSchema).default({}),
  keepPercent: intField(0, 100, 0),
  unlock: z.boolean().default(false),
  /** The resources an unlock leaves in the village. */
  keep: resourceAmountsField(0),
  intervalMinutes: intField(1, 240, 5),
});

export const scavengeModuleMessages = {
  noScavenging: "Auf dieser Welt gibt es keine Raubzüge: ihre Einstellungen schalten sie ab.",
} as const;

/** Why Raubzug cannot run on a world (its get_config's `<game><scavenging>0`), or null; an unknown world is not refused. */
export function scavengeUnavailable(config: Pick<GameConfig, "game"> | null | undefined): string | null {
  return config && !config.game.scavenging ? scavengeModuleMessages.noScavenging : null;
}
