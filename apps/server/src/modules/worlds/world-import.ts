// Replaces one world's villages, players and tribes (and, when given, its config and unit info): all
// or nothing for every reader, without a transaction across the import. The rows go in
// under a new data key (see `worlds.dataKey`) in one statement per batch, unseen; one short
// transaction switches the world to them, and the old key's rows are deleted after, in batches. On
// any error the old data stays. Column arrays through `unnest` keep 100,000 villages within seconds
// on PGlite and PostgreSQL alike.
import type { GameConfig, UnitInfo } from "@dsbot/protocol";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { StoredSourceValidators, WorldRow } from "../../db/schema.js";
import { allies, players, villages, worldDataOrphans, worlds } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import type { AllyRecord, PlayerRecord, VillageRecord } from "./world-files.js";

export interface WorldData {
  villages: VillageRecord[];
  players: PlayerRecord[];
  allies: AllyRecord[];
  /** Left out: the world keeps the config it has. */
  config?: { xml: string; parsed: GameConfig };
  unitInfo?: { xml: string; parsed: UnitInfo };
}

export type ImportPhase = "delete" | "villages" | "players" | "allies" | "done";

/** Where a running import is: records of the phase written so far, out of how many. */
export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

/**
 * Rows per statement. PGlite runs one statement at a time (on its own thread), so every other
 * request's queries wait for the one running: small enough that none runs long, large
 * enough that 100,000 villages take 50 statements.
 */
export const IMPORT_BATCH_ROWS = 2_000;

/** A turn of the event loop: timers, sockets and other requests run before the next batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Tx = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

const column = <T, K extends keyof T>(rows: readonly T[], key: K): T[K][] => rows.map((row) => row[key]);

async function inBatches<T>(
  rows: readonly T[],
  phase: ImportPhase,
  insert: (batch: readonly T[]) => Promise<unknown>,
  onProgress: (progress: ImportProgress) => void,
): Promise<void> {
  onProgress({ phase, done: 0, total: rows.length });
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
    const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
    await insert(batch);
    onProgress({ phase, done: start + batch.length, total: rows.length });
    await nextTurn();
  }
}

function insertVillages(tx: Tx, worldId: number, batch: readonly VillageRecord[]) {
  return tx.execute(sql`
    insert into ${villages} (world_id, id, name, x, y, player_id, points, bonus_id)
    select ${worldId}, * from unnest(
      ${sql.param(column(batch, "id"))}::int[],
      ${sql.param(column(batch, "name"))}::text[],
      ${sql.param(column(batch, "x"))}::smallint[],
      ${sql.param(column(batch, "y"))}::smallint[],
      ${sql.param(column(batch, "playerId"))}::int[],
      ${sql.param(column(batch, "points"))}::int[],
      ${sql.param(column(batch, "bonusId"))}::smallint[]
    )`);
}

function insertPlayers(tx: Tx, worldId: number, batch: readonly PlayerRecord[]) {
  return tx.execute(sql`
    insert into ${players} (world_id, id, name, ally_id, villages, points, rank)
    select ${worldId}, * from unnest(
      ${sql.param(column(batch, "id"))}::int[],
      ${sql.param(column(batch, "name"))}::text[],
      ${sql.param(column(batch, "allyId"))}::int[],
      ${sql.param(column(batch, "villages"))}::int[],
      ${sql.param(column(batch, "points"))}::int[],
      ${sql.param(column(batch, "rank"))}::int[]
    )`);
}

function insertAllies(tx: Tx, worldId: number, batch: readonly AllyRecord[]) {
  return tx.execute(sql`
    insert into ${allies} (world_id, id, name, tag, members, villages, points, all_points, rank)
    select ${worldId}, * from unnest(
      ${sql.param(column(batch, "id"))}::int[],
      ${sql.param(column(batch, "name"))}::text[],
      ${sql.param(column(batch, "tag"))}::text[],
      ${sql.param(column(batch, "members"))}::int[],
      ${sql.param(column(batch, "villages"))}::int[],
      ${sql.param(column(batch, "points"))}::int[],
      ${sql.param(column(batch, "allPoints"))}::int[],
      ${sql.param(column(batch, "rank"))}::int[]
    )`);
}

export interface ReplaceOptions {
  /**
   * The validators of the game's files the data came from (a sync). Any other import forgets them,
   * so the next sync fetches the game's files in full again.
   */
  sourceValidators?: StoredSourceValidators;
  /** A sync: write nothing (answer undefined) when the world's sync was turned off meanwhile. */
  onlyWhenSyncEnabled?: boolean;
}

