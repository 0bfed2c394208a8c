// Premium Depot: sells what a village holds above the sell threshold of a resource, down to `keep`,
// for premium points — at most `dailyLimit` points a day (the day of the game's clock; counted by the
// module since the session started). The exchange's rate per resource is asked first each run: the plan
// counts whole points at that rate; the rate rises as the exchange fills, so a sale may take fewer points
// (what no whole point takes stays in the village).
import { moduleRegistry, resources, type Resources } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const DEPOT_INTERVAL_MS = 10 * 60_000;
const label = moduleRegistry.depot.label;
const messages = moduleMessages.depot;

/** What to offer per resource: above the threshold, down to keep, in whole points at `rates` (resources per point). */
export function depotSale(held: Resources, threshold: Resources, keep: Resources, pointsLeft: number, rates: Resources): Partial<Resources> {
  const sale: Partial<Resources> = {};
  let budget = pointsLeft;
  for (const r of resources) {
    if (held[r] <= threshold[r] || budget <= 0) continue;
    const points = Math.min(budget, Math.floor((held[r] - keep[r]) / rates[r]));
    if (points <= 0) continue;
    sale[r] = points * rates[r];
    budget -= points;
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
      const rates = await ctx.driver.depotRates();
      if (!rates.ok) {
        ctx.log("warn", messages.ratesUnreadable(rates.error));
        return;
      }
      const sold: Resources = { wood: 0, stone: 0, iron: 0 };
      let points = 0;
      for (const village of scan.villages) {
        if (village.buildings.market < 1) continue;
        const sale = depotSale(village.resources, ctx.config.sellThreshold, ctx.config.keep, ctx.config.dailyLimit - pointsToday, rates.value);
        if (Object.keys(sale).length === 0) continue;
        const result = await ctx.driver.sellToDepot(village.id, sale);
        if (!result.ok) {
          ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, result.error));
          continue;
        }
        for (const r of resources) sold[r] += result.value.sold[r];
        points += result.value.premiumPoints;
        pointsToday += result.value.premiumPoints;
      }
      const what = resources.some((r) => sold[r] > 0) ? messages.sold(sold, points) : messages.nothingSold;
      ctx.log("info", messages.summary([what, messages.rates(rates.value), messages.limit(pointsToday, ctx.config.dailyLimit)]));
    },
  };
}
