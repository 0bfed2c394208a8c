// Premium Depot: sells what a village holds above the sell threshold of a resource, down to `keep`,
// for premium points — at most `dailyLimit` points a day (the day of the game's clock; counted by the
// module since the session started).
import { moduleRegistry, resourceLabels, resources, type Resources } from "@dsbot/protocol";
import type { BotModule } from "./module.js";
import { count, de, scanVillages } from "./village-scope.js";

export const DEPOT_INTERVAL_MS = 10 * 60_000;
/** Resources per premium point (the sandbox's exchange rate). */
export const DEPOT_RESOURCES_PER_POINT = 1000;
const label = moduleRegistry.depot.label;

/** What to sell per resource: above the threshold, down to keep, in whole points. */
export function depotSale(held: Resources, threshold: Resources, keep: Resources, pointsLeft: number): Partial<Resources> {
  const sale: Partial<Resources> = {};
  let budget = pointsLeft * DEPOT_RESOURCES_PER_POINT;
  for (const r of resources) {
    if (held[r] <= threshold[r] || budget <= 0) continue;
    const amount = Math.min(budget, Math.floor((held[r] - keep[r]) / DEPOT_RESOURCES_PER_POINT) * DEPOT_RESOURCES_PER_POINT);
    if (amount <= 0) continue;
    sale[r] = amount;
    budget -= amount;
  }
  return sale;
}

export function createDepotModule(): BotModule<"depot"> {
  let day = "";
  let pointsToday = 0;
  return {
    name: "depot",
    intervalMs: () => DEPOT_INTERVAL_MS,
    async run(ctx) {
      const today = new Date(ctx.driver.now()).toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        pointsToday = 0;
      }
      const scan = await scanVillages(ctx, label);
      if (!scan) return;
      const sold: Resources = { wood: 0, stone: 0, iron: 0 };
      let points = 0;
      for (const village of scan.villages) {
        if (village.buildings.market < 1) continue;
        const sale = depotSale(village.resources, ctx.config.sellThreshold, ctx.config.keep, ctx.config.dailyLimit - pointsToday);
        if (Object.keys(sale).length === 0) continue;
        const result = await ctx.driver.sellToDepot(village.id, sale);
        if (!result.ok) {
          ctx.log("warn", `${label}: ${village.name}: ${result.error}`);
          continue;
        }
        for (const r of resources) sold[r] += sale[r] ?? 0;
        points += result.value.premiumPoints;
        pointsToday += result.value.premiumPoints;
      }
      const limit = `heute ${de(pointsToday)} von ${de(ctx.config.dailyLimit)} Premiumpunkten`;
      const what = resources.filter((r) => sold[r] > 0).map((r) => `${de(sold[r])} ${resourceLabels[r]}`);
      ctx.log("info", `${label}: ${what.length > 0 ? `${what.join(", ")} für ${count(points, "Premiumpunkt", "Premiumpunkte")} verkauft` : "nichts verkauft"} · ${limit}`);
    },
  };
}
