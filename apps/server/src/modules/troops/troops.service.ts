// Truppen: one row per own village, from the newest of the visible bots' inventory scans and
// the viewer's pasted troops overviews. The database merges the sources, works out each village's units in
// the asked view (the whole army, or one row of the game's overview), their population and class, and
// filters, sorts, pages and sums them: a request reads one page and one row of sums, never every village
// (20,000 villages sorted in JavaScript took 650–730 ms per request).
import type { TroopClass, TroopListQuery, TroopListResponse, TroopRow, TroopView, UnitCounts } from "@dsbot/protocol";
import {
  addUnitCounts,
  classifyTroops,
  defensiveUnits,
  offensiveUnits,
  parseSort,
  TROOP_CLASS_MIN_POPULATION,
  TROOP_CLASS_SHARE,
  troopPopulation,
  unitPopWeights,
  units,
  type troopSortFields,
} from "@dsbot/protocol";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { likeContains } from "../../db/like.js";
import { botTroops, dsbots, pastedTroops } from "../../db/schema.js";
import { toUnitCounts } from "./bot-troops.service.js";
import type { Viewer } from "../../policies/dsbots.policy.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

const orNull = (value: unknown): UnitCounts | null => (value === null || value === undefined ? null : toUnitCounts(value));

/** The column of a unit's count in the asked view (the whole army: own + outside + on the way). */
const totalColumn = (unit: string) => `total_${unit}`;
/** A unit's count in a jsonb column of counts (0 when absent or null; the columns hold validated counts only). */
const countIn = (column: string, unit: string) => `coalesce((${column}->>'${unit}')::bigint, 0)`;
/** The jsonb columns a view's counts add up from. */
const viewColumns: Record<TroopView, readonly string[]> = {
  total: ["newest.units", "newest.outside", "newest.on_the_way"],
  own: ["newest.units"],
  inVillage: ["newest.in_village"],
  outside: ["newest.outside"],
  onTheWay: ["newest.on_the_way"],
};
const weighted = (list: readonly (typeof units)[number][]) =>
  sql.raw(list.map((unit) => `${totalColumn(unit)} * ${unitPopWeights[unit]}`).join(" + "));

/**
 * The newest source per world and village of what the viewer may see, as a subquery: the visible bots'
 * scans and the viewer's pastes (a bot's scan wins a tie with a paste, then the higher bot id).
 */
function newestRows(viewer: Viewer): SQL {
  const visible = visibleBotsCondition(viewer);
  return sql`(
    select distinct on (s.world_server, s.world_world, s.village_id) s.*
    from (
      select ${dsbots.worldServer} as world_server, ${dsbots.worldWorld} as world_world, ${botTroops.villageId} as village_id,
        ${botTroops.name} as name, ${botTroops.x} as x, ${botTroops.y} as y, ${dsbots.playerName} as player_name, 'bot' as source,
        ${botTroops.dsbotId} as dsbot_id, ${botTroops.scannedAt} as scanned_at, ${botTroops.units} as units,
        ${botTroops.inVillage} as in_village, ${botTroops.outside} as outside, ${botTroops.onTheWay} as on_the_way, 0 as source_rank
      from ${botTroops} join ${dsbots} on ${dsbots.id} = ${botTroops.dsbotId}
      ${visible ? sql`where ${visible}` : sql``}
      union all
      select ${pastedTroops.worldServer}, ${pastedTroops.worldWorld}, ${pastedTroops.villageId}, ${pastedTroops.name}, ${pastedTroops.x},
        ${pastedTroops.y}, ${pastedTroops.playerName}, 'paste', null, ${pastedTroops.importedAt}, ${pastedTroops.units},
        ${pastedTroops.inVillage}, ${pastedTroops.outside}, ${pastedTroops.onTheWay}, 1
      from ${pastedTroops} where ${pastedTroops.userId} = ${viewer.id}
    ) s
    order by s.world_server, s.world_world, s.village_id, s.scanned_at desc, s.source_rank, s.dsbot_id desc nulls last
  )`;
}

/**
 * `newestRows` with each unit's count in the view (the whole army by default), their population, its
 * offensive and defensive parts and the class, worked out as `troopRow` and `classifyTroops` do. `evaluateFirst` works the armies out once per
 * village before anything reads them (OFFSET 0 keeps the planner from copying the expressions into
 * every place that uses them): right for sums, classes and sorts by population; a page sorted by name
 * is cheaper without it, as only its own rows are worked out then.
 */
