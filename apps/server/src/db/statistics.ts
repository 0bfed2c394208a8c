// Table statistics and the visibility map after large writes. PGlite has no autovacuum: without this
// its planner never learns how big a table is or how selective a condition is (a page of 10,000
// incomings sorted all of them instead of walking the index: 18 ms instead of 5), and dead rows of
// updates are never reclaimed. On PostgreSQL autovacuum does the same later; doing it at once keeps
// the first minutes after a big write as fast as the rest.
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";

/** Rows written to a table (at once or in total) after which its statistics are refreshed. */
export const STATISTICS_AFTER_ROWS = 1_000;

/**
 * Fewer sampled rows than the default (30 instead of 100 per column): on PGlite the analysis runs on
 * the server's database thread, and a full one of 50,000 attacks held it for 330 ms of CPU (about
 * 100 ms like this; the vacuum itself is a few ms). PostgreSQL's autovacuum refines them later.
 */
const STATISTICS_TARGET = 30;

export async function refreshStatistics(db: Database, table: PgTable): Promise<void> {
  await db.execute(sql`vacuum ${table}`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(STATISTICS_TARGET))}`);
    await tx.execute(sql`analyze ${table}`);
  });
}

const pending = new WeakMap<Database, Map<PgTable, number>>();

/**
 * Counts rows written to a table; once STATISTICS_AFTER_ROWS have come together since the last
 * refresh, refreshes its statistics (many small scans add up like one big import).
 */
export async function noteWrites(db: Database, table: PgTable, rows: number): Promise<void> {
  if (rows <= 0) return;
  let tables = pending.get(db);
  if (!tables) pending.set(db, (tables = new Map()));
  const total = (tables.get(table) ?? 0) + rows;
  if (total < STATISTICS_AFTER_ROWS) {
    tables.set(table, total);
    return;
  }
  tables.set(table, 0);
  await refreshStatistics(db, table);
}
