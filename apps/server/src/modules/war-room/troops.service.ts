// Truppen (issue 22): one row per own village, from the newest of the visible bots' inventory scans and
// the viewer's pasted troops overviews. A player holds at most a few thousand villages, so the rows are
// classified, filtered, sorted and summed here (bounded by TROOPS_VIEW_MAX).
import type { TroopListQuery, TroopListResponse, TroopRow, UnitCounts } from "@dsbot/protocol";
import { addUnitCounts, classifyTroops, parseSort, troopPopulation, type troopSortFields } from "@dsbot/protocol";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botTroops, dsbots, pastedTroops } from "../../db/schema.js";
import { toUnitCounts } from "../bot-troops/bot-troops.service.js";
import type { Viewer } from "../dsbots/dsbots.policy.js";
import { visibleBotsCondition } from "../dsbots/dsbots.policy.js";

/** More village rows than any tribe's players hold together; the rest is not read. */
export const TROOPS_VIEW_MAX = 20_000;

const orNull = (value: unknown): UnitCounts | null => (value === null || value === undefined ? null : toUnitCounts(value));

/** Every village row the viewer may see, newest source per village and world. */
export async function visibleTroops(db: Database, viewer: Viewer): Promise<TroopRow[]> {
  const [fromBots, pasted] = await Promise.all([
    db
      .selectDistinctOn([dsbots.worldServer, dsbots.worldWorld, botTroops.villageId], {
        troops: botTroops,
        playerName: dsbots.playerName,
        server: dsbots.worldServer,
        world: dsbots.worldWorld,
      })
      .from(botTroops)
      .innerJoin(dsbots, eq(dsbots.id, botTroops.dsbotId))
      .where(visibleBotsCondition(viewer))
      .orderBy(dsbots.worldServer, dsbots.worldWorld, botTroops.villageId, desc(botTroops.scannedAt), desc(botTroops.dsbotId))
      .limit(TROOPS_VIEW_MAX),
    db.select().from(pastedTroops).where(eq(pastedTroops.userId, viewer.id)).limit(TROOPS_VIEW_MAX),
  ]);
  const byVillage = new Map<string, TroopRow>();
  const put = (key: string, row: TroopRow) => {
    const known = byVillage.get(key);
    if (!known || known.scannedAt < row.scannedAt) byVillage.set(key, row);
  };
  for (const r of fromBots) {
    const t = r.troops;
    put(
      `${r.server}\n${r.world}\n${t.villageId}`,
      troopRow({
        villageId: t.villageId, name: t.name, x: t.x, y: t.y, playerName: r.playerName, source: "bot", dsbotId: t.dsbotId,
        scannedAt: t.scannedAt.getTime(), own: toUnitCounts(t.units), inVillage: orNull(t.inVillage), outside: orNull(t.outside), onTheWay: orNull(t.onTheWay),
      }),
    );
  }
  for (const t of pasted) {
    put(
      `${t.worldServer}\n${t.worldWorld}\n${t.villageId}`,
      troopRow({
        villageId: t.villageId, name: t.name, x: t.x, y: t.y, playerName: t.playerName, source: "paste", dsbotId: null,
        scannedAt: t.importedAt.getTime(), own: toUnitCounts(t.units), inVillage: toUnitCounts(t.inVillage), outside: toUnitCounts(t.outside), onTheWay: toUnitCounts(t.onTheWay),
      }),
    );
  }
  return [...byVillage.values()];
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

/** The village's whole army (at home, in other villages, in commands), its population and class. */
export function troopRow(s: TroopSource): TroopRow {
  const total = addUnitCounts(s.own, s.outside ?? {}, s.onTheWay ?? {});
  const pop = troopPopulation(total);
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
    class: classifyTroops(total),
  };
}

const collator = new Intl.Collator("de", { numeric: true, sensitivity: "base" });
const sorters: Record<(typeof troopSortFields)[number], (a: TroopRow, b: TroopRow) => number> = {
  village: (a, b) => collator.compare(a.name, b.name) || a.villageId - b.villageId,
  player: (a, b) => collator.compare(a.playerName ?? "", b.playerName ?? ""),
  population: (a, b) => a.population - b.population,
  offPopulation: (a, b) => a.offPopulation - b.offPopulation,
  defPopulation: (a, b) => a.defPopulation - b.defPopulation,
  scannedAt: (a, b) => a.scannedAt - b.scannedAt,
};

export async function listTroops(db: Database, viewer: Viewer, query: TroopListQuery): Promise<TroopListResponse> {
  const all = await visibleTroops(db, viewer);
  const players = [...new Set(all.map((r) => r.playerName).filter((n): n is string => !!n))].sort(collator.compare);
  const search = query.searchVal.toLowerCase();
  const player = query.player.toLowerCase();
  const rows = all.filter(
    (r) =>
      (!player || (r.playerName ?? "").toLowerCase() === player) &&
      (!query.class || r.class === query.class) &&
      (!search || r.name.toLowerCase().includes(search) || r.coordinates.includes(search)),
  );
  const { field, direction } = parseSort(query.sortBy);
  const sorter = sorters[field];
  rows.sort((a, b) => (direction === "asc" ? sorter(a, b) : -sorter(a, b)) || a.villageId - b.villageId);
  const sum = { total: addUnitCounts(...rows.map((r) => r.total)), population: 0, offPopulation: 0, defPopulation: 0 };
  for (const r of rows) {
    sum.population += r.population;
    sum.offPopulation += r.offPopulation;
    sum.defPopulation += r.defPopulation;
  }
  const start = (query.activePage - 1) * query.perPage;
  return { troops: rows.slice(start, start + query.perPage), totals: rows.length, sum, players };
}

/** Removes the viewer's pasted troops (on every world); answers how many villages. */
export async function clearPastedTroops(db: Database, userId: number): Promise<number> {
  const gone = await db.delete(pastedTroops).where(and(eq(pastedTroops.userId, userId))).returning({ id: pastedTroops.villageId });
  return gone.length;
}
