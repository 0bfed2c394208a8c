// What the tribe's supports already took of a village's troops: Verteidigung planen must not promise
// the same spears to two requests. A support not sent yet (planned or due) still stands in its village
// in every scan or paste, so it is taken off; a sent one only when the troops were read before it left
// (a later scan no longer holds it). Failed, expired and cancelled supports took nothing.
import type { UnitCounts } from "@dsbot/protocol";
import { TRIBE_REQUESTS_CLOSED_HOURS, units as allUnits } from "@dsbot/protocol";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attacks, tribeRequestSupports, tribeSupportRequests } from "../../db/schema.js";

export interface Commitment {
  units: UnitCounts;
  status: "planned" | "due" | "sent";
  sendAt: number;
}

/**
 * The tribe's supports that hold or took troops, by source village: those of its requests whose attack
 * is still to land or landed within the closed list's window (older ones were long since read again).
 */
export async function commitmentsOfTribe(db: Database, tribeId: number, now: number): Promise<Map<number, Commitment[]>> {
  const rows = await db
    .select({ villageId: attacks.sourceVillageId, units: attacks.units, status: attacks.status, sendAt: attacks.sendAt })
    .from(tribeRequestSupports)
    .innerJoin(tribeSupportRequests, eq(tribeSupportRequests.id, tribeRequestSupports.requestId))
    .innerJoin(attacks, eq(attacks.id, tribeRequestSupports.attackId))
    .where(
      and(
        eq(tribeSupportRequests.tribeId, tribeId),
        gt(tribeSupportRequests.attackArrivalAt, new Date(now - TRIBE_REQUESTS_CLOSED_HOURS * 3_600_000)),
        inArray(attacks.status, ["planned", "due", "sent"]),
      ),
    );
  const byVillage = new Map<number, Commitment[]>();
  for (const row of rows) {
    const list = byVillage.get(row.villageId) ?? byVillage.set(row.villageId, []).get(row.villageId)!;
    list.push({ units: row.units as UnitCounts, status: row.status as Commitment["status"], sendAt: row.sendAt.getTime() });
  }
  return byVillage;
}

/** The village's troops as read at `readAt`, less what the tribe's supports hold or took since. */
export function uncommitted(units: UnitCounts, commitments: readonly Commitment[] | undefined, readAt: number): UnitCounts {
  if (!commitments || commitments.length === 0) return units;
  const left: UnitCounts = { ...units };
  for (const c of commitments) {
    if (c.status === "sent" && c.sendAt < readAt) continue;
    for (const unit of allUnits) {
      const taken = c.units[unit] ?? 0;
      if (taken > 0 && (left[unit] ?? 0) > 0) left[unit] = Math.max(0, (left[unit] ?? 0) - taken);
    }
  }
  return left;
}
