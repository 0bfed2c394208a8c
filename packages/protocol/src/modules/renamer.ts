// Renamer: village names from a pattern and tags for incoming attacks.
import { z } from "zod";
import { continent } from "../game/continent.js";
import { formatServerTime } from "../game/server-time.js";
import { DEFAULT_SERVER_TIME_ZONE } from "../game/time-zones.js";
import type { Unit } from "../units.js";
import { speedGroupLabel } from "../war-room/incoming-analysis.js";
import { enabledField, intField } from "./fields.js";

/**
 * The placeholders each pattern field may use. A village name is built from the village itself
 * (continent, coordinates, running number); a tag on an incoming attack from that attack (slowest
 * unit, arrival time) — what {x} or {nr} would mean in a tag is not defined, so it is refused.
 */
export const renamerPlaceholders = {
  villagePattern: ["{K}", "{x}", "{y}", "{nr}"],
  incomingPattern: ["{unit}", "{arrival}"],
} as const satisfies Record<string, readonly string[]>;

export const renamerMessages = {
  unknownPlaceholders: (unknown: readonly string[], allowed: readonly string[]) =>
    `${unknown.length === 1 ? "Unbekannter Platzhalter" : "Unbekannte Platzhalter"}: ${unknown.join(", ")}. Erlaubt: ${allowed.join(", ")}`,
  unmatchedBrace: (allowed: readonly string[]) => `Klammer { oder } ohne Gegenstück. Erlaubt: ${allowed.join(", ")}`,
} as const;

const placeholderToken = /\{[^{}]*\}/g;

/** The first problem of a pattern's placeholders as a German message, or null when it has none. */
function placeholderProblem(pattern: string, allowed: readonly string[]): string | null {
  const tokens = pattern.match(placeholderToken) ?? [];
  if (/[{}]/.test(pattern.replace(placeholderToken, ""))) return renamerMessages.unmatchedBrace(allowed);
  const unknown = [...new Set(tokens.filter((token) => !allowed.includes(token)))];
  return unknown.length > 0 ? renamerMessages.unknownPlaceholders(unknown, allowed) : null;
}

const pattern = (allowed: readonly string[], fallback: string) =>
  z
    .string({ error: "Eingabe erforderlich" })
    .trim()
    .min(1, "Eingabe erforderlich")
    .max(32, "Höchstens 32 Zeichen (Limit des Spiels)")
    .refine((value) => placeholderProblem(value, allowed) === null, {
      error: (issue) => placeholderProblem(String(issue.input), allowed) ?? undefined,
    })
    .default(fallback);

export const renamerModuleSchema = z.object({
  enabled: enabledField,
  renameVillages: z.boolean().default(true),
  villagePattern: pattern(renamerPlaceholders.villagePattern, "{K} {nr}"),
  startNumber: intField(0, 99999, 1),
  numberDigits: intField(1, 6, 3),
  tagIncomings: z.boolean().default(true),
  incomingPattern: pattern(renamerPlaceholders.incomingPattern, "{unit} {arrival}"),
});

/** The game's limits of a village name. */
export const VILLAGE_NAME_MIN = 3;
export const VILLAGE_NAME_MAX = 32;

type RenamerConfig = z.infer<typeof renamerModuleSchema>;

/**
 * The name the pattern gives the village at `index` (0-based) among the player's villages; `nr` replaces
 * the running number when given (the dashboard's preview, which does not know the game's order).
 * Shared by the runner and the dashboard's preview, so both name alike.
 */
export function renamerVillageName(
  config: Pick<RenamerConfig, "villagePattern" | "startNumber" | "numberDigits">,
  village: { x: number; y: number },
  index: number,
  nr = String(config.startNumber + index).padStart(config.numberDigits, "0"),
): string {
  const name = config.villagePattern
    .replaceAll("{K}", continent(village))
    .replaceAll("{x}", String(village.x))
    .replaceAll("{y}", String(village.y))
    .replaceAll("{nr}", nr);
  return name.slice(0, VILLAGE_NAME_MAX).trim();
}

/**
 * The tag of an incoming attack: `{unit}` the likely speed group's German names ("?" when none fits),
 * `{arrival}` the arrival's time of day on the server clock to the millisecond.
 */
export function renamerIncomingTag(pattern: string, likely: readonly Unit[] | null, arrivesAt: number, zone = DEFAULT_SERVER_TIME_ZONE): string {
  return pattern
    .replaceAll("{unit}", likely && likely.length > 0 ? speedGroupLabel({ units: [...likely] }) : "?")
    .replaceAll("{arrival}", formatServerTime(arrivesAt, zone).slice(9))
    .trim();
}
