// What some module pages read besides the module's config (issue "a player's first day", safer modules):
// the attack plans the Offplaner Scanner may take, by name (GET /api/dsbot/{id}/scanner-plans), and the
// incoming attacks the Umbenenner would tag (GET /api/dsbot/{id}/renamer-preview).
import { z } from "zod";
import { unitSchema } from "./units.js";

export const scannerPlanNotes = {
  readOnly: "nur Lesezugriff",
  otherWorld: "andere Welt als der Bot",
  ownerMayNotEdit: "der Besitzer des Bots darf ihn nicht bearbeiten",
} as const;
export type ScannerPlanNote = keyof typeof scannerPlanNotes;

/**
 * A plan the Offplaner Scanner's list may hold. `selectable`: the caller and the bot's owner may edit it
 * and it is on the bot's world; otherwise `note` says why not (plans already in the list are answered
 * whatever their state, so the form names them).
 */
export const scannerPlanOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerName: z.string(),
  selectable: z.boolean(),
  note: z.enum(Object.keys(scannerPlanNotes) as [ScannerPlanNote, ...ScannerPlanNote[]]).nullable(),
});
export type ScannerPlanOption = z.infer<typeof scannerPlanOptionSchema>;
/** At most this many selectable plans are listed (newest change first). */
export const SCANNER_PLAN_OPTIONS_MAX = 500;
export const scannerPlansResponseSchema = z.object({ plans: z.array(scannerPlanOptionSchema) });
export type ScannerPlansResponse = z.infer<typeof scannerPlansResponseSchema>;

/** An incoming attack of the bot as its Auge last reported it: what the Umbenenner's tag is made of. */
export const renamerPreviewIncomingSchema = z.object({
  id: z.number().int(),
  origin: z.object({ coordinates: z.string(), name: z.string().nullable(), playerName: z.string().nullable() }),
  target: z.object({ coordinates: z.string(), name: z.string().nullable() }),
  /** Epoch ms. */
  arrivalTime: z.number(),
  /** The likely unit's speed group; null when no unit is slow enough. */
  likelyUnits: z.array(unitSchema).nullable(),
  /** The command's label in the game now. */
  label: z.string().nullable(),
});
export type RenamerPreviewIncoming = z.infer<typeof renamerPreviewIncomingSchema>;
/** At most this many upcoming incomings are previewed (soonest first). */
export const RENAMER_PREVIEW_INCOMINGS_MAX = 200;
export const renamerPreviewResponseSchema = z.object({
  incomings: z.array(renamerPreviewIncomingSchema),
  /** The world's server time zone: the tag's arrival is on its clock, as the bot writes it. */
  timeZone: z.string(),
  /** Upcoming incomings beyond the ones listed. */
  more: z.number().int(),
});
export type RenamerPreviewResponse = z.infer<typeof renamerPreviewResponseSchema>;
