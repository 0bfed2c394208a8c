// Renamer: village names from a pattern and tags for incoming attacks.
import { z } from "zod";
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
