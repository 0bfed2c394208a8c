// The Umbenenner's preview (GET /api/dsbot/{id}/renamer-preview): the bot's upcoming incoming attacks
// as its Auge last reported them (the incomings module's rows of the bot), soonest first, with what the
// tag is made of. The dashboard applies the form's pattern to them (the protocol's renamerIncomingTag),
// so the preview follows the pattern while it is typed, with the world's zone the bot writes the arrival
// in. Only attacks still to arrive: the runner tags no other.
import type { RenamerPreviewResponse } from "@dsbot/protocol";
import { RENAMER_PREVIEW_INCOMINGS_MAX } from "@dsbot/protocol";
import { and, asc, count, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { DsbotRow } from "../../db/schema.js";
import { incomings } from "../../db/schema.js";
import { worldZoneOf } from "../worlds/index.js";

export async function renamerPreview(db: Database, bot: Pick<DsbotRow, "id" | "worldServer" | "worldWorld">, now = new Date()): Promise<RenamerPreviewResponse> {
  const upcoming = and(eq(incomings.dsbotId, bot.id), gt(incomings.arrivalAt, now));
  const [rows, [total], timeZone] = await Promise.all([
    db.select().from(incomings).where(upcoming).orderBy(asc(incomings.arrivalAt), asc(incomings.id)).limit(RENAMER_PREVIEW_INCOMINGS_MAX),
    db.select({ n: count() }).from(incomings).where(upcoming),
    worldZoneOf(db, { server: bot.worldServer, world: bot.worldWorld }),
  ]);
  return {
    incomings: rows.map((row) => ({
      id: row.id,
      origin: { coordinates: `${row.originX}|${row.originY}`, name: row.originName, playerName: row.attackerName },
      target: { coordinates: `${row.targetX}|${row.targetY}`, name: row.targetName },
      arrivalTime: row.arrivalAt.getTime(),
      likelyUnits: row.likelyUnits,
      label: row.label,
    })),
    more: Math.max(0, (total?.n ?? 0) - rows.length),
    timeZone,
  };
}
