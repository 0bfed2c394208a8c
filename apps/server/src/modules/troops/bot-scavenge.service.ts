// Raubzug as the bots' Raubzug modules last left it ("bot:scavenge"): each report replaces the bot's
// previous one; the Raubzug page reads the villages of the bots the viewer may see on the viewer's world.
import type { BotScavengeReport, ScavengeStateResponse, ScavengeVillageState } from "@dsbot/protocol";
import { errorMessages, scavengeVillageReportSchema } from "@dsbot/protocol";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botScavenge, dsbots } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

/**
 * Stores the report in place of the bot's previous one. A scan time in the future (a runner's clock
 * ahead) counts as now. Answers how many villages the bot now has on record.
 */
export async function replaceBotScavenge(db: Database, dsbotId: number, report: BotScavengeReport, now = Date.now()): Promise<number> {
  const scannedAt = new Date(Math.min(report.scannedAt, now));
  const [bot] = await db.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.id, dsbotId));
  if (!bot) throw notFound(errorMessages.botNotFound);
  await db
    .insert(botScavenge)
    .values({ dsbotId, villages: report.villages, scannedAt })
    .onConflictDoUpdate({ target: botScavenge.dsbotId, set: { villages: sql`excluded.villages`, scannedAt: sql`excluded.scanned_at` } });
  return report.villages.length;
}

/** The villages of the visible bots on the viewer's world; a village two bots saw counts as the newer report says. */
export async function listScavengeStates(db: Database, viewer: Pick<UserRow, "id" | "role" | "worldServer" | "worldWorld">): Promise<ScavengeStateResponse> {
  const rows = await db
    .select({ dsbotId: botScavenge.dsbotId, playerName: dsbots.playerName, villages: botScavenge.villages, scannedAt: botScavenge.scannedAt })
    .from(botScavenge)
    .innerJoin(dsbots, eq(dsbots.id, botScavenge.dsbotId))
    .where(and(eq(dsbots.worldServer, viewer.worldServer), eq(dsbots.worldWorld, viewer.worldWorld), visibleBotsCondition(viewer)));
  const byVillage = new Map<number, ScavengeVillageState>();
  for (const row of rows) {
    const scannedAt = row.scannedAt.getTime();
    for (const stored of row.villages) {
      // jsonb read back defensively: a row that no longer fits the schema is left out.
      const village = scavengeVillageReportSchema.safeParse(stored);
      if (!village.success) continue;
      const held = byVillage.get(village.data.villageId);
      if (held && (held.scannedAt > scannedAt || (held.scannedAt === scannedAt && held.dsbotId > row.dsbotId))) continue;
      byVillage.set(village.data.villageId, { ...village.data, dsbotId: row.dsbotId, playerName: row.playerName, scannedAt });
    }
  }
  return { villages: [...byVillage.values()].sort((a, b) => a.villageId - b.villageId) };
}
