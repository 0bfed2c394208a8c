// AG-Builder: trains noblemen in the chosen villages' academies until each has `targetNobles` (at home,
// away, on the way and in training), one per village and run, as the resources allow.
import { moduleRegistry } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import { affordableUnits, armyOf } from "./army.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const SNOBBUILDER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.snobbuilder.label;
const messages = moduleMessages.snobbuilder;

export function createSnobbuilderModule(): BotModule<"snobbuilder"> {
  return {
    name: "snobbuilder",
    intervalMs: () => SNOBBUILDER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      const trained: string[] = [];
      let reached = 0;
      let waiting = 0;
      for (const village of scan.villages) {
        if (village.buildings.snob < 1) continue;
        const have = armyOf(village, "snob");
        if (have >= ctx.config.targetNobles) {
          reached++;
          continue;
        }
        if (affordableUnits("snob", village.resources, village.population.max - village.population.used) < 1) {
          waiting++;
          continue;
        }
        const result = await ctx.driver.recruit(village.id, { snob: 1 });
        if (!result.ok) {
          ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, result.error));
          continue;
        }
        trained.push(messages.progress(village.name, have + 1, ctx.config.targetNobles));
      }
      const parts = [trained.length > 0 ? messages.ordered(trained) : messages.nothingOrdered];
      if (reached > 0) parts.push(messages.reached(reached));
      if (waiting > 0) parts.push(messages.waiting(waiting));
      ctx.log("info", messages.summary(parts));
    },
  };
}
