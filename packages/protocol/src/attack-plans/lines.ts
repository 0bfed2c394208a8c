// The lines of an attack plan for the map overlay: GET /api/attack-plans/{id}/lines answers
// every attack but the cancelled ones, ordered by send time, as columns (one entry per attack, four
// coordinates per attack), so a plan of 50,000 attacks stays a small answer and the map can turn it
// into typed arrays at once. Plus the colour of each attack type for the lines and the legend.
import { z } from "zod";
import { attackStatusSchema, attackTypeSchema, type AttackStatus, type AttackType } from "./attack.js";

export const attackPlanLinesResponseSchema = z.object({
  /** fromX, fromY, toX, toY of each attack, one after the other (4 × the number of attacks). */
  coords: z.array(z.number().int()),
  types: z.array(attackTypeSchema),
  statuses: z.array(attackStatusSchema),
  /** Send time (epoch ms) of each attack. */
  sendTimes: z.array(z.number()),
});
export type AttackPlanLinesResponse = z.infer<typeof attackPlanLinesResponseSchema>;

/** The line colour of each attack type on the map and in its legend. */
export const attackTypeColors: Record<AttackType, string> = {
  attack: "#e03131",
  conquer: "#9c36b5",
  fake: "#868e96",
  wallbreaker: "#f76707",
  support: "#1c7ed6",
  fake_support: "#15aabf",
};

/** Attacks still to be sent: drawn in full; the rest (sent, failed, expired) faint. */
export function isOpenAttackStatus(status: AttackStatus): boolean {
  return status === "planned" || status === "due";
}
