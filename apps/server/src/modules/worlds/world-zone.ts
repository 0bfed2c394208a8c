// What bots and the API need of a world by server and code: its server time zone, the
// admin's correction stored on the world, else its market's (protocol time-zones.ts), and its fake limit
// for the formulas' `fake` (item 2). The zone is looked up for every signed-in user's "who am I", so the
// answers are kept for a short while; an admin's change drops them at once here, other instances see it
// within ZONE_TTL_MS.
import { gameConfigDefaults, worldTimeZone } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { worlds } from "../../db/schema.js";

const ZONE_TTL_MS = 60_000;
/** More distinct worlds than any server holds; a full cache starts over rather than grow. */
const ZONE_CACHE_MAX = 10_000;

type Zones = Map<string, { zone: string; until: number }>;
const caches = new WeakMap<Database, Zones>();

function cacheOf(db: Database): Zones {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The zone of the world with this server and code (known to the server or not). */
export async function worldZoneOf(db: Database, world: { server: string; world: string }): Promise<string> {
  const cache = cacheOf(db);
  const key = `${world.server}\n${world.world}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.zone;
  const [row] = await db
    .select({ timeZone: worlds.timeZone })
    .from(worlds)
    .where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)))
    .limit(1);
  const zone = worldTimeZone({ server: world.server, timeZone: row?.timeZone });
  if (cache.size >= ZONE_CACHE_MAX) cache.clear();
  cache.set(key, { zone, until: now + ZONE_TTL_MS });
  return zone;
}

/** After an admin changed a world's zone: the next lookups read it again. */
export function forgetWorldZones(db: Database): void {
  caches.get(db)?.clear();
}

/** The world's fake limit in % of a village's points (get_config fake_limit; the default without a config). */
export async function worldFakeLimit(db: Database, world: { server: string; world: string }): Promise<number> {
  const [row] = await db
    .select({ config: worlds.config })
    .from(worlds)
    .where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)))
    .limit(1);
  return row?.config?.game.fakeLimit ?? gameConfigDefaults.game.fakeLimit;
}
