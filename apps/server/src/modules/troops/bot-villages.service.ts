// The bot's villages as its last inventory scan saw them (the "Dörfer" tab). A scan arrives
// in parts ("bot:villages"); each part upserts its villages with the scan's time, and the last part drops
// the villages the scan no longer listed. The tab reads them by name, a page at a time.
import type { BotVillageState, BotVillageStatesQuery, BotVillageStatesResponse, BotVillagesReport } from "@dsbot/protocol";
import { BOT_VILLAGES_CLOCK_SKEW_MAX_MS, BOT_VILLAGES_MAX, errorMessages, villageStateMessages } from "@dsbot/protocol";
import { and, asc, count, eq, max, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { lockForTransaction } from "../../db/locks.js";
import { botVillages, dsbots } from "../../db/schema.js";
import { badRequest, HttpError, notFound } from "../../http/errors.js";
import { toUnitCounts } from "./bot-troops.service.js";

/**
 * Stores one part of a scan; answers how many villages the bot now has on record. A part whose scan time
 * is more than BOT_VILLAGES_CLOCK_SKEW_MAX_MS from the server's clock is refused (400). A bot keeps at
 * most BOT_VILLAGES_MAX villages: a part that would bring its scan beyond that is refused (413, nothing
 * of it stored); one that fits its scan but not beside earlier scans' villages drops those first.
 */
export async function storeBotVillages(db: Database, dsbotId: number, report: BotVillagesReport, now = Date.now()): Promise<number> {
  // The scan's own time, as the runner sent it with every part (not capped at the server's clock: parts
  // capped at different moments would make the last part drop the scan's earlier ones), but near it.
  if (Math.abs(report.scannedAt - now) > BOT_VILLAGES_CLOCK_SKEW_MAX_MS) throw badRequest(villageStateMessages.scannedAtOff(report.scannedAt));
  const scannedAt = new Date(report.scannedAt);
  const ids = report.villages.map((v) => v.villageId);
  return db.transaction(async (tx) => {
    const [bot] = await tx.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.id, dsbotId));
    if (!bot) throw notFound(errorMessages.botNotFound);
    // Count and insert as one step per bot, also for two sockets of one bot or two instances.
    await lockForTransaction(tx, `bot-villages:${dsbotId}`);
    if (ids.length > 0) {
      const inPart = sql`${botVillages.villageId} = any(${sql.param(ids)}::int[])`;
      const ofScan = sql`${botVillages.scannedAt} = ${scannedAt}`;
      const [held = { n: 0, known: 0, scan: 0, scanKnown: 0 }] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          known: sql<number>`(count(*) filter (where ${inPart}))::int`,
          scan: sql<number>`(count(*) filter (where ${ofScan}))::int`,
          scanKnown: sql<number>`(count(*) filter (where ${ofScan} and ${inPart}))::int`,
        })
        .from(botVillages)
        .where(eq(botVillages.dsbotId, dsbotId));
      if (held.n + ids.length - held.known > BOT_VILLAGES_MAX) {
        // Over the cap with the villages of earlier scans (which this scan's last part drops anyway):
        // this scan alone must fit, and then those go now to make room.
        const ofThisScan = held.scan + ids.length - held.scanKnown;
        if (ofThisScan > BOT_VILLAGES_MAX) throw new HttpError(413, "payload_too_large", villageStateMessages.tooMany(BOT_VILLAGES_MAX, ofThisScan));
        await tx.delete(botVillages).where(and(eq(botVillages.dsbotId, dsbotId), ne(botVillages.scannedAt, scannedAt)));
      }
      await tx
        .insert(botVillages)
        .values(report.villages.map((v) => ({ dsbotId, villageId: v.villageId, x: v.x, y: v.y, name: v.name, units: v.units, state: v.state, scannedAt })))
        .onConflictDoUpdate({
          target: [botVillages.dsbotId, botVillages.villageId],
          set: { x: sql`excluded.x`, y: sql`excluded.y`, name: sql`excluded.name`, units: sql`excluded.units`, state: sql`excluded.state`, scannedAt: sql`excluded.scanned_at` },
        });
    }
    // Every village this scan listed carries its time now, so "not of this scan" is exactly what it no
    // longer lists, whatever times earlier scans carried (a time ahead of this one included).
    if (report.last) await tx.delete(botVillages).where(and(eq(botVillages.dsbotId, dsbotId), ne(botVillages.scannedAt, scannedAt)));
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(botVillages).where(eq(botVillages.dsbotId, dsbotId));
    return n;
  });
}

/** One page of the villages of a bot the caller may see (checked by the route), by name. */
export async function listBotVillageStates(db: Database, dsbotId: number, query: BotVillageStatesQuery): Promise<BotVillageStatesResponse> {
  const [rows, [summary]] = await Promise.all([
    db
      .select()
      .from(botVillages)
      .where(eq(botVillages.dsbotId, dsbotId))
      .orderBy(asc(botVillages.name), asc(botVillages.villageId))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    db.select({ n: count(), scannedAt: max(botVillages.scannedAt) }).from(botVillages).where(eq(botVillages.dsbotId, dsbotId)),
  ]);
  const villages: BotVillageState[] = rows.map((row) => ({
    ...row.state,
    villageId: row.villageId,
    name: row.name,
    coordinates: `${row.x}|${row.y}`,
    units: toUnitCounts(row.units),
    scannedAt: row.scannedAt.getTime(),
  }));
  const newest = summary?.scannedAt;
  return { villages, totals: summary?.n ?? 0, scannedAt: newest ? new Date(newest).getTime() : null };
}
