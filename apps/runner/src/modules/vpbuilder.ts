// VP-Builder: on worlds that pay noblemen with resource packages instead of coins, stores packages in
// the chosen villages' academies above the resource reserve, at most `packagesPerRun` per village and
// run. A package costs what a coin costs (get_config's snob.coin_*); the driver's minting stores them.
import { moduleRegistry } from "@dsbot/protocol";
import { mintInVillages, reserveText } from "./minter.js";
import type { BotModule } from "./module.js";
import { count, scanVillages } from "./village-scope.js";

export const VPBUILDER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.vpbuilder.label;

export function createVpbuilderModule(): BotModule<"vpbuilder"> {
  return {
    name: "vpbuilder",
    intervalMs: () => VPBUILDER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      const { minted, villages } = await mintInVillages(ctx, label, scan.villages, ctx.config.packagesPerRun, ctx.config.keep);
      const done = minted > 0 ? `${count(minted, "Paket", "Pakete")} in ${count(villages, "Dorf", "Dörfern")} eingelagert` : "kein Paket eingelagert (Reserve nicht überschritten)";
      ctx.log("info", `${label}: ${done} · ${reserveText(ctx.config.keep)}`);
    },
  };
}
