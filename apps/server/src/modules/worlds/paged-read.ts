// Large reads (a world's 100,000 villages, its players) in pages by id, with a turn of the event loop
// between them: on PGlite every statement runs on the main thread, so one read of everything would
// hold the loop for as long as it takes. `readWorldPages` makes the pages agree with the
// world row without holding a transaction open across them.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import { worlds } from "../../db/schema.js";

/** Rows per page: a few tens of milliseconds of PGlite's time. */
export const READ_PAGE_ROWS = 4_000;

/** Every row, read by `page(afterId, limit)` (rows with id > afterId, ascending, at most limit). */
export async function readInPages<T extends { id: number }>(page: (afterId: number, limit: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const next = await page(rows.at(-1)?.id ?? 0, READ_PAGE_ROWS);
    for (const row of next) rows.push(row);
    if (next.length < READ_PAGE_ROWS) return rows;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What the pages are read with: the database, or (last try) a snapshot transaction. */
export type WorldReader = Database | Tx;

/** Optimistic tries before the read falls back to one snapshot transaction. */
const OPTIMISTIC_TRIES = 3;

/**
 * The world row and what `read` makes of the world's rows, in agreement: an import replaces the rows
 * and moves the world's `dataVersion` in one transaction, so the same version before and after the
 * pages means no import committed in between (else it reads again). No transaction stays open across
 * the pages, which on PGlite (one transaction at a time) would hold every other query for the whole
 * read: 2.5 s for the map data of 100,000 villages. The last try reads in one snapshot transaction.
 */
export async function readWorldPages<T>(db: Database, worldId: number, read: (reader: WorldReader, world: WorldRow) => Promise<T>): Promise<{ world: WorldRow; value: T } | undefined> {
  for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
    const [world] = await db.select().from(worlds).where(eq(worlds.id, worldId));
    if (!world) return undefined;
    const value = await read(db, world);
    const [after] = await db.select({ dataVersion: worlds.dataVersion }).from(worlds).where(eq(worlds.id, worldId));
    if (after?.dataVersion === world.dataVersion) return { world, value };
  }
  return db.transaction(
    async (tx) => {
      const [world] = await tx.select().from(worlds).where(eq(worlds.id, worldId));
      return world && { world, value: await read(tx, world) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
