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
import type { WorldSync } from "../../platform/ports.js";
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


export interface WorldSyncOptions {
  /** DSBOT_WORLD_SYNC: rounds on start, every check and on `kick`; off, only "Jetzt abgleichen" syncs. */
  automatic: boolean;
  checkMs?: number;
}

/** One instance's world sync; a round still running is never started twice, a kick meanwhile runs another after it. */
export function createWorldSync(deps: Omit<WorldSyncDeps, "signal" | "syncing">, options: WorldSyncOptions): WorldSync {
  const controller = new AbortController();
  const syncing = new Set<number>();
  const queued = new Set<number>();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const round = () => {
    if (controller.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    const waiting = [...queued];
    running = syncDueWorlds({ ...deps, signal: controller.signal, syncing })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) deps.log.error({ err: error }, "world sync round failed");
      })
      .finally(() => {
        running = undefined;
        for (const id of waiting) queued.delete(id);
        if (again) {
          again = false;
          round();
        }
      });
  };

  return {
    isSyncing: (worldId) => syncing.has(worldId) || queued.has(worldId),
    kick(worldId) {
      if (!options.automatic || controller.signal.aborted) return;
      if (worldId !== undefined) queued.add(worldId);
      round();
    },
    syncNow: (id, log) => syncWorldNow({ ...deps, log, signal: controller.signal, syncing }, id),
    start() {
      if (!options.automatic || timer) return;
      round();
      timer = setInterval(round, options.checkMs ?? WORLD_SYNC_CHECK_MS);
      timer.unref();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      clearInterval(timer);
      controller.abort();
      await this.idle();
    },
  };
}

/** Runs `syncDueWorlds` now and every `checkMs` (the automatic sync on its own). */
export function startWorldSync(deps: Omit<WorldSyncDeps, "signal" | "syncing">, checkMs = WORLD_SYNC_CHECK_MS): WorldSync {
  const sync = createWorldSync(deps, { automatic: true, checkMs });
  sync.start();
  return sync;
}