/**
 * Replaces the world's data; answers the updated world row, or undefined when the world does not
 * exist (or, for a sync, no longer syncs), and then the world's data is as it was. Two imports of one
 * world may run at once: the one that switches last wins, and each deletes the rows it replaced.
 */
export async function replaceWorldData(
  db: Database,
  worldId: number,
  data: WorldData,
  onProgress: (progress: ImportProgress) => void = () => {},
  options: ReplaceOptions = {},
): Promise<WorldRow | undefined> {
  if (worldId > MAX_SERIAL_ID) return undefined;
  const wanted = async (executor: Tx, lock: boolean) => {
    const query = executor.select({ syncEnabled: worlds.syncEnabled, dataKey: worlds.dataKey }).from(worlds).where(eq(worlds.id, worldId));
    const [row] = lock ? await query.for("update") : await query;
    return row && (!options.onlyWhenSyncEnabled || row.syncEnabled) ? row : undefined;
  };
  if (!(await wanted(db, false))) return undefined;
  const sourceValidators = options.sourceValidators ?? {};
  // The new rows' key, noted as nobody's data until the switch (a crash leaves them to the housekeeping).
  const [orphan] = await db.insert(worldDataOrphans).values({ key: sql`nextval('world_data_key_seq')`, worldId }).returning({ key: worldDataOrphans.key });
  const key = (orphan as { key: number }).key;
  let written: { row: WorldRow | undefined; replacedKey: number } | undefined;
  try {
    await inBatches(data.villages, "villages", (batch) => insertVillages(db, key, batch), onProgress);
    await inBatches(data.players, "players", (batch) => insertPlayers(db, key, batch), onProgress);
    await inBatches(data.allies, "allies", (batch) => insertAllies(db, key, batch), onProgress);
    written = await db.transaction(async (tx) => {
      const locked = await wanted(tx, true);
      if (!locked) return undefined;
      const now = new Date();
      const [row] = await tx
        .update(worlds)
        .set({
          dataKey: key,
          villageCount: data.villages.length,
          playerCount: data.players.length,
          allyCount: data.allies.length,
          dataVersion: sql`${worlds.dataVersion} + 1`,
          lastImportAt: now,
          updatedAt: now,
          sourceValidators,
          ...(data.config ? { configXml: data.config.xml, config: data.config.parsed } : {}),
          ...(data.unitInfo ? { unitInfoXml: data.unitInfo.xml, unitInfo: data.unitInfo.parsed } : {}),
        })
        .where(eq(worlds.id, worldId))
        .returning();
      // The new rows are the world's now; the replaced ones are nobody's.
      await tx.update(worldDataOrphans).set({ key: locked.dataKey, since: now }).where(eq(worldDataOrphans.key, key));
      return { row, replacedKey: locked.dataKey };
    });
  } finally {
    await deleteWorldData(db, written ? written.replacedKey : key, onProgress);
  }
  const total = data.villages.length + data.players.length + data.allies.length;
  onProgress({ phase: "done", done: total, total });
  return written?.row;
}

/** Deletes the rows of a data key no world shows, a batch per statement, then forgets the key. */
async function deleteWorldData(db: Database, key: number, onProgress: (progress: ImportProgress) => void): Promise<void> {
  onProgress({ phase: "delete", done: 0, total: 3 });
  for (const [done, table] of [villages, players, allies].entries()) {
    for (;;) {
      const removed = await db
        .delete(table)
        .where(and(eq(table.worldId, key), sql`${table.id} in (select id from ${table} where world_id = ${key} limit ${IMPORT_BATCH_ROWS})`))
        .returning({ id: table.id });
      await nextTurn();
      if (removed.length < IMPORT_BATCH_ROWS) break;
    }
    onProgress({ phase: "delete", done: done + 1, total: 3 });
  }
  await db.delete(worldDataOrphans).where(eq(worldDataOrphans.key, key));
}

/** Rows left by imports that crashed (before or after their switch): deleted once they are an hour old. */
export async function removeOrphanedWorldData(db: Database): Promise<number> {
  const stale = await db
    .select({ key: worldDataOrphans.key })
    .from(worldDataOrphans)
    .where(sql`${worldDataOrphans.since} < now() - interval '1 hour'`);
  for (const { key } of stale) await deleteWorldData(db, key, () => {});
  return stale.length;
}
