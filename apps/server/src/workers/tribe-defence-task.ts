// Verteidigung planen's allocation (the protocol's planTribeDefence) on a worker thread: a tribe of 100
// members with 500 villages each gives it 50,000 candidates to sort and walk.
import type { DefenceInput, PlannedDefence } from "@dsbot/protocol";
import { planTribeDefence } from "@dsbot/protocol";

export function tribeDefenceTask(input: DefenceInput): { supports: PlannedDefence[]; covered: number } {
  return planTribeDefence(input);
}
