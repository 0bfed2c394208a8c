// The attack table's bulk actions: set-based statements over the selection, a chunk of
// ROW_CHUNK attacks (by id) per statement with a turn of the event loop between, so a bulk over a
// plan's 50,000 attacks never holds the server. Each chunk commits on its own: a bulk that fails half
// way has changed the chunks before (every action is safe to repeat).
import type { AttackBulk, AttackStatus } from "@dsbot/protocol";
import { finishedAttackStatuses } from "@dsbot/protocol";
import { and, gt, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import type { Database } from "../../db/client.js";
import { attacks } from "../../db/schema.js";
import type { ChangedAttack } from "./attack-events.js";
import { closeAttackTabRequests } from "../tab-requests/index.js";
import { selectionCondition } from "./attacks.service.js";
import { planAttacks } from "../../policies/attack-visibility.js";

/**
 * Up to this many changed statuses travel in the one `attacks-updated` of a bulk (the open tables
 * update those rows in place); above it the message names only the plan and the tables refetch.
 */
export const BULK_EVENT_ROWS_MAX = 500;

type ChunkRow = { id: number };

/** Runs `step` on the attacks matching `where`, ROW_CHUNK of them (the next ids) at a time; answers how many it touched. */
async function inChunks(db: Database, where: SQL | undefined, step: (chunk: SQL) => Promise<ChunkRow[]>): Promise<number> {
  let last = 0;
  let affected = 0;
  for (;;) {
    const chunk = sql`${attacks.id} in (select ${attacks.id} from ${attacks} where ${and(where, gt(attacks.id, last))} order by ${attacks.id} limit ${ROW_CHUNK})`;
    const rows = await step(chunk);
    affected += rows.length;
    for (const row of rows) last = Math.max(last, row.id);
    if (rows.length < ROW_CHUNK) return affected;
    await yieldToEventLoop();
  }
}

/** Sent or cancelled by hand: nothing is left to do in a game tab for them. */
const closesTabRequests = (status: AttackStatus) => status === "sent" || status === "cancelled";

/**
 * A bulk action on the plan; answers how many attacks it changed or removed, and for a status change
 * of at most BULK_EVENT_ROWS_MAX attacks those attacks (for the live update). Back to "planned", an
 * attack forgets its bot, error and real arrival, so a bot may claim it again.
 */
export async function bulkAttacks(db: Database, planId: number, bulk: AttackBulk): Promise<{ affected: number; statusChanged: ChangedAttack[] }> {
  const now = new Date();
  if (bulk.action === "deleteFinished") {
    const finished = and(planAttacks(planId), inArray(attacks.status, [...finishedAttackStatuses]));
    return { affected: await inChunks(db, finished, (chunk) => db.delete(attacks).where(chunk).returning({ id: attacks.id })), statusChanged: [] };
  }
  const where = selectionCondition(planId, bulk.selection);
  if (bulk.action === "delete") {
    return { affected: await inChunks(db, where, (chunk) => db.delete(attacks).where(chunk).returning({ id: attacks.id })), statusChanged: [] };
  }
  if (bulk.action === "priority") {
    const set = { priority: bulk.priority, updatedAt: now };
    return { affected: await inChunks(db, where, (chunk) => db.update(attacks).set(set).where(chunk).returning({ id: attacks.id })), statusChanged: [] };
  }
  const { status } = bulk;
  const set = { status, ...(status === "planned" ? { error: null, dsbotId: null, realArrivalAt: null } : {}), updatedAt: now };
  const changed: ChangedAttack[] = [];
  const affected = await inChunks(db, where, async (chunk) => {
    const rows = await db
      .update(attacks)
      .set(set)
      .where(chunk)
      .returning({ id: attacks.id, error: attacks.error, dsbotId: attacks.dsbotId, realArrivalAt: attacks.realArrivalAt });
    if (closesTabRequests(status)) await closeAttackTabRequests(db, rows.map((r) => r.id));
    if (changed.length <= BULK_EVENT_ROWS_MAX) changed.push(...rows.map((r) => ({ ...r, planId, status })));
    return rows;
  });
  return { affected, statusChanged: affected <= BULK_EVENT_ROWS_MAX ? changed : [] };
}
