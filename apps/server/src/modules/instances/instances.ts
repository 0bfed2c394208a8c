// Server instances on one PostgreSQL database. Each process start registers a new id and
// beats every INSTANCE_HEARTBEAT_MS; an instance silent for INSTANCE_DEAD_AFTER_MS is dead, and the
// first live instance to notice removes it together with the socket connections it held (its runners
// reconnect elsewhere and announce their bots again). Times are the database's clock, so instances on
// hosts whose clocks differ agree on who is dead.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { serverInstances, websocketConnections } from "../../db/schema.js";

export const INSTANCE_HEARTBEAT_MS = 5_000;
export const INSTANCE_DEAD_AFTER_MS = 20_000;

/** Host, process and a random part: readable in the table, unique per start. */
export function newInstanceId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/**
 * Registers the instance, and is its heartbeat too: an instance that was taken for dead (it stalled
 * longer than the window) comes back as a new row — its connection rows are gone, and its sockets'
 * handlers add them again as they reconnect.
 */
export async function registerInstance(db: Database, id: string): Promise<void> {
  await db.insert(serverInstances).values({ id }).onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } });
}

export interface SweptInstances {
  instanceIds: string[];
  /** The connection rows removed with them. */
  connections: number;
}

/** Removes the instances silent too long and their connection rows. Idempotent across instances. */
export async function sweepDeadInstances(db: Database, deadAfterMs = INSTANCE_DEAD_AFTER_MS): Promise<SweptInstances> {
  const dead = await db
    .delete(serverInstances)
    .where(sql`${serverInstances.heartbeatAt} < now() - make_interval(secs => ${deadAfterMs / 1000})`)
    .returning({ id: serverInstances.id });
  const instanceIds = dead.map((row) => row.id);
  if (instanceIds.length === 0) return { instanceIds, connections: 0 };
  const removed = await db
    .delete(websocketConnections)
    .where(inArray(websocketConnections.instanceId, instanceIds))
    .returning({ id: websocketConnections.id });
  return { instanceIds, connections: removed.length };
}

/**
 * At start: connection rows of instances that are not alive are stale (a crashed instance, this
 * instance's previous run). Rows of live instances stay: their sockets are open.
 */
export async function removeStaleConnections(db: Database): Promise<void> {
  const live = db.select({ id: serverInstances.id }).from(serverInstances);
  await db.delete(websocketConnections).where(notInArray(websocketConnections.instanceId, live));
}

/** A clean shutdown: this instance's rows go at once instead of after the window. */
export async function retireInstance(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(websocketConnections).where(eq(websocketConnections.instanceId, id));
    await tx.delete(serverInstances).where(eq(serverInstances.id, id));
  });
}
