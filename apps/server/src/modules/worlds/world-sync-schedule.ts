// When worlds are synced: on start and then hourly, each world once per hour across all instances.
// A world is claimed by moving its `sync_due_at` an hour ahead in the same statement that picks it
// (`for update skip locked`), so two instances never take the same world, and a crashed instance's
// world simply comes round again an hour later.
import { knownServers } from "@dsbot/protocol";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import { dsbots, users, worlds } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import type { WorldSyncDeps } from "./world-sync.js";
import { syncWorld } from "./world-sync.js";

/** Each world once per hour. */
export const WORLD_SYNC_INTERVAL_MS = 60 * 60 * 1000;
/** How often an instance looks for due worlds (a new world waits at most this long). */
export const WORLD_SYNC_CHECK_MS = 5 * 60 * 1000;

const nextDue = (intervalMs: number) => sql`now() + ${Math.round(intervalMs)}::integer * interval '1 millisecond'`;

/**
 * Every world a user or bot plays on becomes a known world. Only on the game's own markets
 * (`knownServers`): a user's free text must not make the server fetch from hosts of the user's
 * choosing. Admins add worlds on other servers by hand.
 */
export async function addUsedWorlds(db: Database): Promise<void> {
  const servers = sql.param([...knownServers]);
  await db.execute(sql`
    insert into ${worlds} (server, world)
    select world_server, world_world from ${users} where world_server = any(${servers}::text[])
    union
    select world_server, world_world from ${dsbots} where world_server = any(${servers}::text[])
    on conflict do nothing`);
}

/** The next due world with sync on, claimed for this instance (its due time moved ahead); undefined when none is due. */
export async function claimDueWorld(db: Database, intervalMs = WORLD_SYNC_INTERVAL_MS): Promise<WorldRow | undefined> {
  const [row] = await db
    .update(worlds)
    .set({ syncDueAt: nextDue(intervalMs) })
    .where(
      eq(
        worlds.id,
        sql`(select w.id from ${worlds} w where w.sync_enabled and w.sync_due_at <= now() order by w.sync_due_at, w.id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/** Syncs every due world, one after another; answers how many this instance synced. */
export async function syncDueWorlds(deps: WorldSyncDeps, intervalMs = WORLD_SYNC_INTERVAL_MS): Promise<number> {
  await addUsedWorlds(deps.db);
  let synced = 0;
  while (!deps.signal?.aborted) {
    const world = await claimDueWorld(deps.db, intervalMs);
    if (!world) break;
    await syncWorld(deps, world);
    synced += 1;
  }
  return synced;
}

/**
 * "Jetzt abgleichen": syncs the world at once and moves its next hourly sync an hour ahead.
 * Undefined when there is no such world or its sync is off.
 */
export async function syncWorldNow(deps: WorldSyncDeps, id: number, intervalMs = WORLD_SYNC_INTERVAL_MS): Promise<WorldRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [world] = await deps.db
    .update(worlds)
    .set({ syncDueAt: nextDue(intervalMs) })
    .where(and(eq(worlds.id, id), eq(worlds.syncEnabled, true)))
    .returning();
  return world ? syncWorld(deps, world) : undefined;
}

export interface WorldSyncScheduler {
  /** Stops the timer, aborts running fetches and waits for the running round to end. */
  stop: () => Promise<void>;
}

/** Runs `syncDueWorlds` now and every `checkMs`; a round still running is never started twice. */
export function startWorldSync(deps: Omit<WorldSyncDeps, "signal">, checkMs = WORLD_SYNC_CHECK_MS): WorldSyncScheduler {
  const controller = new AbortController();
  let running: Promise<void> | undefined;
  const round = () => {
    if (running || controller.signal.aborted) return;
    running = syncDueWorlds({ ...deps, signal: controller.signal })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) deps.log.error({ err: error }, "world sync round failed");
      })
      .finally(() => {
        running = undefined;
      });
  };
  round();
  const timer = setInterval(round, checkMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
