// Reading incomings (issue 22): the commands still on their way that the viewer may see — those of the
// bots they may see and their own pastes. Filters, sort and page run in the database on the stored
// analysis; the summary (count, nobles, next arrival) covers everything visible.
import type { Incoming, IncomingKind, IncomingListQuery, IncomingListResponse, Unit } from "@dsbot/protocol";
import { parseCoord, parseSort } from "@dsbot/protocol";
import { and, asc, count, desc, eq, gt, ilike, min, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { escapeLike } from "../../db/like.js";
import { dsbots, incomings, type IncomingRow } from "../../db/schema.js";
import type { Viewer } from "../dsbots/dsbots.policy.js";
import { visibleBotsCondition } from "../dsbots/dsbots.policy.js";

/** The incomings the viewer may see, landed ones excluded. */
export function visibleIncomings(viewer: Viewer, now: number): SQL {
  const bots = visibleBotsCondition(viewer);
  const fromBots = bots
    ? sql`${incomings.dsbotId} in (select ${dsbots.id} from ${dsbots} where ${bots})`
    : sql`${incomings.dsbotId} is not null`;
  return and(or(fromBots, eq(incomings.userId, viewer.id)), gt(incomings.arrivalAt, new Date(now))) as SQL;
}

const sortColumns = {
  arrivalTime: [incomings.arrivalAt],
  target: [incomings.targetY, incomings.targetX],
  attacker: [incomings.attackerName],
  distance: [incomings.distance],
  kind: [incomings.kind],
  likelyUnit: [incomings.likelySpeed],
} as const;

function filters(query: IncomingListQuery): SQL[] {
  const where: SQL[] = [];
  if (query.target) {
    const target = parseCoord(query.target);
    where.push(target.ok ? and(eq(incomings.targetX, target.value.x), eq(incomings.targetY, target.value.y))! : sql`false`);
  }
  if (query.attacker) where.push(ilike(incomings.attackerName, `%${escapeLike(query.attacker)}%`));
  if (query.likelyUnit) where.push(sql`${incomings.likelyUnits} ? ${query.likelyUnit}`);
  if (query.kind) where.push(eq(incomings.kind, query.kind));
  if (query.searchVal) {
    const like = `%${escapeLike(query.searchVal)}%`;
    where.push(
      or(
        ilike(incomings.attackerName, like),
        ilike(incomings.targetName, like),
        ilike(incomings.originName, like),
        ilike(incomings.attackerTribe, like),
        ilike(incomings.tag, like),
        sql`(${incomings.originX} || '|' || ${incomings.originY}) like ${like}`,
        sql`(${incomings.targetX} || '|' || ${incomings.targetY}) like ${like}`,
      )!,
    );
  }
  return where;
}

export async function listIncomings(db: Database, viewer: Viewer, query: IncomingListQuery, now = Date.now()): Promise<IncomingListResponse> {
  const visible = visibleIncomings(viewer, now);
  const where = and(visible, ...filters(query));
  const { field, direction } = parseSort(query.sortBy);
  const order = sortColumns[field].map((c) => (direction === "asc" ? asc(c) : desc(c)));
  const filtered = filters(query);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ incoming: incomings, botName: dsbots.playerName })
      .from(incomings)
      .leftJoin(dsbots, eq(dsbots.id, incomings.dsbotId))
      .where(where)
      .orderBy(...order, asc(incomings.arrivalAt), asc(incomings.id))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    // One pass for the filtered total and the summary over everything visible.
    db
      .select({
        totals: filtered.length > 0 ? sql<number>`count(*) filter (where ${and(...filtered)})::int` : sql<number>`count(*)::int`,
        n: count(),
        nobles: sql<number>`count(*) filter (where ${incomings.kind} = 'noble')::int`,
        next: min(incomings.arrivalAt),
      })
      .from(incomings)
      .where(visible),
  ]);
  const summary = counts;
  return {
    incomings: rows.map((r) => presentIncoming(r.incoming, r.botName)),
    totals: counts?.totals ?? 0,
    summary: { count: summary?.n ?? 0, nobles: summary?.nobles ?? 0, nextArrival: summary?.next ? new Date(summary.next).getTime() : null },
  };
}

/** One incoming the viewer may see (landed ones too, until they are dropped), or undefined. */
export async function findVisibleIncoming(db: Database, viewer: Viewer, id: number): Promise<{ row: IncomingRow; botName: string | null } | undefined> {
  const [found] = await db
    .select({ incoming: incomings, botName: dsbots.playerName })
    .from(incomings)
    .leftJoin(dsbots, eq(dsbots.id, incomings.dsbotId))
    .where(and(eq(incomings.id, id), visibleIncomings(viewer, 0)))
    .limit(1);
  return found ? { row: found.incoming, botName: found.botName } : undefined;
}

export function presentIncoming(row: IncomingRow, botName: string | null): Incoming {
  return {
    id: row.id,
    source: row.dsbotId !== null ? "bot" : "paste",
    dsbot: row.dsbotId !== null ? { id: row.dsbotId, dsPlayer: { name: botName ?? "" } } : null,
    world: { server: row.worldServer, world: row.worldWorld },
    origin: {
      villageId: row.originVillageId,
      name: row.originName,
      coordinates: `${row.originX}|${row.originY}`,
      player: row.attackerName ? { name: row.attackerName, tribe: row.attackerTribe } : null,
    },
    target: {
      villageId: row.targetVillageId,
      name: row.targetName,
      coordinates: `${row.targetX}|${row.targetY}`,
      player: row.defenderName ? { name: row.defenderName, tribe: null } : null,
    },
    arrivalTime: row.arrivalAt.getTime(),
    firstSeenAt: row.firstSeenAt.getTime(),
    distance: row.distance,
    likelyUnits: (row.likelyUnits as Unit[] | null) ?? null,
    otherUnits: (row.otherUnits as Unit[][] | null) ?? [],
    kind: row.kind as IncomingKind,
    kindReason: row.kindReason,
    trainId: row.trainId,
    trainIndex: row.trainIndex,
    label: row.label,
    tag: row.tag,
  };
}

/** Sets the player's tag on an incoming. */
export async function tagIncoming(db: Database, id: number, tag: string | null): Promise<IncomingRow | undefined> {
  const [row] = await db.update(incomings).set({ tag: tag && tag.length > 0 ? tag : null }).where(eq(incomings.id, id)).returning();
  return row;
}
