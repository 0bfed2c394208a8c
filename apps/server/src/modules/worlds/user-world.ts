// The world a user plays, as pasted texts are read on it: refused when the server has no data of it, and
// its villages on the fields a text names, by `x|y`.
import { warRoomMessages } from "@dsbot/protocol";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { WIDE_ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import { players, villages, worlds, type UserRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { worldDataKey } from "./world-data-key.js";

/** Whose world a paste is read on. */
export type Importer = Pick<UserRow, "id" | "worldServer" | "worldWorld">;

export async function requireUserWorld(db: Database, user: Importer) {
  const [world] = await db
    .select()
    .from(worlds)
    .where(and(eq(worlds.server, user.worldServer), eq(worlds.world, user.worldWorld)))
    .limit(1);
  if (!world || world.dataVersion === 0) throw badRequest(warRoomMessages.noWorld);
  return world;
}

export interface FieldVillage {
  id: number;
  name: string;
  x: number;
  y: number;
  playerName: string | null;
}

/** The world's villages on these fields, by `x|y` (WIDE_ROW_CHUNK fields per statement). */
export async function villagesOnFields(db: Database, worldId: number, all: readonly { x: number; y: number }[]): Promise<Map<string, FieldVillage>> {
  const found = new Map<string, FieldVillage>();
  const unique = [...new Map(all.map((c) => [`${c.x}|${c.y}`, c])).values()];
  for (let start = 0; start < unique.length; start += WIDE_ROW_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const coords = unique.slice(start, start + WIDE_ROW_CHUNK);
    const rows = await db
      .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y, playerName: players.name })
      .from(villages)
      .leftJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
      .where(
        and(
          eq(villages.worldId, worldDataKey(worldId)),
          sql`(${villages.x}, ${villages.y}) in (select * from unnest(${sql.param(coords.map((c) => c.x))}::smallint[], ${sql.param(coords.map((c) => c.y))}::smallint[]))`,
        ),
      );
    for (const row of rows) found.set(`${row.x}|${row.y}`, row);
  }
  return found;
}
