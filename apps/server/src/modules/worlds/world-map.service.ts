// Reads for the map beyond the binary village data: every player and tribe of a world (owners) and
// one village with its owner and tribe (the map's tooltip and side panel).
import type { WorldOwnersResponse, WorldVillageDetail } from "@dsbot/protocol";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import { allies, players, villages } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { readInPages, readWorldPages } from "./paged-read.js";
import { worldDataKey } from "./world-data-key.js";

export interface OwnersSnapshot {
  world: WorldRow;
  owners: WorldOwnersResponse;
}

/**
 * The world's players and tribes as columns, in agreement with the world row, so the data version
 * always names the owners sent with it (an import may commit meanwhile); in pages.
 */
export async function ownersSnapshot(db: Database, worldId: number): Promise<OwnersSnapshot | undefined> {
  if (worldId > MAX_SERIAL_ID) return undefined;
  const read = await readWorldPages(db, worldId, async (reader, world) => {
    const playerRows = await readInPages((after, limit) =>
      reader
        .select({ id: players.id, name: players.name, allyId: players.allyId, points: players.points })
        .from(players)
        .where(and(eq(players.worldId, world.dataKey), gt(players.id, after)))
        .orderBy(asc(players.id))
        .limit(limit),
    );
    const allyRows = await readInPages((after, limit) =>
      reader
        .select({ id: allies.id, name: allies.name, tag: allies.tag })
        .from(allies)
        .where(and(eq(allies.worldId, world.dataKey), gt(allies.id, after)))
        .orderBy(asc(allies.id))
        .limit(limit),
    );
    return { playerRows, allyRows };
  });
  if (!read) return undefined;
  const { world, value } = read;
  const { playerRows, allyRows } = value;
  const owners: WorldOwnersResponse = {
    dataVersion: world.dataVersion,
    players: {
      ids: playerRows.map((p) => p.id),
      names: playerRows.map((p) => p.name),
      allyIds: playerRows.map((p) => p.allyId),
      points: playerRows.map((p) => p.points),
    },
    allies: { ids: allyRows.map((a) => a.id), names: allyRows.map((a) => a.name), tags: allyRows.map((a) => a.tag) },
  };
  return { world, owners };
}

/** One village of a world with its player and that player's tribe; undefined when there is none. */
export async function villageDetail(db: Database, worldId: number, villageId: number): Promise<WorldVillageDetail | undefined> {
  if (worldId > MAX_SERIAL_ID || villageId > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({
      id: villages.id,
      name: villages.name,
      x: villages.x,
      y: villages.y,
      points: villages.points,
      bonusId: villages.bonusId,
      playerId: players.id,
      playerName: players.name,
      playerPoints: players.points,
      allyId: allies.id,
      allyName: allies.name,
      allyTag: allies.tag,
    })
    .from(villages)
    .leftJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
    .leftJoin(allies, and(eq(allies.worldId, villages.worldId), eq(allies.id, players.allyId)))
    .where(and(eq(villages.worldId, worldDataKey(worldId)), eq(villages.id, villageId)));
  if (!row) return undefined;
  const player = row.playerId === null || row.playerName === null || row.playerPoints === null ? null : { id: row.playerId, name: row.playerName, points: row.playerPoints };
  const ally = row.allyId === null || row.allyName === null || row.allyTag === null ? null : { id: row.allyId, name: row.allyName, tag: row.allyTag };
  return { id: row.id, name: row.name, x: row.x, y: row.y, points: row.points, bonusId: row.bonusId, player, ally };
}
