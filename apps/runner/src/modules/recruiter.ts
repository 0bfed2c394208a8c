// Rekrutierer: trains units up to each village's targets, at most `batchSize` of a unit per village and
// run, keeping `keepPercent` of the storage's capacity of each resource. A village's own target comes
// first, then a target without a village for the class of its army (Off, Def, Gemischt: the Truppen
// page's rule), then one for every class ("Alle"); a village none fits is left alone and counted in the
// log. The whole army counts (at home, away, on the way, in training), for the targets and the class.
import {
  moduleRegistry,
  unitCosts,
  units,
  type ModuleConfig,
  type TroopClass,
  type UnitCounts,
  type VillageSnapshot,
} from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import { affordableUnits, armyClass, armyOf } from "./army.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const RECRUITER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.recruiter.label;
const messages = moduleMessages.recruiter;

/**
 * The village's target: its own, else the one for its army's class, else the one for every class. A
 * village without an army yet (a new or conquered one) grows as a defensive one: it must hold first.
 */
export function targetFor(config: Pick<ModuleConfig<"recruiter">, "targets">, village: VillageSnapshot, troopClass: TroopClass = armyClass(village)): UnitCounts | undefined {
  const { targets } = config;
  const own = targets.find((t) => t.villageId === village.id);
  if (own) return own.units;
  const general = targets.filter((t) => t.villageId === null);
  const grows = troopClass === "empty" ? "def" : troopClass;
  return (general.find((t) => t.villageType === grows) ?? general.find((t) => t.villageType === "any"))?.units;
}

/** What the village should train now: per unit the gap to its target, capped by the batch and what it can pay. */
export function recruitOrder(village: VillageSnapshot, target: UnitCounts, config: Pick<ModuleConfig<"recruiter">, "batchSize" | "keepPercent">): UnitCounts {
  const reserve = (village.storageCapacity * config.keepPercent) / 100;
  const free = { wood: village.resources.wood - reserve, stone: village.resources.stone - reserve, iron: village.resources.iron - reserve };
  let freePopulation = village.population.max - village.population.used;
  const order: UnitCounts = {};
  for (const unit of units) {
    const gap = (target[unit] ?? 0) - armyOf(village, unit);
    if (gap <= 0 || village.buildings[unitCosts[unit].building] < 1) continue;
    const n = Math.min(gap, config.batchSize, affordableUnits(unit, free, freePopulation));
    if (n <= 0) continue;
    order[unit] = n;
    const c = unitCosts[unit];
    free.wood -= n * c.wood;
    free.stone -= n * c.stone;
    free.iron -= n * c.iron;
    freePopulation -= n * c.pop;
  }
  return order;
}

export function createRecruiterModule(): BotModule<"recruiter"> {
  return {
    name: "recruiter",
    intervalMs: () => RECRUITER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label);
      if (!scan) return;
      const trained: UnitCounts = {};
      let villages = 0;
      let targeted = 0;
      /** Villages no target fits, by the class of their army. */
      const untargeted = new Map<TroopClass, number>();
      for (const village of scan.villages) {
        const troopClass = armyClass(village);
        const target = targetFor(ctx.config, village, troopClass);
        if (!target) {
          untargeted.set(troopClass, (untargeted.get(troopClass) ?? 0) + 1);
          continue;
        }
        targeted++;
        const order = recruitOrder(village, target, ctx.config);
        if (Object.keys(order).length === 0) continue;
        const result = await ctx.driver.recruit(village.id, order);
        if (!result.ok) {
          ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, result.error));
          continue;
        }
        villages++;
        for (const [unit, n] of Object.entries(order) as [keyof UnitCounts, number][]) trained[unit] = (trained[unit] ?? 0) + n;
      }
      const list = units.filter((u) => trained[u]).map((u) => [u, trained[u] as number] as const);
      const parts = [list.length > 0 ? messages.ordered(list, villages) : targeted > 0 ? messages.nothingTargetsReached : messages.nothingOrdered];
      if (untargeted.size > 0) parts.push(messages.untargeted([...untargeted.entries()]));
      ctx.log("info", messages.summary(parts));
    },
  };
}