function villageRows(viewer: Viewer, evaluateFirst: boolean, view: TroopView = "total"): SQL {
  // Constants of the protocol, written into the statement (a parameter next to a bigint would be read as one).
  const min = sql.raw(String(TROOP_CLASS_MIN_POPULATION));
  const share = sql.raw(String(TROOP_CLASS_SHARE));
  const totals = sql.raw(
    units.map((unit) => `${viewColumns[view].map((column) => countIn(column, unit)).join(" + ")} as ${totalColumn(unit)}`).join(", "),
  );
  return sql`(
    select p.*,
      case when p.off_population + p.def_population < ${min} then 'empty'
        when p.off_population >= (p.off_population + p.def_population) * ${share} then 'off'
        when p.def_population >= (p.off_population + p.def_population) * ${share} then 'def'
        else 'mixed' end as class
    from (
      select a.*, ${weighted(units)} as population, ${weighted(offensiveUnits)} as off_population, ${weighted(defensiveUnits)} as def_population
      from (
        select newest.*, ${totals}
        from ${newestRows(viewer)} newest
        ${evaluateFirst ? sql`offset 0` : sql``}
      ) a
    ) p
  )`;
}

interface VillageSqlRow {
  world_server: string;
  world_world: string;
  village_id: number;
  name: string;
  x: number;
  y: number;
  player_name: string | null;
  source: "bot" | "paste";
  dsbot_id: number | null;
  scanned_at: string | Date;
  units: unknown;
  in_village: unknown;
  outside: unknown;
  on_the_way: unknown;
}

interface TroopSource {
  villageId: number;
  name: string;
  x: number;
  y: number;
  playerName: string | null;
  source: "bot" | "paste";
  dsbotId: number | null;
  scannedAt: number;
  own: UnitCounts;
  inVillage: UnitCounts | null;
  outside: UnitCounts | null;
  onTheWay: UnitCounts | null;
}

/**
 * The village's whole army (at home, in other villages, in commands); population and class of the view's
 * units (of nothing when the source did not say).
 */
export function troopRow(s: TroopSource, view: TroopView = "total"): TroopRow {
  const total = addUnitCounts(s.own, s.outside ?? {}, s.onTheWay ?? {});
  const counted = view === "total" ? total : (s[view] ?? {});
  const pop = troopPopulation(counted);
  return {
    villageId: s.villageId,
    name: s.name,
    coordinates: `${s.x}|${s.y}`,
    playerName: s.playerName,
    source: s.source,
    dsbotId: s.dsbotId,
    scannedAt: s.scannedAt,
    own: s.own,
    inVillage: s.inVillage,
    outside: s.outside,
    onTheWay: s.onTheWay,
    total,
    population: pop.total,
    offPopulation: pop.off,
    defPopulation: pop.def,
    class: classifyTroops(counted),
  };
}

function presentRow(r: VillageSqlRow, view: TroopView): TroopRow {
  const pasted = r.source === "paste";
  return troopRow({
    villageId: r.village_id,
    name: r.name,
    x: r.x,
    y: r.y,
    playerName: r.player_name,
    source: r.source,
    dsbotId: r.dsbot_id,
    scannedAt: new Date(r.scanned_at).getTime(),
    own: toUnitCounts(r.units),
    // A paste always carries the four rows; an older bot's scan may lack the last three.
    inVillage: pasted ? toUnitCounts(r.in_village) : orNull(r.in_village),
    outside: pasted ? toUnitCounts(r.outside) : orNull(r.outside),
    onTheWay: pasted ? toUnitCounts(r.on_the_way) : orNull(r.on_the_way),
  }, view);
}

/**
 * The rows' ORDER BY: the field, then the village id (and world) so every page is stable. Names sort in
 * lower case in the database's order (no longer the German collation's "Dorf 9" before "Dorf 10").
 */
function orderBy(sortBy: TroopListQuery["sortBy"]): SQL {
  const { field, direction } = parseSort(sortBy);
  const dir = sql.raw(direction);
  const tail = sql`v.world_server, v.world_world`;
  const byField: Record<(typeof troopSortFields)[number], SQL> = {
    village: sql`lower(v.name) ${dir}, v.village_id ${dir}, ${tail}`,
    player: sql`lower(coalesce(v.player_name, '')) ${dir}, v.village_id, ${tail}`,
    population: sql`v.population ${dir}, v.village_id, ${tail}`,
    offPopulation: sql`v.off_population ${dir}, v.village_id, ${tail}`,
    defPopulation: sql`v.def_population ${dir}, v.village_id, ${tail}`,
    scannedAt: sql`v.scanned_at ${dir}, v.village_id, ${tail}`,
  };
  return byField[field];
}

