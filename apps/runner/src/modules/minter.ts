// Münzer: mints gold coins in the chosen villages' academies, keeping the configured reserve of each
// resource; at most `coinsPerRun` per village and run. Coins cost the world's coin price (get_config's
// snob.coin_*; the game's default where the bot does not know its world's).
import { gameConfigDefaults, moduleRegistry, type Resources, type VillageSnapshot } from "@dsbot/protocol";
import type { BotModule, ModuleContext } from "./module.js";
import { count, de, scanVillages, spendable } from "./village-scope.js";

export const MINTER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.minter.label;

/** Coins the resources pay for above the reserve. */
export function affordableCoins(resources: Resources, keep: Resources, price = { wood: gameConfigDefaults.snob.coinWood, stone: gameConfigDefaults.snob.coinStone, iron: gameConfigDefaults.snob.coinIron }): number {
  const free = spendable(resources, keep);
  return Math.min(Math.floor(free.wood / price.wood), Math.floor(free.stone / price.stone), Math.floor(free.iron / price.iron));
}

/** Mints in each village with an academy what the resources above `keep` pay for, at most `perRun`; shared with the VP-Builder (packages). */
export async function mintInVillages(ctx: ModuleContext, label: string, villages: readonly VillageSnapshot[], perRun: number, keep: Resources) {
  const done = { minted: 0, villages: 0, withoutAcademy: 0 };
  for (const village of villages) {
    if (village.buildings.snob < 1) {
      done.withoutAcademy++;
      continue;
    }
    const n = Math.min(perRun, affordableCoins(village.resources, keep));
    if (n < 1) continue;
    const result = await ctx.driver.mintCoins(village.id, n);
    if (!result.ok) {
      ctx.log("warn", `${label}: ${village.name}: ${result.error}`);
      continue;
    }
    done.minted += result.value.minted;
    done.villages++;
  }
  return done;
}

export const reserveText = (keep: Resources) => `Reserve je Dorf ${de(keep.wood)} Holz, ${de(keep.stone)} Lehm, ${de(keep.iron)} Eisen`;

export function createMinterModule(): BotModule<"minter"> {
  return {
    name: "minter",
    intervalMs: () => MINTER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      const { minted, villages, withoutAcademy } = await mintInVillages(ctx, label, scan.villages, ctx.config.coinsPerRun, ctx.config.keep);
      const parts = [minted > 0 ? `${count(minted, "Münze", "Münzen")} in ${count(villages, "Dorf", "Dörfern")} geprägt` : "keine Münze geprägt (Reserve nicht überschritten)"];
      if (withoutAcademy > 0) parts.push(`${count(withoutAcademy, "Dorf", "Dörfer")} ohne Adelshof`);
      parts.push(reserveText(ctx.config.keep));
      ctx.log("info", `${label}: ${parts.join(" · ")}`);
    },
  };
}
