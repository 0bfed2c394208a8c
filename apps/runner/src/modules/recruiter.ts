// Rekrutierer: trains units up to each village's targets (a target without a village applies to every
// village without its own), at most `batchSize` of a unit per village and run, keeping `keepPercent` of
// the storage's capacity of each resource. The whole army counts (at home, away, on the way, in training).
import { moduleRegistry, unitCosts, unitLabels, units, type ModuleConfig, type UnitCounts, type VillageSnapshot } from "@dsbot/protocol";
import { affordableUnits, armyOf } from "./army.js";
import type { BotModule } from "./module.js";
import { count, de, scanVillages } from "./village-scope.js";

export const RECRUITER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.recruiter.label;

function targetFor(config: ModuleConfig<"recruiter">, villageId: number): UnitCounts | undefined {
  return (config.targets.find((t) => t.villageId === villageId) ?? config.targets.find((t) => t.villageId === null))?.units;
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
      for (const village of scan.villages) {
        const target = targetFor(ctx.config, village.id);
        if (!target) continue;
        const order = recruitOrder(village, target, ctx.config);
        if (Object.keys(order).length === 0) continue;
        const result = await ctx.driver.recruit(village.id, order);
        if (!result.ok) {
          ctx.log("warn", `${label}: ${village.name}: ${result.error}`);
          continue;
        }
        villages++;
        for (const [unit, n] of Object.entries(order) as [keyof UnitCounts, number][]) trained[unit] = (trained[unit] ?? 0) + n;
      }
      const total = Object.values(trained).reduce((sum, n) => sum + (n ?? 0), 0);
      const list = units.filter((u) => trained[u]).map((u) => `${de(trained[u]!)} ${unitLabels[u]}`);
      ctx.log("info", `${label}: ${total > 0 ? `${count(total, "Einheit", "Einheiten")} in ${count(villages, "Dorf", "Dörfern")} in Auftrag gegeben (${list.join(", ")})` : "nichts in Auftrag gegeben (Ziele erreicht oder Rohstoffe unter der Reserve)"}`);
    },
  };
}
