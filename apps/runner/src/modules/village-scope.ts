// Shared by the modules that work per village: the villages a config names (none named = all of the
// bot's), the current scan, and what a village can spend.
import type { PlayerSnapshot, Resources, VillageSnapshot } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { ModuleContext } from "./module.js";

/** The villages among `ids` (all when empty), from a fresh scan; null (logged) when the scan failed. */
export async function scanVillages(ctx: ModuleContext, label: string, ids: readonly number[] = []): Promise<{ player: PlayerSnapshot; villages: VillageSnapshot[] } | null> {
  const player = await ctx.driver.getPlayer();
  if (!player.ok) {
    ctx.log("warn", moduleMessages.common.villagesUnreadable(label, player.error));
    return null;
  }
  const chosen = new Set(ids);
  const villages = chosen.size === 0 ? player.value.villages : player.value.villages.filter((v) => chosen.has(v.id));
  return { player: player.value, villages };
}

/** What a village can spend of each resource above `keep`. */
export function spendable(resources: Resources, keep: Resources): Resources {
  return { wood: Math.max(0, resources.wood - keep.wood), stone: Math.max(0, resources.stone - keep.stone), iron: Math.max(0, resources.iron - keep.iron) };
}
