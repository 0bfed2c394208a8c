// Shared by the recruiter and the noble builder: a village's whole army of a unit (at home, standing
// elsewhere, in commands and in training), its class by that army, and how many of a unit the
// resources above a reserve pay for.
import { classifyTroops, unitCosts, units, type Resources, type TroopClass, type Unit, type UnitCounts, type VillageSnapshot } from "@dsbot/protocol";

export function armyOf(village: VillageSnapshot, unit: Unit): number {
  let n = (village.units[unit] ?? 0) + (village.outside?.[unit] ?? 0) + (village.onTheWay?.[unit] ?? 0);
  for (const order of village.recruitQueue ?? []) n += order.units[unit] ?? 0;
  return n;
}

/** The class of the village's whole army, units in training included (the Truppen page's off/def/mixed/empty rule). */
export function armyClass(village: VillageSnapshot): TroopClass {
  const army: UnitCounts = {};
  for (const unit of units) army[unit] = armyOf(village, unit);
  return classifyTroops(army);
}

/** Units of this kind the resources (above nothing: pass what may be spent) and the free farm space pay for. */
export function affordableUnits(unit: Unit, free: Resources, freePopulation: number): number {
  const c = unitCosts[unit];
  return Math.max(0, Math.min(Math.floor(free.wood / c.wood), Math.floor(free.stone / c.stone), Math.floor(free.iron / c.iron), Math.floor(freePopulation / c.pop)));
}
