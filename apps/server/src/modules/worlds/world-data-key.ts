// The `world_id` that a world's villages, players and tribes carry is its data key (`worlds.dataKey`,
// docs/SECURITY.md, "Big exports, imports and bulk actions"): an import writes under a new key and switches
// the world to it in one step.
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";

/** The world's current data key, looked up once per statement (in the statement's own snapshot). */
export function worldDataKey(worldId: number): SQL {
  return sql`(select data_key from worlds where id = ${worldId})`;
}
