// The bot's villages as its last inventory scan saw them (the bot page's "Dörfer" tab):
// points, building levels, resources, farm, queues and troops at home, so a player sees what the
// modules did. A bot reports them with "bot:villages" in parts of at most BOT_VILLAGES_PART_MAX villages
// (a scan of 5,000 villages would not fit one socket message); the part marked `last` ends the scan,
// and villages the scan no longer listed are dropped then.
import { z } from "zod";
import type { SocketAck } from "./runner.js";
import { buildings } from "./game-driver.js";
import { activePageSchema, perPageSchema } from "./table.js";
import { TROOPS_MAX_VILLAGES, troopScannedAtSchema, troopVillageSchema } from "./troops.js";
import { unitCountsSchema } from "./units.js";
import { uniqueField } from "./validation.js";

export const BOT_VILLAGES_PART_MAX = 250;
/**
 * At most this many villages on record per bot (docs/SECURITY.md, Limits). The game sets no hard limit,
 * but a player's villages on one world stay far below it (the leaders of the biggest worlds hold a few
 * thousand); it is the bound a troop scan has (TROOPS_MAX_VILLAGES), so every scan the Truppen screen
 * takes fits here too. Parts that would go beyond it are refused; without it a bot could store villages
 * without end by never sending the `last` part.
 */
export const BOT_VILLAGES_MAX = TROOPS_MAX_VILLAGES;
/**
 * How far a scan's time may be from the server's clock, either way. The scan's time is the runner's
 * own (its parts must agree), and a PC set to the wrong time zone is hours off; a day is more than any
 * such clock and still keeps times like 2099 out.
 */
export const BOT_VILLAGES_CLOCK_SKEW_MAX_MS = 24 * 60 * 60 * 1000;

export const villageStateMessages = {
  duplicateVillage: (villageId: number) => `Das Dorf ${villageId} kommt in diesem Teil der Inventur mehrfach vor.`,
  tooMany: (max: number, wouldBe: number) =>
    `Höchstens ${max.toLocaleString("de-DE")} Dörfer pro Bot: mit diesem Teil der Inventur wären es ${wouldBe.toLocaleString("de-DE")}. Der Teil wurde nicht gespeichert.`,
  scannedAtOff: (scannedAt: number) =>
    `Der Zeitpunkt der Inventur (${new Date(scannedAt).toISOString()}) liegt mehr als einen Tag neben der Uhr des Servers. Bitte stelle die Uhr des Rechners mit dem Dsbot richtig.`,
} as const;

const amount = z.number().int().min(0).max(1_000_000_000);
const level = z.number().int().min(0).max(30);
const time = troopScannedAtSchema;

export const villageStateSchema = z.object({
  points: amount,
  buildings: z.partialRecord(z.enum(buildings), level),
  resources: z.object({ wood: amount, stone: amount, iron: amount }),
  storageCapacity: amount,
  population: z.object({ used: amount, max: amount }),
  buildQueue: z.array(z.object({ building: z.enum(buildings), level: level.min(1), finishesAt: time })).max(20),
  recruitQueue: z.array(z.object({ units: unitCountsSchema, finishesAt: time })).max(100),
});
export type VillageState = z.infer<typeof villageStateSchema>;

export const botVillageReportSchema = troopVillageSchema.pick({ villageId: true, x: true, y: true, name: true, units: true }).extend({ state: villageStateSchema });
export type BotVillageReport = z.infer<typeof botVillageReportSchema>;

export const botVillagesReportSchema = z.object({
  scannedAt: troopScannedAtSchema,
  /** The scan's last part: villages not reported in this scan are dropped. */
  last: z.boolean(),
  villages: z
    .array(botVillageReportSchema)
    .max(BOT_VILLAGES_PART_MAX)
    .superRefine(uniqueField("villageId", villageStateMessages.duplicateVillage)),
});
export type BotVillagesReport = z.infer<typeof botVillagesReportSchema>;
export type BotVillagesAck = SocketAck<{ villages: number }>;

/** GET /api/dsbot/{id}/village-states: one page of the villages of the bot's last scan, by name. */
export const botVillageStatesQuerySchema = z.object({ activePage: activePageSchema, perPage: perPageSchema.default(12) });
export type BotVillageStatesQuery = z.infer<typeof botVillageStatesQuerySchema>;

export interface BotVillageState extends VillageState {
  villageId: number;
  name: string;
  coordinates: string;
  units: Record<string, number>;
  scannedAt: number;
}
export interface BotVillageStatesResponse {
  /** The page asked for. */
  villages: BotVillageState[];
  /** All villages on record. */
  totals: number;
  /** The newest scan time on record (epoch ms), null without villages. */
  scannedAt: number | null;
}
