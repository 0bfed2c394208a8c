// The bot's villages as its last inventory scan saw them (issue 23, the bot page's "Dörfer" tab):
// points, building levels, resources, farm, queues and troops at home, so a player sees what the
// modules did. A bot reports them with "bot:villages" in parts of at most BOT_VILLAGES_PART_MAX villages
// (a scan of 5,000 villages would not fit one socket message); the part marked `last` ends the scan,
// and villages the scan no longer listed are dropped then.
import { z } from "zod";
import type { SocketAck } from "./runner.js";
import { buildings } from "./game-driver.js";
import { troopScannedAtSchema, troopVillageSchema } from "./troops.js";
import { unitCountsSchema } from "./units.js";

export const BOT_VILLAGES_PART_MAX = 250;

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
  villages: z.array(botVillageReportSchema).max(BOT_VILLAGES_PART_MAX),
});
export type BotVillagesReport = z.infer<typeof botVillagesReportSchema>;
export type BotVillagesAck = SocketAck<{ villages: number }>;

/** GET /api/dsbot/{id}/village-states: the villages of the bot's last scan, by name. */
export interface BotVillageState extends VillageState {
  villageId: number;
  name: string;
  coordinates: string;
  units: Record<string, number>;
  scannedAt: number;
}
export interface BotVillageStatesResponse {
  villages: BotVillageState[];
}