function filters(query: Pick<TroopListQuery, "searchVal" | "player" | "class">): SQL {
  const search = query.searchVal.toLowerCase();
  return sql.join(
    [
      sql`true`,
      query.player ? sql`lower(coalesce(v.player_name, '')) = ${query.player.toLowerCase()}` : undefined,
      query.class ? sql`v.class = ${query.class satisfies TroopClass}` : undefined,
      search ? sql`(lower(v.name) like ${likeContains(search)} or (v.x || '|' || v.y) like ${likeContains(search)})` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

interface SumsSqlRow {
  villages: number | string;
  population: number | string | null;
  off_population: number | string | null;
  def_population: number | string | null;
  [total: `total_${string}`]: number | string | null;
}

/** Count and sums of the matching villages (of the view's units), in one row. */
async function sums(db: Database, viewer: Viewer, where: SQL, view: TroopView = "total"): Promise<SumsSqlRow> {
  const totals = sql.raw(units.map((unit) => `sum(v.${totalColumn(unit)}) as ${totalColumn(unit)}`).join(", "));
  const result = await db.execute(sql`
    select count(*) as villages, sum(v.population) as population, sum(v.off_population) as off_population,
      sum(v.def_population) as def_population, ${totals}
    from ${villageRows(viewer, true, view)} v where ${where}`);
  return (result as unknown as { rows: SumsSqlRow[] }).rows[0] as SumsSqlRow;
}

/** The dashboard's troops card: how many villages the viewer sees and their population. */
export async function troopTotals(db: Database, viewer: Viewer): Promise<{ villages: number; population: number; offPopulation: number; defPopulation: number }> {
  const row = await sums(db, viewer, sql`true`);
  return {
    villages: Number(row.villages),
    population: Number(row.population ?? 0),
    offPopulation: Number(row.off_population ?? 0),
    defPopulation: Number(row.def_population ?? 0),
  };
}

const collator = new Intl.Collator("de", { numeric: true, sensitivity: "base" });
const populationSorts: readonly string[] = ["population", "offPopulation", "defPopulation"] satisfies (typeof troopSortFields)[number][];

/** Whether the page's filter or sort reads every village's army (class, population). */
const readsArmies = (query: TroopListQuery) => query.class !== "" || populationSorts.includes(parseSort(query.sortBy).field);

export async function listTroops(db: Database, viewer: Viewer, query: TroopListQuery): Promise<TroopListResponse> {
  const where = filters(query);
  const [page, sum, names] = await Promise.all([
    db.execute(sql`
      select v.world_server, v.world_world, v.village_id, v.name, v.x, v.y, v.player_name, v.source, v.dsbot_id, v.scanned_at,
        v.units, v.in_village, v.outside, v.on_the_way
      from ${villageRows(viewer, readsArmies(query), query.view)} v where ${where}
      order by ${orderBy(query.sortBy)}
      limit ${query.perPage} offset ${(query.activePage - 1) * query.perPage}`),
    sums(db, viewer, where, query.view),
    db.execute(sql`select distinct v.player_name from ${newestRows(viewer)} v where v.player_name is not null`),
  ]);
  const total: UnitCounts = {};
  for (const unit of units) {
    const n = Number(sum[`total_${unit}`] ?? 0);
    if (n > 0) total[unit] = n;
  }
  const players = (names as unknown as { rows: { player_name: string }[] }).rows.map((r) => r.player_name).sort(collator.compare);
  return {
    troops: (page as unknown as { rows: VillageSqlRow[] }).rows.map((row) => presentRow(row, query.view)),
    totals: Number(sum.villages),
    sum: {
      total,
      population: Number(sum.population ?? 0),
      offPopulation: Number(sum.off_population ?? 0),
      defPopulation: Number(sum.def_population ?? 0),
    },
    players,
  };
}

/** Removes the viewer's pasted troops (on every world); answers how many villages. */
export async function clearPastedTroops(db: Database, userId: number): Promise<number> {
  const gone = await db.delete(pastedTroops).where(and(eq(pastedTroops.userId, userId))).returning({ id: pastedTroops.villageId });
  return gone.length;
}
