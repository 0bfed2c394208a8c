// `bot:incomings`: the command scanner's list replaces the bot's incomings. The server stores
// first, then tells everyone who may see the bot ("incomings-updated") and, when the scanner's "notify on
// nobles" is on, notifies them of each command that is a noble for the first time.
import type { BotIncomingsReport } from "@dsbot/protocol";
import { errorMessages, formatServerTime } from "@dsbot/protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import { dsbots, incomings } from "../../db/schema.js";
import { noteWrites } from "../../db/statistics.js";
import { notFound } from "../../http/errors.js";
import { notifyBotAudience, readModule } from "../dsbots/index.js";
import { notificationLinks, notificationTexts } from "../notifications/index.js";
import { worldZoneOf } from "../worlds/index.js";
import {
  dropArrived,
  keepStoredVillages,
  refreshAnalysis,
  resolveFromWorld,
  storedVillageColumns,
  upsertIncomings,
  worldUnitSpeeds,
  type IncomingInput,
} from "./incomings-store.js";

export interface BotIncomingsResult {
  incomings: number;
  changed: boolean;
  nobles: number;
}

export async function replaceBotIncomings(ctx: Pick<BotContext, "db" | "realtime" | "events">, dsbotId: number, report: BotIncomingsReport, now = Date.now()): Promise<BotIncomingsResult> {
  const scannedAt = Math.min(report.scannedAt, now);
  const result = await storeScan(ctx.db, dsbotId, report, scannedAt);
  if (result.changed) await ctx.events.emit("incomings.changed", { dsbotId });
  if (result.newNobles.length > 0) {
    const zone = await worldZoneOf(ctx.db, { server: result.bot.worldServer, world: result.bot.worldWorld });
    const rows = await ctx.db.select().from(incomings).where(inArray(incomings.id, result.newNobles));
    // One alarm per train (its first noble), not one per command.
    const trains = new Set<number>();
    const alarms = rows
      .sort((a, b) => a.arrivalAt.getTime() - b.arrivalAt.getTime())
      .filter((inc) => inc.trainId === null || (!trains.has(inc.trainId) && trains.add(inc.trainId) !== undefined));
    for (const inc of alarms.slice(0, NOBLE_NOTIFICATIONS_MAX)) {
      await notifyBotAudience(ctx, dsbotId, {
        ...notificationTexts.nobleIncoming(
          `${inc.targetName ?? ""} (${inc.targetX}|${inc.targetY})`.trim(),
          inc.attackerName ?? "Unbekannt",
          `${inc.originX}|${inc.originY}`,
          formatServerTime(inc.arrivalAt.getTime(), zone),
        ),
        link: notificationLinks.incoming(inc.id),
      });
    }
  }
  return { incomings: result.count, changed: result.changed, nobles: result.newNobles.length };
}

/**
 * Replaces the bot's incomings with the scan's and works the analysis out again. No transaction around
 * it: a long one holds the embedded database's only connection (and every other request with it); the
 * reports of one bot arrive on its one socket, which runs them in turn.
 */
async function storeScan(db: Database, dsbotId: number, report: BotIncomingsReport, scannedAt: number) {
  const owner = { dsbotId };
  const [row] = await db.select().from(dsbots).where(eq(dsbots.id, dsbotId));
  if (!row) throw notFound(errorMessages.botNotFound);
  const world = { server: row.worldServer, world: row.worldWorld };
  const ids = report.incomings.map((c) => c.commandId);
  const removed = await db
    .delete(incomings)
    .where(and(eq(incomings.dsbotId, dsbotId), sql`not (${incomings.commandId} = any(${sql.param(ids)}::bigint[]))`))
    .returning({ id: incomings.id });
  const input: IncomingInput[] = report.incomings
    .filter((c) => c.arrivesAt > scannedAt)
    .map((c) => ({
      commandId: c.commandId,
      originVillageId: c.origin.villageId,
      originX: c.origin.x,
      originY: c.origin.y,
      originName: c.origin.name,
      attackerName: c.origin.playerName,
      attackerTribe: null,
      targetVillageId: c.target.villageId,
      targetX: c.target.x,
      targetY: c.target.y,
      targetName: c.target.name,
      defenderName: row.playerName,
      arrivalAt: c.arrivesAt,
      firstSeenAt: scannedAt,
      label: c.label,
    }));
  const before = await db
    .select({ ...storedVillageColumns, arrivalAt: incomings.arrivalAt, label: incomings.label })
    .from(incomings)
    .where(eq(incomings.dsbotId, dsbotId));
  const known = new Map(before.map((b) => [b.commandId, `${b.arrivalAt.getTime()}|${b.label ?? ""}`]));
  keepStoredVillages(input, before);
  const speeds = await worldUnitSpeeds(db, world);
  // New commands, and known ones whose villages still have no name (the world's data may have come since).
  const unnamed = input.filter((c) => !known.has(c.commandId) || c.originName === null || c.targetName === null);
  if (speeds && unnamed.length > 0) await resolveFromWorld(db, speeds.id, unnamed);
  const { fresh, written } = await upsertIncomings(db, owner, world, input);
  const arrived = await dropArrived(db, owner, scannedAt);
  const { kinds, written: analysed } = await refreshAnalysis(db, owner, speeds?.speeds ?? null);
  await noteWrites(db, incomings, removed.length + written + arrived + analysed);
  const edited = input.some((c) => {
    const was = known.get(c.commandId);
    return was !== undefined && was !== `${c.arrivalAt}|${c.label ?? ""}`;
  });
  // A noble for the first time: a new command that is one, or a known one that became one (its train grew).
  const newNobles = [...kinds].filter(([id, k]) => k.after === "noble" && (fresh.has(id) || k.before !== "noble")).map(([id]) => id);
  const scanner = readModule(row.modules, "command-scanner");
  return {
    bot: row,
    count: kinds.size,
    changed: removed.length + arrived + fresh.size > 0 || edited || [...kinds.values()].some((k) => k.before !== k.after),
    newNobles: scanner.config.notifyOnNobles === false ? [] : newNobles,
  };
}

/** One scan notifies of at most this many nobles (a big train is one alarm, not fifty). */
export const NOBLE_NOTIFICATIONS_MAX = 5;
