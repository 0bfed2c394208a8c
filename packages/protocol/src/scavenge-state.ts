// Raubzug as the bots see it: after each run the Raubzug module reports every village's options —
// locked, unlocking, free, or out with the squad's return ("bot:scavenge"). The server keeps the latest
// report per bot; the Raubzug page plans over the options a bot found free and shows the squads out.
import { z } from "zod";
import type { ScavengeOptionId } from "./game/scavenge.js";
import type { SocketAck } from "./runner.js";
import { troopMessages, troopScannedAtSchema, troopVillageSchema } from "./troops.js";
import { uniqueField } from "./validation.js";

export const scavengeOptionStates = ["locked", "unlocking", "free", "out"] as const;
export type ScavengeOptionStateName = (typeof scavengeOptionStates)[number];

/**
 * A report names at most this many villages: at worst (every option's longest state, id, time and haul)
 * about 330 bytes each, so a full report stays within one socket message (SOCKET_MESSAGE_MAX_BYTES).
 */
export const SCAVENGE_REPORT_MAX_VILLAGES = 3000;
/**
 * GET /api/troops/scavenge answers at most this many villages, the lowest ids (an admin sees every
 * bot's report on the world); a village beyond it is planned as if the bots had reported nothing.
 */
export const SCAVENGE_STATES_MAX = 20_000;
/** A squad's haul (the three resources together) is at most this: far beyond any storage. */
export const SCAVENGE_HAUL_MAX = 1_000_000_000;

export const scavengeStateMessages = {
  option: "Ungültige Raubzug-Stufe.",
  duplicateOption: "Eine Raubzug-Stufe kommt in einem Dorf mehrfach vor.",
} as const;

const optionIdSchema = z
  .number({ error: scavengeStateMessages.option })
  .int(scavengeStateMessages.option)
  .min(1, scavengeStateMessages.option)
  .max(4, scavengeStateMessages.option)
  .transform((n) => n as ScavengeOptionId);

/**
 * One option of a village: its state, while unlocking or out when that ends (game time, epoch ms), and
 * while out what the squad brings home (wood, clay and iron together).
 */
export const scavengeOptionReportSchema = z.object({
  option: optionIdSchema,
  state: z.enum(scavengeOptionStates, { error: scavengeStateMessages.option }),
  until: troopScannedAtSchema.nullable(),
  haul: z.number().int().min(0).max(SCAVENGE_HAUL_MAX).nullable(),
});
export type ScavengeOptionReport = z.infer<typeof scavengeOptionReportSchema>;

export const scavengeVillageReportSchema = z.object({
  villageId: troopVillageSchema.shape.villageId,
  options: z
    .array(scavengeOptionReportSchema)
    .max(4)
    .superRefine(uniqueField("option", scavengeStateMessages.duplicateOption)),
});
export type ScavengeVillageReport = z.infer<typeof scavengeVillageReportSchema>;

/** `bot:scavenge`: the villages the module's run looked at, as it left them; replaces the bot's previous report. */
export const botScavengeReportSchema = z.object({
  scannedAt: troopScannedAtSchema,
  villages: z
    .array(scavengeVillageReportSchema)
    .max(SCAVENGE_REPORT_MAX_VILLAGES, troopMessages.tooManyVillages(SCAVENGE_REPORT_MAX_VILLAGES))
    .superRefine(uniqueField("villageId", troopMessages.duplicateVillage)),
});
export type BotScavengeReport = z.infer<typeof botScavengeReportSchema>;
/** `villages`: how many villages the server now keeps for the bot. */
export type BotScavengeAck = SocketAck<{ villages: number }>;

/** One village of GET /api/troops/scavenge: whose bot saw it, when, and its options. */
export const scavengeVillageStateSchema = scavengeVillageReportSchema.extend({
  dsbotId: z.number().int(),
  playerName: z.string(),
  scannedAt: z.number(),
});
export type ScavengeVillageState = z.infer<typeof scavengeVillageStateSchema>;
export const scavengeStateResponseSchema = z.object({ villages: z.array(scavengeVillageStateSchema) });
export type ScavengeStateResponse = z.infer<typeof scavengeStateResponseSchema>;
