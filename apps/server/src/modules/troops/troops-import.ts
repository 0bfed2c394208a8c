// A troops overview pasted by a player becomes their villages' troops: only villages of their own
// player (see ownPlayers), read on the player's world; every coordinate must be a village of that world.
// A text with any problem imports nothing and answers 400 with the problems by line.
import type { Unit, UnitInfo } from "@dsbot/protocol";
import { units, type OwnPlayersRule, WAR_ROOM_PARSE_MAX_ERRORS, warRoomMessages, type WarRoomParseError } from "@dsbot/protocol";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { yieldToEventLoop } from "../../db/chunks.js";
import { dsbots, pastedTroops } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";
import { inWriteLane, parsePasted, rejectPasted, type ImportDeps } from "../../workers/pasted-text.js";
import { requireUserWorld, villagesOnFields, type FieldVillage, type Importer } from "../worlds/index.js";

/** The world's units in the game's column order (militia never appears in the overview). */
function worldUnits(unitInfo: UnitInfo | null): Unit[] {
  if (!unitInfo) return [...units];
  return units.filter((u) => unitInfo[u] !== undefined);
}

/** How many villages a refusal names in its message (its issues list up to WAR_ROOM_PARSE_MAX_ERRORS). */
const FOREIGN_VILLAGES_NAMED = 3;

/** Whose villages take the user's pasted troops on a world, and why (the refusal says which rule). */
interface OwnPlayers extends OwnPlayersRule {
  players: string[];
}

/**
 * The players the user plays on this world: the game accounts of the bots they own or were granted
 * there (by name, any case, as the world data's owners are matched in latestVillageTroops). Admins too
 * paste for their own and granted bots only, not for every bot they may see. A user without a bot there
 * plays one player: the one their pasted troops already belong to, else the one owning most villages
 * of this paste (a troops overview from the game shows one player's villages).
 */
async function ownPlayers(
  db: Database,
  user: Importer,
  world: { server: string; world: string },
  pasted: readonly { x: number; y: number }[],
  known: ReadonlyMap<string, FieldVillage>,
): Promise<OwnPlayers> {
  const bots = await db
    .selectDistinct({ name: dsbots.playerName })
    .from(dsbots)
    .where(and(eq(dsbots.worldServer, world.server), eq(dsbots.worldWorld, world.world), visibleBotsCondition({ id: user.id, role: "user" })))
    .orderBy(dsbots.playerName);
  if (bots.length > 0) return { from: "bots", players: bots.map((r) => r.name) };
  const [earlier] = await db
    .select({ name: pastedTroops.playerName })
    .from(pastedTroops)
    .where(
      and(
        eq(pastedTroops.userId, user.id),
        eq(pastedTroops.worldServer, world.server),
        eq(pastedTroops.worldWorld, world.world),
        isNotNull(pastedTroops.playerName),
      ),
    )
    .limit(1);
  if (earlier?.name) return { from: "pasted", players: [earlier.name] };
  const villagesOf = new Map<string, number>();
  for (const v of pasted) {
    const owner = known.get(`${v.x}|${v.y}`)?.playerName;
    if (owner) villagesOf.set(owner, (villagesOf.get(owner) ?? 0) + 1);
  }
  // The first of the most (Map keeps the paste's order), so the answer does not depend on sorting.
  let top: string | null = null;
  for (const [owner, n] of villagesOf) if (top === null || n > villagesOf.get(top)!) top = owner;
  return { from: "paste", players: top === null ? [] : [top] };
}

/**
 * A troops overview is the player's own villages, so a paste is taken only for villages the world data
 * gives to the user's player(s) (ownPlayers): otherwise any user could store troops for every village of
 * the world (barbarians included), and every troops page and dashboard would carry them. Refuses the
 * whole paste (400) naming the first villages that are not, by line, name and coordinate, and their count.
 */
async function requireOwnVillages(
  db: Database,
  user: Importer,
  world: { server: string; world: string },
  pasted: readonly { line: number; x: number; y: number }[],
  known: ReadonlyMap<string, FieldVillage>,
): Promise<void> {
  const mine = await ownPlayers(db, user, world, pasted, known);
  const own = new Set(mine.players.map((name) => name.toLowerCase()));
  const foreign: WarRoomParseError[] = [];
  for (const v of pasted) {
    const village = known.get(`${v.x}|${v.y}`);
    if (!village || (village.playerName !== null && own.has(village.playerName.toLowerCase()))) continue;
    foreign.push({ line: v.line, message: warRoomMessages.notOwnVillage(v.line, `${village.name} (${village.x}|${village.y})`, village.playerName, mine) });
  }
  if (foreign.length === 0) return;
  const named = foreign.slice(0, FOREIGN_VILLAGES_NAMED).map((f) => f.message);
  // The issues (the web lists them) say why first, then each village.
  throw badRequest(warRoomMessages.notOwnVillages(foreign.length, named, mine), [
    { path: "", message: warRoomMessages.ownVillagesOnly(mine) },
    ...foreign.slice(0, WAR_ROOM_PARSE_MAX_ERRORS).map((f) => ({ path: "text", message: f.message })),
  ]);
}

/** Imports a troops overview as the user's pasted troops (own villages only); answers how many villages. */
export async function importTroopsOverview({ db, workers }: ImportDeps, user: Importer, text: string, now = Date.now()): Promise<number> {
  const world = await requireUserWorld(db, user);
  const parsed = await parsePasted(workers, "troopsOverview", { text, units: worldUnits((world.unitInfo as UnitInfo | null) ?? null) });
  if (parsed.errors.length > 0) rejectPasted(parsed.errors);
  const known = await villagesOnFields(db, world.id, parsed.villages);
  const errors: WarRoomParseError[] = [];
  for (const v of parsed.villages) {
    if (!known.has(`${v.x}|${v.y}`)) errors.push({ line: v.line, message: warRoomMessages.unknownVillage(v.line, `${v.x}|${v.y}`) });
  }
  if (errors.length > 0) rejectPasted(errors);
  const importedAt = new Date(now);
  const rows = parsed.villages.map((v) => {
    const village = known.get(`${v.x}|${v.y}`)!;
    return {
      userId: user.id,
      worldServer: world.server,
      worldWorld: world.world,
      villageId: village.id,
      x: village.x,
      y: village.y,
      name: village.name,
      playerName: village.playerName,
      units: v.own,
      inVillage: v.inVillage,
      outside: v.outside,
      onTheWay: v.onTheWay,
      importedAt,
    };
  });
  // Chunks without a transaction around them (a long one would hold the embedded database). The check
  // runs in the lane: two first pastes of one user without a bot cannot each choose another player.
  await inWriteLane(async () => {
    await requireOwnVillages(db, user, world, parsed.villages, known);
    for (let start = 0; start < rows.length; start += 500) {
      if (start > 0) await yieldToEventLoop();
      await db
        .insert(pastedTroops)
        .values(rows.slice(start, start + 500))
        .onConflictDoUpdate({
          target: [pastedTroops.userId, pastedTroops.worldServer, pastedTroops.worldWorld, pastedTroops.villageId],
          set: {
            x: sql`excluded.x`,
            y: sql`excluded.y`,
            name: sql`excluded.name`,
            playerName: sql`excluded.player_name`,
            units: sql`excluded.units`,
            inVillage: sql`excluded.in_village`,
            outside: sql`excluded.outside`,
            onTheWay: sql`excluded.on_the_way`,
            importedAt: sql`excluded.imported_at`,
          },
        });
    }
  });
  return rows.length;
}
