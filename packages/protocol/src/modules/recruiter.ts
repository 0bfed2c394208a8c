// Rekrutierer: recruits towards unit targets per village in batches. A target names a village, or
// (villageId null) applies to the villages without their own target whose army is of its class
// (the Truppen page's off/def/mixed rule, war-room/troop-classification.ts; "any": every class).
import { z } from "zod";
import { unitCountsSchema, type UnitCounts } from "../units.js";
import { enabledField, intField } from "./fields.js";
import { villageTypes } from "./templateassigner.js";

/**
 * The targets a new bot starts with, by the village's class: offensive villages grow axes, light
 * cavalry and rams, defensive ones (and villages without an army yet: they must hold first) spears and
 * swords. Mixed villages get none: which way they should grow is the player's choice (a row with a
 * village or the class "Alle" sets it).
 */
export const recruiterDefaultTargets: { villageId: null; villageType: (typeof villageTypes)[number]; units: UnitCounts }[] = [
  { villageId: null, villageType: "off", units: { axe: 2000, light: 500, ram: 50 } },
  { villageId: null, villageType: "def", units: { spear: 2000, sword: 2000 } },
];

/**
 * The default before targets had a class: 2,000 spears and swords for every village, offensive ones
 * too. A config still holding exactly that (no class anywhere) was never chosen by the player, so it
 * reads as today's default.
 */
function upgradeUnclassedDefault(input: unknown): unknown {
  if (!Array.isArray(input) || input.length !== 1) return input;
  const [only] = input as unknown[];
  if (typeof only !== "object" || only === null || "villageType" in only) return input;
  const { villageId, units } = only as { villageId?: unknown; units?: unknown };
  const old = units as Record<string, unknown> | undefined;
  const isOldDefault =
    villageId === null && typeof old === "object" && old !== null && Object.keys(old).length === 2 && old.spear === 2000 && old.sword === 2000;
  return isOldDefault ? recruiterDefaultTargets.map((t) => ({ ...t, units: { ...t.units } })) : input;
}

const targetSchema = z.object({
  villageId: z.number().int().positive().nullable(),
  /** Used when villageId is null: the class of village the target applies to. */
  villageType: z.enum(villageTypes, { error: "Ungültiger Wert" }).default("any"),
  units: unitCountsSchema,
});

export const recruiterModuleSchema = z.object({
  enabled: enabledField,
  /** A target with villageId null applies to every village of its class without its own target. */
  targets: z
    .preprocess(upgradeUnclassedDefault, z.array(targetSchema).max(5000))
    .default(() => recruiterDefaultTargets.map((t) => ({ ...t, units: { ...t.units } }))),
  batchSize: intField(1, 1000, 50),
  keepPercent: intField(0, 100, 10),
});
