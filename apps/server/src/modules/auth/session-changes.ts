// Announcing changes that end or alter what a cached session grants (logout, revocation, a user's
// new password, role, world or name, a deleted user), so every instance's session cache forgets
// them at once. Inside the changing transaction `pg_notify` queues the message, which PostgreSQL
// delivers to every listening instance on commit (session-listener.ts); after the commit the caches
// of this process that share the database object hear it directly. PGlite runs in one process, so
// there the in-process delivery is the whole story (its pg_notify reaches nobody, which is harmless).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";

export const SESSION_CHANNEL = "dsbot_sessions";

/** Which cached sessions to forget: some sessions, every session of a user, or everything. */
export type SessionChange = { sessionIds: readonly number[] } | { userId: number } | { all: true };

/** What `pg_notify` and the transaction callback can both run statements on. */
type Executor = Pick<Database, "execute">;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Subscriber = (change: SessionChange) => void;

const subscribers = new WeakMap<Database, Set<Subscriber>>();

/** Kept short: a NOTIFY payload may not exceed 8000 bytes, so long id lists become "everything". */
export function encodeSessionChange(change: SessionChange): string {
  if ("all" in change) return '{"all":true}';
  if ("userId" in change) return JSON.stringify({ u: change.userId });
  const text = JSON.stringify({ s: change.sessionIds });
  return text.length > 7000 ? '{"all":true}' : text;
}

const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

/** Anything that is not a well-formed message forgets everything: the safe reading of a surprise. */
export function decodeSessionChange(payload: string | undefined): SessionChange {
  try {
    const parsed = JSON.parse(payload ?? "") as { u?: unknown; s?: unknown };
    if (isId(parsed.u)) return { userId: parsed.u };
    if (Array.isArray(parsed.s) && parsed.s.every(isId)) return { sessionIds: parsed.s };
  } catch {
    // fall through
  }
  return { all: true };
}

/** Queue the message for the other instances; delivered when the surrounding transaction commits. */
export async function notifySessionChange(executor: Executor, change: SessionChange): Promise<void> {
  await executor.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${encodeSessionChange(change)})`);
}

/** Tell this process's caches on `db` (call after the commit). */
export function publishSessionChange(db: Database, change: SessionChange): void {
  for (const subscriber of subscribers.get(db) ?? []) subscriber(change);
}

/** A cache hears every change published on `db` in this process; answers the unsubscribe. */
export function subscribeSessionChanges(db: Database, subscriber: Subscriber): () => void {
  let set = subscribers.get(db);
  if (!set) subscribers.set(db, (set = new Set()));
  set.add(subscriber);
  return () => set.delete(subscriber);
}

/**
 * Run `work` in a transaction that also notifies `change` (a function of the result, or null for
 * "nothing changed"), then tell this process's caches. A failed transaction announces nothing.
 */
export async function changeSessions<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  change: SessionChange | ((result: T) => SessionChange | null),
): Promise<T> {
  const { value, announced } = await db.transaction(async (tx) => {
    const result = await work(tx);
    const message = typeof change === "function" ? change(result) : change;
    if (message) await notifySessionChange(tx, message);
    return { value: result, announced: message };
  });
  if (announced) publishSessionChange(db, announced);
  return value;
}
