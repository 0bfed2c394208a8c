// Units promised to timed sends (module coordination): the attack planner reserves the units
// of each attack it has scheduled until it fires; farming asks what a village may spend without
// leaving a timed send short — the units of every send leaving before its own units would be home.
import { units, type Unit, type UnitCounts } from "@dsbot/protocol";

interface Reservation {
  villageId: number;
  units: UnitCounts;
  /** Game time the units leave (ms). */
  leavesAt: number;
}

export class UnitReservations {
  private readonly byKey = new Map<string, Reservation>();

  reserve(key: string, villageId: number, counts: UnitCounts, leavesAt: number): void {
    this.byKey.set(key, { villageId, units: { ...counts }, leavesAt });
  }

  release(key: string): void {
    this.byKey.delete(key);
  }

  /** The units of `villageId` promised to sends leaving before `until` (game ms). */
  reserved(villageId: number, until: number): UnitCounts {
    const sum: UnitCounts = {};
    for (const r of this.byKey.values()) {
      if (r.villageId !== villageId || r.leavesAt > until) continue;
      for (const [u, n] of Object.entries(r.units) as [Unit, number][]) if (n > 0) sum[u] = (sum[u] ?? 0) + n;
    }
    return sum;
  }

  /** Units at home less the reserved ones (never below 0). */
  free(home: UnitCounts, villageId: number, until: number): Record<Unit, number> {
    const reserved = this.reserved(villageId, until);
    return Object.fromEntries(units.map((u) => [u, Math.max(0, (home[u] ?? 0) - (reserved[u] ?? 0))])) as Record<Unit, number>;
  }

  get size(): number {
    return this.byKey.size;
  }
}
