// The villages a bot plays: its player's villages on its world from the world data, by name and
// coordinates, so the module forms let the player pick villages instead of typing their ids. Bounded by
// the world data itself (a player holds at most a few thousand villages; read in pages).
import type { BotVillage } from "@dsbot/protocol";
import type { Database } from "../../db/client.js";
import type { DsbotRow } from "../../db/schema.js";
import { findPlanWorld, villagesOfPlayers } from "../worlds/index.js";

export async function botVillages(db: Database, bot: Pick<DsbotRow, "playerName" | "worldServer" | "worldWorld">): Promise<BotVillage[]> {
  const world = await findPlanWorld(db, bot);
  if (!world) return [];
  const villages = await villagesOfPlayers(db, world.id, [bot.playerName]);
  return villages
    .map((v) => ({ id: v.id, name: v.name, coordinates: `${v.x}|${v.y}` }))
    .sort((a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id);
}
