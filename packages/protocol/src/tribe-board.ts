// Stammes-Eingänge: one board of every member's incomings on the tribe's world, an incoming seen by
// several members one row, each with the member it is reported by and the defending village's
// troops as its members share them (tribes.ts: "Truppen mit dem Stamm teilen") and its wall.
//   GET /api/tribes/:id/incomings?member=&kind=&within=&activePage=&perPage=   members (admins too)
import { z } from "zod";
import type { UnitCounts } from "./units.js";
import type { TroopSharing } from "./tribes.js";
import { activePageSchema, perPageSchema } from "./table.js";
import type { Incoming, IncomingSummary } from "./war-room/api.js";
import { incomingKinds } from "./war-room/incoming-analysis.js";

/** "Kommt an innerhalb": at most a week ahead, in minutes. */
export const TRIBE_BOARD_WITHIN_MAX = 7 * 24 * 60;

export const tribeBoardQuerySchema = z.object({
  activePage: activePageSchema,
  perPage: perPageSchema.default(50),
  /** Only the incomings reported by this member (user id); absent: everyone's. */
  member: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: z.union([z.enum(incomingKinds), z.literal("")]).default(""),
  /** Only those arriving within this many minutes from now; absent: all. */
  within: z.coerce.number().int().min(1).max(TRIBE_BOARD_WITHIN_MAX).optional(),
});
export type TribeBoardQuery = z.input<typeof tribeBoardQuerySchema>;

/** The defending village's troops as a member shares them, and its wall, where known. */
export interface TribeDefence {
  /** Who shares them (the member whose scan or paste has the village). */
  member: { userId: number; username: string } | null;
  sharing: TroopSharing | null;
  /** At home in the village (defensive units only, or all, as shared); null: not shared or not known. */
  troops: UnitCounts | null;
  /** When they were scanned or pasted (epoch ms). */
  troopsAt: number | null;
  /** The wall's level from the member's bot's last village scan; null: not known. */
  wall: number | null;
}

export interface TribeIncoming extends Incoming {
  /** The member whose bot saw it or who pasted it (the first, when several did). */
  member: { userId: number; username: string };
  /** How many members' reports this row stands for. */
  seenBy: number;
  defence: TribeDefence;
}

export interface TribeBoardResponse {
  incomings: TribeIncoming[];
  totals: number;
  /** Over the whole board (every member, no filter): how many, how many nobles, the next arrival. */
  summary: IncomingSummary;
  /** When the board was read (epoch ms): its age as the page shows it. */
  readAt: number;
}
