// Forschung: researches units in the smithy in the configured order — per village the first unit of
// the order not researched yet; a village waits (resources, buildings) and tries again next run.
import { moduleRegistry, unitLabels } from "@dsbot/protocol";
import type { BotModule } from "./module.js";
import { count, scanVillages } from "./village-scope.js";

export const RESEARCH_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.research.label;

export function createResearchModule(): BotModule<"research"> {
  return {
    name: "research",
    intervalMs: () => RESEARCH_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label);
      if (!scan) return;
      const done: string[] = [];
      const waiting = new Map<string, number>();
      for (const village of scan.villages) {
        if (village.buildings.smith < 1) continue;
        for (const unit of ctx.config.order) {
          const result = await ctx.driver.research(village.id, unit);
          if (result.ok) {
            done.push(`${unitLabels[unit]} in ${village.name}`);
            break;
          }
          // Researched already: the next of the order. Anything else: this village waits.
          if (result.code === "max_level") continue;
          waiting.set(result.error, (waiting.get(result.error) ?? 0) + 1);
          break;
        }
      }
      const parts = [done.length > 0 ? `${count(done.length, "Einheit", "Einheiten")} erforscht (${done.join(", ")})` : "nichts Neues erforscht"];
      for (const [reason, n] of waiting) parts.push(`${count(n, "Dorf wartet", "Dörfer warten")}: ${reason}`);
      ctx.log("info", `${label}: ${parts.join(" · ")}`);
    },
  };
}
