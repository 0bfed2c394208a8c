// Münzer: mints gold coins in the chosen villages' academies, keeping the configured reserve of each
// resource; at most `coinsPerRun` per village and run. Coins cost the world's coin price (get_config's
// snob.coin_*; the game's default where the bot does not know its world's).
import { gameConfigDefaults, moduleRegistry, type Resources } from "@dsbot/protocol";
import type { BotModule } from "./module.js";
import { count, de, scanVillages, spendable } from "./village-scope.js";

export const MINTER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.minter.label;

/** Coins the resources pay for above the reserve. */
export function affordableCoins(resources: Resources, keep: Resources, price = { wood: gameConfigDefaults.snob.coinWood, stone: gameConfigDefaults.snob.coinStone, iron: gameConfigDefaults.snob.coinIron }): number {
  const free = spendable(resources, keep);
  return Math.min(Math.floor(free.wood / price.wood), Math.floor(free.stone / price.stone), Math.floor(free.iron / price.iron));
}

export function createMinterModule(): BotModule<"minter"> {
  return {
    name: "minter",
    intervalMs: () => MINTER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      let minted = 0;
      let villages = 0;
      let withoutAcademy = 0;
      for (const village of scan.villages) {
        if (village.buildings.snob < 1) {
          withoutAcademy++;
          continue;
        }
        const coins = Math.min(ctx.config.coinsPerRun, affordableCoins(village.resources, ctx.config.keep));
        if (coins < 1) continue;
        const result = await ctx.driver.mintCoins(village.id, coins);
        if (!result.ok) {
          ctx.log("warn", `${label}: ${village.name}: ${result.error}`);
          continue;
        }
        minted += result.value.minted;
        villages++;
      }
      const parts = [minted > 0 ? `${count(minted, "Münze", "Münzen")} in ${count(villages, "Dorf", "Dörfern")} geprägt` : "keine Münze geprägt (Reserve nicht überschritten)"];
      if (withoutAcademy > 0) parts.push(`${count(withoutAcademy, "Dorf", "Dörfer")} ohne Adelshof`);
      parts.push(`Reserve je Dorf ${de(ctx.config.keep.wood)} Holz, ${de(ctx.config.keep.stone)} Lehm, ${de(ctx.config.keep.iron)} Eisen`);
      ctx.log("info", `${label}: ${parts.join(" · ")}`);
    },
  };
}
