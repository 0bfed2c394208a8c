// One lock per key for the rest of a transaction, on PGlite and across instances on one PostgreSQL: a
// count and the write that depends on it (a limit, a cap) run as one step per key. The key is hashed
// to the advisory lock's 64-bit number; it is released when the transaction ends.
import { sql, type SQL } from "drizzle-orm";

export async function lockForTransaction(tx: { execute(query: SQL): Promise<unknown> }, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
