// Inventur: scans the player's villages at its interval, keeps the snapshot in the session, reports the
// troops to the server when the config scans them, and logs a summary (villages, points, resources,
// units at home) as far as the config asks for each part.
import { BOT_VILLAGES_PART_MAX, resources, units, type BotTroopsReport, type BotVillagesReport, type ModuleConfig, type PlayerSnapshot, type Resources, type Unit, type UnitCounts } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";

const messages = moduleMessages.inventory;

export function inventorySummary(player: PlayerSnapshot, config: ModuleConfig<"inventory">): string {
  const parts = [messages.villages(player.villages.length)];
  if (config.scanBuildings) parts.push(messages.points(player.points));
  if (config.scanResources) {
    const totals = Object.fromEntries(resources.map((r) => [r, player.villages.reduce((sum, v) => sum + v.resources[r], 0)])) as Resources;
    parts.push(messages.resources(totals));
  }
  if (config.scanTroops) {
    const counts = units.map((u) => [u, player.villages.reduce((sum, v) => sum + v.units[u], 0)] as const).filter(([, n]) => n > 0);
    parts.push(messages.units(counts));
  }
  return messages.summary(parts);
}

const positive = (counts: UnitCounts): UnitCounts => {
  const kept: UnitCounts = {};
  for (const unit of units) if ((counts[unit] ?? 0) > 0) kept[unit] = counts[unit];
  return kept;
};

/**
 * The scan's villages with their units at home, and where the game shows them the supports standing
 * there, its units elsewhere and on the way; only counts above 0 (keeps the message small).
 */
export function troopsReport(player: PlayerSnapshot, scannedAt: number): BotTroopsReport {
  return {
    scannedAt,
    villages: player.villages.map((v) => {
      const home = positive(v.units);
      const village = { villageId: v.id, x: v.x, y: v.y, name: v.name, units: home };
      if (!v.supportsHere && !v.outside && !v.onTheWay) return village;
      const inVillage: UnitCounts = { ...home };
      for (const [unit, n] of Object.entries(v.supportsHere ?? {}) as [Unit, number][]) inVillage[unit] = (inVillage[unit] ?? 0) + n;
      return { ...village, inVillage: positive(inVillage), outside: positive(v.outside ?? {}), onTheWay: positive(v.onTheWay ?? {}) };
    }),
  };
}

/** The scan's villages with their buildings, resources and queues, in parts the server takes. */
export function villageReports(player: PlayerSnapshot, scannedAt: number): BotVillagesReport[] {
  const villages = player.villages.map((v) => ({
    villageId: v.id,
    x: v.x,
    y: v.y,
    name: v.name,
    units: positive(v.units),
    state: {
      points: v.points,
      buildings: { ...v.buildings },
      resources: { wood: Math.floor(v.resources.wood), stone: Math.floor(v.resources.stone), iron: Math.floor(v.resources.iron) },
      storageCapacity: v.storageCapacity,
      population: { ...v.population },
      buildQueue: v.buildQueue.map((q) => ({ ...q })),
      recruitQueue: (v.recruitQueue ?? []).map((q) => ({ units: positive(q.units), finishesAt: q.finishesAt })),
    },
  }));
  const parts: BotVillagesReport[] = [];
  for (let i = 0; i < villages.length || i === 0; i += BOT_VILLAGES_PART_MAX) {
    const part = villages.slice(i, i + BOT_VILLAGES_PART_MAX);
    parts.push({ scannedAt, last: i + BOT_VILLAGES_PART_MAX >= villages.length, villages: part });
  }
  return parts;
}

export function createInventoryModule(): BotModule<"inventory"> {
  return {
    name: "inventory",
    intervalMs: (config) => config.intervalMinutes * 60_000,
    async run(ctx) {
      const result = await ctx.driver.getPlayer();
      if (!result.ok) {
        ctx.log("warn", messages.failed(result.error));
        return;
      }
      ctx.session.setInventory(result.value);
      await ctx.session.reportVillages(villageReports(result.value, ctx.now()));
      if (ctx.config.scanTroops) ctx.session.reportTroops(troopsReport(result.value, ctx.now()));
      ctx.log("info", inventorySummary(result.value, ctx.config));
    },
  };
}
