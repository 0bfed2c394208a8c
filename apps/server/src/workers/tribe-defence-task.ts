// Verteidigung planen's allocation (the protocol's planTribeDefence) on a worker thread: up to
// TRIBE_DEFENCE_MAX_CANDIDATES villages to sort and walk, twice (the free ones and those under attack).
import type { DefenceInput, PlannedDefence } from "@dsbot/protocol";
import { planTribeDefence } from "@dsbot/protocol";

export function tribeDefenceTask(input: DefenceInput): { supports: PlannedDefence[]; covered: number } {
  return planTribeDefence(input);
}
