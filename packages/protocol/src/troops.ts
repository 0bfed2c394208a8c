// Truppen: the units at home in a player's villages, as a bot's inventory scan reports
// them ("bot:troops", runner.ts). The server keeps the latest scan per bot and village; the planner
// caps attacks by it and the Truppen screen lists it.
import { z } from "zod";
import { COORD_MAX } from "./game/coords.js";
import { unitCountsSchema } from "./units.js";
import { text, uniqueField } from "./validation.js";

/** A scan lists at most this many villages (far more than any player holds). */
export const TROOPS_MAX_VILLAGES = 5000;
/** The game allows 32 characters; some room for what a driver reads with entities decoded. */
export const TROOPS_VILLAGE_NAME_MAX = 100;
/**
 * Player and tribe names as a bot reports them and as a pasted game text (SOS request) may carry them:
 * the game allows far fewer, and a longer name is refused rather than stored (it would not fit an index).
 */
export const REPORTED_PLAYER_NAME_MAX = 100;
export const REPORTED_TRIBE_NAME_MAX = 100;
/** Scan times (epoch ms) a report may carry: 2000-01-01 to 2100-01-01. */
export const TROOPS_SCANNED_AT_MIN = Date.UTC(2000, 0, 1);
export const TROOPS_SCANNED_AT_MAX = Date.UTC(2100, 0, 1);

export const troopMessages = {
  villageId: "Ungültige Dorf-ID.",
  coord: `Koordinaten gehen von 0 bis ${COORD_MAX}.`,
  name: (max: number) => `Der Dorfname darf höchstens ${max} Zeichen lang sein.`,
  tooManyVillages: (max: number) => `Höchstens ${max} Dörfer pro Inventur.`,
  duplicateVillage: "Ein Dorf kommt in der Inventur mehrfach vor.",
  scannedAt: "Ungültiger Zeitpunkt der Inventur.",
} as const;

const axis = z.number({ error: troopMessages.coord }).int(troopMessages.coord).min(0, troopMessages.coord).max(COORD_MAX, troopMessages.coord);

/** One village of a scan: its world id, coordinates, name and the own units at home. */
export const troopVillageSchema = z.object({
  /** The world's village id (int4, as in village.txt). */
  villageId: z
    .number({ error: troopMessages.villageId })
    .int(troopMessages.villageId)
    .min(1, troopMessages.villageId)
    .max(2_147_483_647, troopMessages.villageId),
  x: axis,
  y: axis,
  name: text().max(TROOPS_VILLAGE_NAME_MAX, troopMessages.name(TROOPS_VILLAGE_NAME_MAX)),
  /** Own units at home. */
  units: unitCountsSchema,
  /** Everything in the village with supports of others, own units in other villages and in commands (older runners leave them out). */
  inVillage: unitCountsSchema.optional(),
  outside: unitCountsSchema.optional(),
  onTheWay: unitCountsSchema.optional(),
});
export type TroopVillage = z.infer<typeof troopVillageSchema>;

export const troopScannedAtSchema = z
  .number({ error: troopMessages.scannedAt })
  .int(troopMessages.scannedAt)
  .min(TROOPS_SCANNED_AT_MIN, troopMessages.scannedAt)
  .max(TROOPS_SCANNED_AT_MAX, troopMessages.scannedAt);

/** The villages of one scan, each at most once. */
export const troopVillagesSchema = z
  .array(troopVillageSchema)
  .max(TROOPS_MAX_VILLAGES, troopMessages.tooManyVillages(TROOPS_MAX_VILLAGES))
  .superRefine(uniqueField("villageId", troopMessages.duplicateVillage));
