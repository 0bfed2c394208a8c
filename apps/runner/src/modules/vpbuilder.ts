// VP-Builder: on worlds that pay noblemen with resource packages instead of coins, stores packages in
// the chosen villages' academies above the resource reserve, at most `packagesPerRun` per village and
// run. A package costs what a coin costs (get_config's snob.coin_*); the driver's minting stores them.
// The server lets it be switched on only where the world's config does not say coins
// (`vpbuilderUnavailable` in the protocol). The log line says why villages stored nothing in the terms
// of the numbers it shows: no academy, or too little above the reserve for one package's price.
import { moduleRegistry } from "@dsbot/protocol";
import { mintInVillages, mintReasons } from "./minter.js";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const VPBUILDER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.vpbuilder.label;
const messages = moduleMessages.vpbuilder;

export function createVpbuilderModule(): BotModule<"vpbuilder"> {
  return {
    name: "vpbuilder",
    intervalMs: () => VPBUILDER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      const done = await mintInVillages(ctx, label, scan.villages, ctx.config.packagesPerRun, ctx.config.keep);
      const head = done.minted > 0 ? messages.stored(done.minted, done.villages) : messages.nothingStored;
      ctx.log("info", messages.summary([head, ...mintReasons(done, ctx.config.keep, messages.one)]));
    },
  };
}
