// Münzer: mints gold coins in the chosen villages' academies, keeping the configured reserve of each
// resource; at most `coinsPerRun` per village and run. Coins cost the world's coin price, read from the
// game each run (the academy's coin screen; get_config's snob.coin_*).
import { moduleRegistry, type Resources, type VillageSnapshot } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";
import { scanVillages, spendable } from "./village-scope.js";

export const MINTER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.minter.label;
const messages = moduleMessages.minter;
const minting = moduleMessages.minting;

/** Coins of `price` the resources pay for above the reserve. */
export function affordableCoins(resources: Resources, keep: Resources, price: Resources): number {
  const free = spendable(resources, keep);
  return Math.min(Math.floor(free.wood / price.wood), Math.floor(free.stone / price.stone), Math.floor(free.iron / price.iron));
}

/**
 * Mints in each village with an academy what the resources above `keep` pay for, at most `perRun`;
 * shared with the VP-Builder (packages). Counts why villages minted nothing: no academy, or too little
 * above the reserve for one (`short`: the reserve may well be exceeded, just not by a whole price).
 * `price` is the world's (the driver's `coinPrice`); null when the game did not answer it.
 */
export async function mintInVillages(ctx: ModuleContext, label: string, villages: readonly VillageSnapshot[], perRun: number, keep: Resources) {
  const done = { minted: 0, villages: 0, withoutAcademy: 0, short: 0, price: null as Resources | null };
  const price = await ctx.driver.coinPrice();
  if (!price.ok) {
    ctx.log("warn", minting.priceUnreadable(label, price.error));
    return done;
  }
  done.price = price.value;
  for (const village of villages) {
    if (village.buildings.snob < 1) {
      done.withoutAcademy++;
      continue;
    }
    const n = Math.min(perRun, affordableCoins(village.resources, keep, price.value));
    if (n < 1) {
      done.short++;
      continue;
    }
    const result = await ctx.driver.mintCoins(village.id, n);
    if (!result.ok) {
      ctx.log("warn", moduleMessages.common.villageFailed(label, village.name, result.error));
      continue;
    }
    done.minted += result.value.minted;
    done.villages++;
  }
  return done;
}

/**
 * The log line's parts after what was done: why villages did nothing, in the terms of the numbers the
 * line shows (the reserve and the price of one coin or package), then the reserve.
 */
export function mintReasons(done: { withoutAcademy: number; short: number; price: Resources | null }, keep: Resources, one: string): string[] {
  const parts: string[] = [];
  if (done.withoutAcademy > 0) parts.push(minting.withoutAcademy(done.withoutAcademy));
  if (done.short > 0 && done.price) parts.push(minting.short(done.short, one, done.price));
  parts.push(minting.reserve(keep));
  return parts;
}

export function createMinterModule(): BotModule<"minter"> {
  return {
    name: "minter",
    intervalMs: () => MINTER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label, ctx.config.villageIds);
      if (!scan) return;
      const done = await mintInVillages(ctx, label, scan.villages, ctx.config.coinsPerRun, ctx.config.keep);
      const head = done.minted > 0 ? messages.minted(done.minted, done.villages) : messages.nothingMinted;
      ctx.log("info", messages.summary([head, ...mintReasons(done, ctx.config.keep, messages.one)]));
    },
  };
}
