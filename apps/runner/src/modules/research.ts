// Forschung: researches units in the smithy in the configured order — per village the first unit of
// the order not researched yet; a village waits (resources, buildings) and tries again next run.
import { moduleRegistry } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const RESEARCH_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.research.label;
const messages = moduleMessages.research;

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
            done.push(messages.item(unit, village.name));
            break;
          }
          // Researched already: the next of the order. Anything else: this village waits.
          if (result.code === "max_level") continue;
          waiting.set(result.error, (waiting.get(result.error) ?? 0) + 1);
          break;
        }
      }
      const parts = [done.length > 0 ? messages.researched(done) : messages.nothingResearched];
      for (const [reason, n] of waiting) parts.push(moduleMessages.common.waiting(n, reason));
      ctx.log("info", messages.summary(parts));
    },
  };
}
