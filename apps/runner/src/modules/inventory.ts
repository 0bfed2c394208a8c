// Inventur: scans the player's villages at its interval, keeps the snapshot in the session, reports the
// troops to the server when the config scans them, and logs a summary (villages, points, resources,
// units at home) as far as the config asks for each part.
import { resourceLabels, resources, unitLabels, units, type BotTroopsReport, type ModuleConfig, type PlayerSnapshot, type Unit, type UnitCounts } from "@dsbot/protocol";
import type { BotModule } from "./module.js";

const format = (n: number) => n.toLocaleString("de-DE");

export function inventorySummary(player: PlayerSnapshot, config: ModuleConfig<"inventory">): string {
  const parts = [`Inventur: ${player.villages.length} Dörfer`];
  if (config.scanBuildings) parts.push(`${format(player.points)} Punkte`);
  if (config.scanResources) {
    const totals = resources.map((r) => `${format(player.villages.reduce((sum, v) => sum + v.resources[r], 0))} ${resourceLabels[r]}`);
    parts.push(`Rohstoffe: ${totals.join(", ")}`);
  }
  if (config.scanTroops) {
    const counts = units
      .map((u) => [u, player.villages.reduce((sum, v) => sum + v.units[u], 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([u, n]) => `${format(n)} ${unitLabels[u]}`);
    parts.push(`Einheiten: ${counts.length > 0 ? counts.join(", ") : "keine"}`);
  }
  return parts.join(" · ");
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

export function createInventoryModule(): BotModule<"inventory"> {
  return {
    name: "inventory",
    intervalMs: (config) => config.intervalMinutes * 60_000,
    async run(ctx) {
      const result = await ctx.driver.getPlayer();
      if (!result.ok) {
        ctx.log("warn", `Inventur fehlgeschlagen: ${result.error}`);
        return;
      }
      ctx.session.setInventory(result.value);
      if (ctx.config.scanTroops) ctx.session.reportTroops(troopsReport(result.value, ctx.now()));
      ctx.log("info", inventorySummary(result.value, ctx.config));
    },
  };
}
