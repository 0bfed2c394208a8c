// An SOS text pasted by a player, with or without a bot, becomes their incomings: read on the player's
// world in its server time; every coordinate must be a village of that world. A text with any problem
// imports nothing and answers 400 with the problems by line.
import type { RepeatedHour, UnitInfo } from "@dsbot/protocol";
import { PASTED_INCOMINGS_MAX, warRoomMessages, type WarRoomParseError } from "@dsbot/protocol";
import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { incomings } from "../../db/schema.js";
import { noteWrites } from "../../db/statistics.js";
import { badRequest } from "../../http/errors.js";
import { inWriteLane, parsePasted, rejectPasted, type ImportDeps } from "../../workers/pasted-text.js";
import { requireUserWorld, villagesOnFields, worldZoneOf, type Importer } from "../worlds/index.js";
import { dropArrived, refreshAnalysis, resolveFromWorld, upsertIncomings, type IncomingInput } from "./incomings-store.js";

/**
 * Imports an SOS text as the user's incomings; answers how many were taken (landed ones are left out).
 * Arrivals in the repeated autumn hour are read as `options.repeatedHour` says, else refused by line.
 */
export async function importSosText(
  { db, workers }: ImportDeps,
  user: Importer,
  text: string,
  options: { repeatedHour?: RepeatedHour | undefined } = {},
  now = Date.now(),
): Promise<number> {
  const world = await requireUserWorld(db, user);
  const timeZone = await worldZoneOf(db, { server: world.server, world: world.world });
  const parsed = await parsePasted(workers, "sosText", { text, timeZone, repeatedHour: options.repeatedHour ?? null });
  if (parsed.errors.length > 0) rejectPasted(parsed.errors);
  const known = await villagesOnFields(db, world.id, [...parsed.incomings.map((i) => i.target), ...parsed.incomings.map((i) => i.origin)]);
  const errors: WarRoomParseError[] = [];
  const input: IncomingInput[] = [];
  for (const inc of parsed.incomings) {
    const target = known.get(`${inc.target.x}|${inc.target.y}`);
    const origin = known.get(`${inc.origin.x}|${inc.origin.y}`);
    if (!target) errors.push({ line: inc.line, message: warRoomMessages.unknownVillage(inc.line, `${inc.target.x}|${inc.target.y}`) });
    if (!origin) errors.push({ line: inc.line, message: warRoomMessages.unknownVillage(inc.line, `${inc.origin.x}|${inc.origin.y}`) });
    if (!target || !origin || inc.arrival <= now) continue;
    input.push({
      commandId: null,
      originVillageId: origin.id,
      originX: origin.x,
      originY: origin.y,
      originName: origin.name,
      attackerName: inc.attackerName ?? origin.playerName,
      attackerTribe: inc.attackerTribe,
      targetVillageId: target.id,
      targetX: target.x,
      targetY: target.y,
      targetName: target.name,
      defenderName: inc.defenderName ?? target.playerName,
      arrivalAt: inc.arrival,
      firstSeenAt: now,
      label: null,
    });
  }
  if (errors.length > 0) rejectPasted(errors);
  // Chunked statements, no transaction around them: a long one would hold the embedded database.
  const owner = { userId: user.id };
  await resolveFromWorld(db, world.id, input);
  await inWriteLane(async () => {
    const arrived = await dropArrived(db, owner, now);
    await keepUnderPasteLimit(db, user.id, input);
    const { written } = await upsertIncomings(db, owner, { server: world.server, world: world.world }, input);
    const analysed = await refreshAnalysis(db, owner, (world.unitInfo as UnitInfo | null) ?? null);
    await noteWrites(db, incomings, arrived + written + analysed.written);
  });
  return input.length;
}

/**
 * Refuses a paste that would leave the user more than PASTED_INCOMINGS_MAX incomings on their way
 * (commands pasted again are not counted twice). Pastes on one server pass it one at a time (the write
 * lane); two on different instances at the same moment may pass it together.
 */
async function keepUnderPasteLimit(db: Database, userId: number, input: readonly IncomingInput[]): Promise<void> {
  const [{ kept } = { kept: 0 }] = await db.select({ kept: count() }).from(incomings).where(eq(incomings.userId, userId));
  if (kept + input.length <= PASTED_INCOMINGS_MAX) return;
  const known = await db
    .select({ x: incomings.originX, y: incomings.originY, tx: incomings.targetX, ty: incomings.targetY, at: incomings.arrivalAt })
    .from(incomings)
    .where(eq(incomings.userId, userId));
  const key = (ox: number, oy: number, tx: number, ty: number, at: number) => `${ox}|${oy}|${tx}|${ty}|${at}`;
  const keys = new Set(known.map((k) => key(k.x, k.y, k.tx, k.ty, k.at.getTime())));
  const adding = new Set(input.map((i) => key(i.originX, i.originY, i.targetX, i.targetY, i.arrivalAt)).filter((k) => !keys.has(k))).size;
  if (kept + adding > PASTED_INCOMINGS_MAX) throw badRequest(warRoomMessages.tooManyPasted(kept, adding, PASTED_INCOMINGS_MAX));
}

/** Removes the user's pasted incomings; answers how many. */
export async function clearPastedIncomings(db: Database, userId: number): Promise<number> {
  const gone = await db.delete(incomings).where(eq(incomings.userId, userId)).returning({ id: incomings.id });
  return gone.length;
}
