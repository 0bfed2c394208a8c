// The game's own text, pasted by a player, with or without a bot: an SOS text becomes the player's
// incomings, a troops overview their villages' troops (only villages of their own player, see ownPlayers). Read on the
// player's world, in its server time; every coordinate must be a village of that world. A text with any
// problem imports nothing and answers 400 with the problems by line.
import type { RepeatedHour, Unit, UnitInfo } from "@dsbot/protocol";
import { PASTED_INCOMINGS_MAX, units, type OwnPlayersRule, WAR_ROOM_PARSE_MAX_ERRORS, warRoomMessages, type WarRoomParseError } from "@dsbot/protocol";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbots, incomings, pastedTroops, players, villages, worlds, type UserRow } from "../../db/schema.js";
import { WIDE_ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import { noteWrites } from "../../db/statistics.js";
import { badRequest, HttpError, tooManyRequests } from "../../http/errors.js";
import { WorkerTaskError, type WorkerPool } from "../../workers/worker-pool.js";
import type { TaskInput, TaskName, TaskOutput } from "../../workers/tasks.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";
import { worldDataKey, worldZoneOf } from "../worlds/index.js";
import { dropArrived, refreshAnalysis, resolveFromWorld, upsertIncomings, type IncomingInput } from "./incomings-store.js";

type Importer = Pick<UserRow, "id" | "worldServer" | "worldWorld">;

export interface ImportDeps {
  db: Database;
  workers: WorkerPool;
}

/**
 * The write phase of pasted imports runs one import at a time per server. The embedded database runs
 * one statement at a time: three big pastes at once kept three statements queued in front of every
 * other request (the stall probe saw a health check wait 280–370 ms behind them); one after another
 * they take as long together, and a paste's limit check and its writes no longer interleave with
 * another paste's.
 */
let writeLane: Promise<unknown> = Promise.resolve();

function inWriteLane<T>(write: () => Promise<T>): Promise<T> {
  const result = writeLane.then(write, write);
  writeLane = result.catch(() => undefined);
  return result;
}

/** A parse takes well under a second; anything longer is a broken text or a stuck worker. */
const PARSE_TIMEOUT_MS = 10_000;

/** A parser in a worker thread; a full pool or a timeout as German HTTP errors. */
async function parse<T extends TaskName>(workers: WorkerPool, task: T, input: TaskInput<T>): Promise<TaskOutput<T>> {
  try {
    return await workers.run(task, input, { timeoutMs: PARSE_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    if (error.reason === "busy") throw tooManyRequests(warRoomMessages.busy);
    throw new HttpError(503, "internal", warRoomMessages.busy);
  }
}

/** Problems as the API's issues (on the `text` field), in line order. */
function rejected(errors: readonly WarRoomParseError[]): never {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  throw badRequest(sorted[0]?.message, sorted.map((e) => ({ path: "text", message: e.message })));
}

async function userWorld(db: Database, user: Importer) {
  const [world] = await db
    .select()
    .from(worlds)
    .where(and(eq(worlds.server, user.worldServer), eq(worlds.world, user.worldWorld)))
    .limit(1);
  if (!world || world.dataVersion === 0) throw badRequest(warRoomMessages.noWorld);
  return world;
}

interface WorldVillage {
  id: number;
  name: string;
  x: number;
  y: number;
  playerName: string | null;
}

/** The world's villages on these fields, by `x|y` (WIDE_ROW_CHUNK fields per statement). */
async function villagesAt(db: Database, worldId: number, all: readonly { x: number; y: number }[]): Promise<Map<string, WorldVillage>> {
  const found = new Map<string, WorldVillage>();
  const unique = [...new Map(all.map((c) => [`${c.x}|${c.y}`, c])).values()];
  for (let start = 0; start < unique.length; start += WIDE_ROW_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const coords = unique.slice(start, start + WIDE_ROW_CHUNK);
    const rows = await db
      .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y, playerName: players.name })
      .from(villages)
      .leftJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
      .where(
        and(
          eq(villages.worldId, worldDataKey(worldId)),
          sql`(${villages.x}, ${villages.y}) in (select * from unnest(${sql.param(coords.map((c) => c.x))}::smallint[], ${sql.param(coords.map((c) => c.y))}::smallint[]))`,
        ),
      );
    for (const row of rows) found.set(`${row.x}|${row.y}`, row);
  }
  return found;
}

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
  const world = await userWorld(db, user);
  const timeZone = await worldZoneOf(db, { server: world.server, world: world.world });
  const parsed = await parse(workers, "sosText", { text, timeZone, repeatedHour: options.repeatedHour ?? null });
  if (parsed.errors.length > 0) rejected(parsed.errors);
  const known = await villagesAt(db, world.id, [...parsed.incomings.map((i) => i.target), ...parsed.incomings.map((i) => i.origin)]);
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
  if (errors.length > 0) rejected(errors);
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

/** The world's units in the game's column order (militia never appears in the overview). */
function worldUnits(unitInfo: UnitInfo | null): Unit[] {
  if (!unitInfo) return [...units];
  return units.filter((u) => unitInfo[u] !== undefined);
}

/** How many villages a refusal names in its message (its issues list up to WAR_ROOM_PARSE_MAX_ERRORS). */
const FOREIGN_VILLAGES_NAMED = 3;

/** Whose villages take the user's pasted troops on a world, and why (the refusal says which rule). */
interface OwnPlayers extends OwnPlayersRule {
  players: string[];
}

/**
 * The players the user plays on this world: the game accounts of the bots they own or were granted
 * there (by name, any case, as the world data's owners are matched in latestVillageTroops). Admins too
 * paste for their own and granted bots only, not for every bot they may see. A user without a bot there
 * plays one player: the one their pasted troops already belong to, else the one owning most villages
 * of this paste (a troops overview from the game shows one player's villages).
 */
async function ownPlayers(
  db: Database,
  user: Importer,
  world: { server: string; world: string },
  pasted: readonly { x: number; y: number }[],
  known: ReadonlyMap<string, WorldVillage>,
): Promise<OwnPlayers> {
  const bots = await db
    .selectDistinct({ name: dsbots.playerName })
    .from(dsbots)
    .where(and(eq(dsbots.worldServer, world.server), eq(dsbots.worldWorld, world.world), visibleBotsCondition({ id: user.id, role: "user" })))
    .orderBy(dsbots.playerName);
  if (bots.length > 0) return { from: "bots", players: bots.map((r) => r.name) };
  const [earlier] = await db
    .select({ name: pastedTroops.playerName })
    .from(pastedTroops)
    .where(
      and(
        eq(pastedTroops.userId, user.id),
        eq(pastedTroops.worldServer, world.server),
        eq(pastedTroops.worldWorld, world.world),
        isNotNull(pastedTroops.playerName),
      ),
    )
    .limit(1);
  if (earlier?.name) return { from: "pasted", players: [earlier.name] };
  const villagesOf = new Map<string, number>();
  for (const v of pasted) {
    const owner = known.get(`${v.x}|${v.y}`)?.playerName;
    if (owner) villagesOf.set(owner, (villagesOf.get(owner) ?? 0) + 1);
  }
  // The first of the most (Map keeps the paste's order), so the answer does not depend on sorting.
  let top: string | null = null;
  for (const [owner, n] of villagesOf) if (top === null || n > villagesOf.get(top)!) top = owner;
  return { from: "paste", players: top === null ? [] : [top] };
}

/**
 * A troops overview is the player's own villages, so a paste is taken only for villages the world data
 * gives to the user's player(s) (ownPlayers): otherwise any user could store troops for every village of
 * the world (barbarians included), and every troops page and dashboard would carry them. Refuses the
 * whole paste (400) naming the first villages that are not, by line, name and coordinate, and their count.
 */
async function requireOwnVillages(
  db: Database,
  user: Importer,
  world: { server: string; world: string },
  pasted: readonly { line: number; x: number; y: number }[],
  known: ReadonlyMap<string, WorldVillage>,
): Promise<void> {
  const mine = await ownPlayers(db, user, world, pasted, known);
  const own = new Set(mine.players.map((name) => name.toLowerCase()));
  const foreign: WarRoomParseError[] = [];
  for (const v of pasted) {
    const village = known.get(`${v.x}|${v.y}`);
    if (!village || (village.playerName !== null && own.has(village.playerName.toLowerCase()))) continue;
    foreign.push({ line: v.line, message: warRoomMessages.notOwnVillage(v.line, `${village.name} (${village.x}|${village.y})`, village.playerName, mine) });
  }
  if (foreign.length === 0) return;
  const named = foreign.slice(0, FOREIGN_VILLAGES_NAMED).map((f) => f.message);
  // The issues (the web lists them) say why first, then each village.
  throw badRequest(warRoomMessages.notOwnVillages(foreign.length, named, mine), [
    { path: "", message: warRoomMessages.ownVillagesOnly(mine) },
    ...foreign.slice(0, WAR_ROOM_PARSE_MAX_ERRORS).map((f) => ({ path: "text", message: f.message })),
  ]);
}

/** Imports a troops overview as the user's pasted troops (own villages only); answers how many villages. */
export async function importTroopsOverview({ db, workers }: ImportDeps, user: Importer, text: string, now = Date.now()): Promise<number> {
  const world = await userWorld(db, user);
  const parsed = await parse(workers, "troopsOverview", { text, units: worldUnits((world.unitInfo as UnitInfo | null) ?? null) });
  if (parsed.errors.length > 0) rejected(parsed.errors);
  const known = await villagesAt(db, world.id, parsed.villages);
  const errors: WarRoomParseError[] = [];
  for (const v of parsed.villages) {
    if (!known.has(`${v.x}|${v.y}`)) errors.push({ line: v.line, message: warRoomMessages.unknownVillage(v.line, `${v.x}|${v.y}`) });
  }
  if (errors.length > 0) rejected(errors);
  const importedAt = new Date(now);
  const rows = parsed.villages.map((v) => {
    const village = known.get(`${v.x}|${v.y}`)!;
    return {
      userId: user.id,
      worldServer: world.server,
      worldWorld: world.world,
      villageId: village.id,
      x: village.x,
      y: village.y,
      name: village.name,
      playerName: village.playerName,
      units: v.own,
      inVillage: v.inVillage,
      outside: v.outside,
      onTheWay: v.onTheWay,
      importedAt,
    };
  });
  // Chunks without a transaction around them (a long one would hold the embedded database). The check
  // runs in the lane: two first pastes of one user without a bot cannot each choose another player.
  await inWriteLane(async () => {
    await requireOwnVillages(db, user, world, parsed.villages, known);
    for (let start = 0; start < rows.length; start += 500) {
      if (start > 0) await yieldToEventLoop();
      await db
        .insert(pastedTroops)
        .values(rows.slice(start, start + 500))
        .onConflictDoUpdate({
          target: [pastedTroops.userId, pastedTroops.worldServer, pastedTroops.worldWorld, pastedTroops.villageId],
          set: {
            x: sql`excluded.x`,
            y: sql`excluded.y`,
            name: sql`excluded.name`,
            playerName: sql`excluded.player_name`,
            units: sql`excluded.units`,
            inVillage: sql`excluded.in_village`,
            outside: sql`excluded.outside`,
            onTheWay: sql`excluded.on_the_way`,
            importedAt: sql`excluded.imported_at`,
          },
        });
    }
  });
  return rows.length;
}
