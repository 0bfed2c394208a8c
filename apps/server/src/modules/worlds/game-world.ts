// The game world of a plan, as attacks need it: its villages by coordinates or id (with their players'
// names), its unit speeds (the world's get_unit_info, or the base speeds scaled by its config when none
// was imported) and the Freundschaft of the attacking players from the plan owner's Spieler Skills.
import type { Coord, GameConfig, TribeOfPlayer, UnitSpeedTable } from "@dsbot/protocol";
import { attackPlanMessages, baseUnitSpeeds, playerSkillLevelsSchema, supportBoost, units, usernameKey, worldTimeZone } from "@dsbot/protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { AttackPlanRow, WorldRow } from "../../db/schema.js";
import { allies, players, playerSkills, worlds } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { worldDataKey } from "./world-data-key.js";

type Executor = Pick<Database, "execute" | "select">;

/** A village of the world with its owner; `playerId` and `playerName` null = barbarian. */
export interface WorldVillage {
  id: number;
  name: string;
  x: number;
  y: number;
  playerId: number | null;
  playerName: string | null;
}

export const coordKey = (c: Coord): number => c.x * 1000 + c.y;

export interface PlanWorld {
  world: WorldRow;
  unitInfo: UnitSpeedTable;
  config: GameConfig | null;
  /** The world's server time zone (the admin's correction or its market's). */
  timeZone: string;
}

/** The server time zone of a plan's world: the world's corrected zone when it is known, else its market's. */
export function planTimeZone(plan: Pick<AttackPlanRow, "worldServer">, world: Pick<WorldRow, "timeZone"> | undefined): string {
  return worldTimeZone({ server: plan.worldServer, timeZone: world?.timeZone });
}

/** The tribes of the given players on the world as its data has them now; players without one are left out. */
export async function tribesOfPlayers(db: Executor, worldId: number, playerIds: Iterable<number>): Promise<Map<number, TribeOfPlayer>> {
  const ids = [...new Set(playerIds)];
  const tribes = new Map<number, TribeOfPlayer>();
  if (ids.length === 0) return tribes;
  const rows = await db
    .select({ player: players.id, tag: allies.tag, name: allies.name })
    .from(players)
    .innerJoin(allies, and(eq(allies.worldId, players.worldId), eq(allies.id, players.allyId)))
    .where(and(eq(players.worldId, worldDataKey(worldId)), inArray(players.id, ids)));
  for (const row of rows) tribes.set(row.player, { tag: row.tag, name: row.name });
  return tribes;
}

/** The plan's world row, or undefined when it is unknown. */
export async function findPlanWorld(db: Executor, plan: Pick<AttackPlanRow, "worldServer" | "worldWorld">): Promise<WorldRow | undefined> {
  const [world] = await db
    .select()
    .from(worlds)
    .where(and(eq(worlds.server, plan.worldServer), eq(worlds.world, plan.worldWorld)))
    .limit(1);
  return world;
}

/** The speeds when a world has no unit info: the base speeds divided by its speed × unit speed (1 without a config). */
export function fallbackUnitInfo(config: GameConfig | null | undefined): UnitSpeedTable {
  const factor = config ? config.speed * config.unitSpeed : 1;
  return Object.fromEntries(units.map((unit) => [unit, { speed: baseUnitSpeeds[unit] / factor }]));
}

/** The plan's world with its villages imported; a German 400 otherwise (nothing to resolve coordinates against). */
export async function requirePlanWorld(db: Executor, plan: Pick<AttackPlanRow, "worldServer" | "worldWorld">): Promise<PlanWorld> {
  const world = await findPlanWorld(db, plan);
  if (!world || world.villageCount === 0) throw badRequest(attackPlanMessages.worldMissing);
  return { world, unitInfo: world.unitInfo ?? fallbackUnitInfo(world.config), config: world.config ?? null, timeZone: planTimeZone(plan, world) };
}

interface VillageSqlRow {
  id: number;
  name: string;
  x: number;
  y: number;
  player_id: number;
  player_name: string | null;
}

function toVillage(row: VillageSqlRow): WorldVillage {
  // A village whose player is not in player.txt (any more) counts as barbarian: no name to show or sort by.
  const owned = row.player_id !== 0 && row.player_name !== null;
  return {
    id: Number(row.id),
    name: row.name,
    x: Number(row.x),
    y: Number(row.y),
    playerId: owned ? Number(row.player_id) : null,
    playerName: owned ? row.player_name : null,
  };
}

const villageColumns = sql`v.id, v.name, v.x, v.y, v.player_id, p.name as player_name`;
const playerJoin = sql`left join players p on p.world_id = v.world_id and p.id = v.player_id`;
const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;

