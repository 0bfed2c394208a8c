// The bot's villages as its last inventory scan saw them (issue 23, the "Dörfer" tab). A scan arrives
// in parts ("bot:villages"); each part upserts its villages with the scan's time, and the last part drops
// the villages the scan no longer listed. The tab reads them by name.
import type { BotVillageState, BotVillagesReport } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botVillages, dsbots } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { toUnitCounts } from "./bot-troops.service.js";

/** Stores one part of a scan; answers how many villages the bot now has on record. */
export async function storeBotVillages(db: Database, dsbotId: number, report: BotVillagesReport): Promise<number> {
  // The scan's own time, as the runner sent it with every part (not capped at the server's clock: parts
  // capped at different moments would make the last part drop the scan's earlier ones).
  const scannedAt = new Date(report.scannedAt);
  const [bot] = await db.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.id, dsbotId));
  if (!bot) throw notFound(errorMessages.botNotFound);
  if (report.villages.length > 0) {
    await db
      .insert(botVillages)
      .values(report.villages.map((v) => ({ dsbotId, villageId: v.villageId, x: v.x, y: v.y, name: v.name, units: v.units, state: v.state, scannedAt })))
      .onConflictDoUpdate({
        target: [botVillages.dsbotId, botVillages.villageId],
        set: { x: sql`excluded.x`, y: sql`excluded.y`, name: sql`excluded.name`, units: sql`excluded.units`, state: sql`excluded.state`, scannedAt: sql`excluded.scanned_at` },
      });
  }
  if (report.last) await db.delete(botVillages).where(and(eq(botVillages.dsbotId, dsbotId), lt(botVillages.scannedAt, scannedAt)));
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(botVillages).where(eq(botVillages.dsbotId, dsbotId));
  return n;
}

/** The villages of a bot the caller may see (checked by the route), by name. */
export async function listBotVillageStates(db: Database, dsbotId: number): Promise<BotVillageState[]> {
  const rows = await db.select().from(botVillages).where(eq(botVillages.dsbotId, dsbotId)).orderBy(asc(botVillages.name), asc(botVillages.villageId));
  return rows.map((row) => ({
    ...row.state,
    villageId: row.villageId,
    name: row.name,
    coordinates: `${row.x}|${row.y}`,
    units: toUnitCounts(row.units),
    scannedAt: row.scannedAt.getTime(),
  }));
}
