// The known worlds and their players and tribes, read for the routes; imports are in world-import.ts.
import type { World, WorldAlly, WorldPlayer, WorldSummary, WorldUpdate } from "@dsbot/protocol";
import { marketTimeZone, worldMessages, worldTimeZone } from "@dsbot/protocol";
import { and, asc, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { escapeLike, likeContains, likePrefix } from "../../db/like.js";
import type { WorldRow } from "../../db/schema.js";
import { allies, players, villages, worlds } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { readInPages, readWorldPages } from "./paged-read.js";
import { worldDataKey } from "./world-data-key.js";

/** `syncing`: this instance syncs the world now or is about to (WorldSync.isSyncing). */
export function presentWorld(row: WorldRow, syncing = false): WorldSummary {
  return {
    id: row.id,
    server: row.server,
    world: row.world,
    villages: row.villageCount,
    players: row.playerCount,
    allies: row.allyCount,
    dataVersion: row.dataVersion,
    lastImportAt: row.lastImportAt?.toISOString() ?? null,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    // An error of a world whose sync is off is history, not news.
    lastSyncError: row.syncEnabled ? row.lastSyncError : null,
    syncEnabled: row.syncEnabled,
    syncing: row.syncEnabled && syncing,
    timeZone: worldTimeZone(row),
    timeZoneDefault: marketTimeZone(row.server),
    config: row.config ?? null,
    units: row.unitInfo ?? null,
  };
}

export async function listWorlds(db: Database): Promise<WorldRow[]> {
  return db.select().from(worlds).orderBy(asc(worlds.server), asc(worlds.world), asc(worlds.id));
}

export async function getWorld(db: Database, id: number): Promise<WorldRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db.select().from(worlds).where(eq(worlds.id, id));
  return row;
}

/** The world, or the German 404 every world route answers. */
export async function requireWorld(db: Database, id: number): Promise<WorldRow> {
  const world = await getWorld(db, id);
  if (!world) throw notFound(worldMessages.worldNotFound);
  return world;
}

/**
 * A bot or user may only be put on a world the server knows (a row here): a typed-in world it cannot
 * reach would stay without data. 400 with the German message, on the field `world`, otherwise.
 */
export async function requireKnownWorld(db: Database, world: World): Promise<void> {
  const [row] = await db
    .select({ id: worlds.id })
    .from(worlds)
    .where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)))
    .limit(1);
  if (!row) throw badRequest(worldMessages.worldUnknown, [{ path: "world", message: worldMessages.worldUnknown }]);
}

export interface CreateWorldOptions {
  /** false: never synced from the game (e.g. the demo world, imported from generated files). Default true. */
  syncEnabled?: boolean;
}

/** A new, empty world; 409 when server and world code are known already. */
export async function createWorld(db: Database, world: World, options: CreateWorldOptions = {}): Promise<WorldRow> {
  const [row] = await db
    .insert(worlds)
    .values({ server: world.server, world: world.world, syncEnabled: options.syncEnabled ?? true })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(worldMessages.worldExists);
  return row;
}

/**
 * The world with this server and code, created when unknown. `syncEnabled`, when given, is set on
 * an existing world too (a world the hourly sync found first, e.g. from a user's profile).
 */
export async function ensureWorld(db: Database, world: World, options: CreateWorldOptions = {}): Promise<WorldRow> {
  const [row] = await db
    .insert(worlds)
    .values({ server: world.server, world: world.world, syncEnabled: options.syncEnabled ?? true })
    .onConflictDoUpdate({
      target: [worlds.server, worlds.world],
      set: options.syncEnabled === undefined ? { server: sql`excluded.server` } : { syncEnabled: options.syncEnabled, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error("ensureWorld: no row");
  return row;
}

/**
 * An admin's change of a world: whether the server fetches it from the game (on start, hourly, "Jetzt
 * abgleichen") and its server time zone (null = the market's). Answers the updated row, undefined when
 * there is no such world.
 */
export async function updateWorld(db: Database, id: number, change: WorldUpdate): Promise<WorldRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const set: Partial<typeof worlds.$inferInsert> = { updatedAt: new Date() };
  if (change.syncEnabled !== undefined) {
    set.syncEnabled = change.syncEnabled;
    // Off forgets the last error: it would only be stale when the sync comes back on.
    if (!change.syncEnabled) set.lastSyncError = null;
  }
  if (change.timeZone !== undefined) set.timeZone = change.timeZone;
  const [row] = await db.update(worlds).set(set).where(eq(worlds.id, id)).returning();
  return row;
}

function matchRank(column: AnyPgColumn, term: string) {
  return sql`case when ${column} ilike ${escapeLike(term)} then 0 when ${column} ilike ${likePrefix(term)} then 1 else 2 end`;
}

/** Players whose name contains `term` (any case), best matches and then most points first. Blank: the top players. */
export async function searchPlayers(db: Database, worldId: number, term: string, limit: number): Promise<WorldPlayer[]> {
  const rows = await db
    .select({
      id: players.id,
      name: players.name,
      allyId: players.allyId,
      allyTag: allies.tag,
      villages: players.villages,
      points: players.points,
      rank: players.rank,
    })
    .from(players)
    .leftJoin(allies, and(eq(allies.worldId, players.worldId), eq(allies.id, players.allyId)))
    .where(and(eq(players.worldId, worldDataKey(worldId)), term === "" ? undefined : ilike(players.name, likeContains(term))))
    .orderBy(...(term === "" ? [] : [matchRank(players.name, term)]), desc(players.points), asc(players.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, allyTag: row.allyTag ?? null }));
}

/** Tribes whose name or tag contains `term` (any case): exact and prefix matches of either first. */
export async function searchAllies(db: Database, worldId: number, term: string, limit: number): Promise<WorldAlly[]> {
  const best = sql`least(${matchRank(allies.tag, term)}, ${matchRank(allies.name, term)})`;
  return db
    .select({
      id: allies.id,
      name: allies.name,
      tag: allies.tag,
      members: allies.members,
      villages: allies.villages,
      points: allies.points,
      allPoints: allies.allPoints,
      rank: allies.rank,
    })
    .from(allies)
    .where(
      and(
        eq(allies.worldId, worldDataKey(worldId)),
        term === "" ? undefined : or(ilike(allies.name, likeContains(term)), ilike(allies.tag, likeContains(term))),
      ),
    )
    .orderBy(...(term === "" ? [] : [best]), desc(allies.points), asc(allies.id))
    .limit(limit);
}

/**
 * The world's villages for the map and the world row they belong to, in agreement: an import
 * committing in between cannot pair new villages with the old version (or the reverse). Read in
 * pages without a transaction held across them (paged-read.ts), so a 100,000-village world holds
 * neither the event loop nor, on PGlite, the database for long.
 */
export async function villageMapSnapshot(db: Database, worldId: number) {
  if (worldId > MAX_SERIAL_ID) return undefined;
  const read = await readWorldPages(db, worldId, (reader, world) =>
    readInPages((after, limit) =>
      reader
        .select({ id: villages.id, x: villages.x, y: villages.y, playerId: villages.playerId, points: villages.points, bonusId: villages.bonusId })
        .from(villages)
        .where(and(eq(villages.worldId, world.dataKey), gt(villages.id, after)))
        .orderBy(asc(villages.id))
        .limit(limit),
    ),
  );
  return read && { world: read.world, rows: read.value };
}