/**
 * Villages per lookup query: on embedded PGlite a query runs on the event loop, so 20,000 coordinates go
 * as ten queries with a turn of the loop between them (about 1 s in one query before).
 */
const LOOKUP_CHUNK = 2_000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The world's villages at these coordinates, by `coordKey`; coordinates without a village are missing. */
export async function villagesAt(db: Executor, worldId: number, coords: readonly Coord[]): Promise<Map<number, WorldVillage>> {
  const list = [...new Map(coords.map((c) => [coordKey(c), c])).values()];
  const found = new Map<number, WorldVillage>();
  for (let start = 0; start < list.length; start += LOOKUP_CHUNK) {
    if (start > 0) await nextTurn();
    const chunk = list.slice(start, start + LOOKUP_CHUNK);
    // A lateral lookup per coordinate walks the (world, x, y) index; a plain join let the planner hash or
    // sort all of the world's villages for every chunk (100k villages: 170-490 ms per query on PGlite).
    const result = await db.execute(sql`
      select ${villageColumns}
      from unnest(${intArray(chunk.map((c) => c.x))}, ${intArray(chunk.map((c) => c.y))}) as c(x, y)
      cross join lateral (select * from villages v where v.world_id = ${worldDataKey(worldId)} and v.x = c.x and v.y = c.y limit 1) v
      ${playerJoin}`);
    for (const row of (result as unknown as { rows: VillageSqlRow[] }).rows) {
      const village = toVillage(row);
      found.set(coordKey(village), village);
    }
  }
  return found;
}

/** The world's villages with these ids (DS Workbench names villages by id). */
export async function villagesById(db: Executor, worldId: number, ids: readonly number[]): Promise<WorldVillage[]> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (unique.length === 0) return [];
  const result = await db.execute(sql`
    select ${villageColumns} from villages v ${playerJoin}
    where v.world_id = ${worldDataKey(worldId)} and v.id = any(${intArray(unique)})`);
  return (result as unknown as { rows: VillageSqlRow[] }).rows.map(toVillage);
}

/** The villages of these players (by name, any case) on the world, by id; read a chunk per query. */
export async function villagesOfPlayers(db: Executor, worldId: number, playerNames: readonly string[]): Promise<WorldVillage[]> {
  const names = [...new Set(playerNames.map((n) => n.toLowerCase()))];
  const villages: WorldVillage[] = [];
  if (names.length === 0) return villages;
  for (let after = -1; ; ) {
    if (after >= 0) await nextTurn();
    const result = await db.execute(sql`
      select ${villageColumns} from players p
      join villages v on v.world_id = p.world_id and v.player_id = p.id
      where p.world_id = ${worldDataKey(worldId)} and lower(p.name) = any(${sql.param(names)}::text[]) and v.id > ${after}
      order by v.id limit ${LOOKUP_CHUNK}`);
    const rows = (result as unknown as { rows: VillageSqlRow[] }).rows;
    villages.push(...rows.map(toVillage));
    if (rows.length < LOOKUP_CHUNK) return villages;
    after = (villages[villages.length - 1] as WorldVillage).id;
  }
}

/**
 * The support boost (Freundschaft) of each of these players, by `usernameKey` of the name, as the plan's
 * owner saved it under Spieler Skills for the plan's world; players without saved skills are missing (0).
 */
export async function supportBoosts(
  db: Executor,
  plan: Pick<AttackPlanRow, "ownerId" | "worldServer" | "worldWorld">,
  playerNames: Iterable<string | null>,
): Promise<Map<string, number>> {
  const keys = [...new Set([...playerNames].filter((n): n is string => !!n).map(usernameKey))];
  const boosts = new Map<string, number>();
  if (keys.length === 0) return boosts;
  const rows = await db
    .select({ key: playerSkills.playerNameKey, skills: playerSkills.skills })
    .from(playerSkills)
    .where(
      and(
        eq(playerSkills.userId, plan.ownerId),
        eq(playerSkills.worldServer, plan.worldServer),
        eq(playerSkills.worldWorld, plan.worldWorld),
        sql`${playerSkills.playerNameKey} = any(${sql.param(keys)}::text[])`,
      ),
    );
  for (const row of rows) {
    const level = playerSkillLevelsSchema.shape.freundschaft.safeParse(row.skills.freundschaft);
    if (level.success && level.data > 0) boosts.set(row.key, supportBoost({ freundschaft: level.data }));
  }
  return boosts;
}

/** The boost of one player from `supportBoosts` (0 for barbarians and players without skills). */
export function boostOf(boosts: ReadonlyMap<string, number>, playerName: string | null): number {
  return playerName ? (boosts.get(usernameKey(playerName)) ?? 0) : 0;
}
