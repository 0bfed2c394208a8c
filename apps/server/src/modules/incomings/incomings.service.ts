// Reading incomings: the commands still on their way that the viewer may see — those of the
// bots they may see and their own pastes. Filters, sort and page run in the database on the stored
// analysis; the summary (count, nobles, next arrival) covers everything visible.
import type { Incoming, IncomingKind, IncomingListQuery, IncomingListResponse, IncomingSummary, Unit } from "@dsbot/protocol";
import { incomingListQuerySchema, parseCoord, parseSort } from "@dsbot/protocol";
import { and, asc, desc, eq, getTableColumns, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { likeContains } from "../../db/like.js";
import { executePrepared } from "../../db/prepared.js";
import { dsbots, incomings, type IncomingRow } from "../../db/schema.js";
import type { Viewer } from "../../policies/dsbots.policy.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";
import type { IncomingWalk, IncomingWalkCache } from "./incomings-summary.js";
import { incomingsFingerprintSql } from "./incomings-summary.js";

/** The incomings the viewer may see, landed ones excluded. */
export function visibleIncomings(viewer: Viewer, now: number): SQL {
  const bots = visibleBotsCondition(viewer);
  const fromBots = bots
    ? sql`${incomings.dsbotId} in (select ${dsbots.id} from ${dsbots} where ${bots})`
    : sql`${incomings.dsbotId} is not null`;
  return and(or(fromBots, eq(incomings.userId, viewer.id)), gt(incomings.arrivalAt, new Date(now))) as SQL;
}

/**
 * One command seen twice — by two bots on one game account, or by a bot and in the viewer's own
 * pasted SOS text — is listed once. Of the visible rows (`visible`, a CTE of the walk), those left
 * out: a row whose twin — same world, origin, target and arrival to the millisecond (two different
 * commands cannot share all of them) — is visible too and comes first: a bot's row before a pasted
 * one (it carries the game's label), then the lower id. A hash join of the visible rows in memory.
 */
const shadowedIncomings = sql.raw(`select later.id from visible later join visible earlier
    on earlier.arrival_at = later.arrival_at and earlier.target_x = later.target_x and earlier.target_y = later.target_y
      and earlier.origin_x = later.origin_x and earlier.origin_y = later.origin_y
      and earlier.world_server = later.world_server and earlier.world_world = later.world_world
      and ((earlier.dsbot_id is not null) > (later.dsbot_id is not null)
        or ((earlier.dsbot_id is not null) = (later.dsbot_id is not null) and earlier.id < later.id))`);

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
  if (query.attacker) where.push(ilike(incomings.attackerName, likeContains(query.attacker)));
  if (query.likelyUnit) where.push(sql`${incomings.likelyUnits} ? ${query.likelyUnit}`);
  if (query.kind) where.push(eq(incomings.kind, query.kind));
  // One LIKE on the stored search text (names, tribe, tag, both fields) instead of one per column.
  if (query.searchVal) where.push(sql`${incomings.searchText} like lower(${likeContains(query.searchVal)})`);
  return where;
}

type Walked = { fingerprint: string | null; ids: number[] | string | null; n: number; nobles: number; next: string | Date | null };

/**
 * Walks the matching rows (every id in page order) and counts all the viewer may see, in one
 * statement with the viewer's fingerprint.
 */
async function walkIncomings(db: Database, viewer: Viewer, query: IncomingListQuery, now: number): Promise<IncomingWalk & { fingerprint: string }> {
  const { field, direction } = parseSort(query.sortBy);
  const order = sortColumns[field].map((c) => (direction === "asc" ? asc(c) : desc(c)));
  const matching = db
    .select({ id: incomings.id })
    .from(incomings)
    .where(and(sql`${incomings.id} in (select id from listed)`, ...filters(query)))
    .orderBy(...order, asc(incomings.arrivalAt), asc(incomings.id));
  // The visible rows are read once; twins are left out of the list and the counts alike.
  const result = await db.execute(sql`
    with visible as materialized (
      select ${incomings.id}, ${incomings.dsbotId}, ${incomings.worldServer}, ${incomings.worldWorld}, ${incomings.originX}, ${incomings.originY},
        ${incomings.targetX}, ${incomings.targetY}, ${incomings.arrivalAt}, ${incomings.kind}
      from ${incomings} where ${visibleIncomings(viewer, now)}),
    listed as materialized (select id, kind, arrival_at from visible where id not in (${shadowedIncomings}))
    select ${incomingsFingerprintSql(viewer)} as fingerprint, array(${matching}) as ids, counts.n, counts.nobles, counts.next
    from (select count(*)::int as n, (count(*) filter (where kind = 'noble'))::int as nobles, min(arrival_at) as next from listed) counts`);
  const row = (result as unknown as { rows: Walked[] }).rows[0];
  const ids = typeof row?.ids === "string" ? parseIntArray(row.ids) : (row?.ids ?? []);
  return {
    fingerprint: row?.fingerprint ?? "",
    ids: Int32Array.from(ids),
    summary: { count: row?.n ?? 0, nobles: row?.nobles ?? 0, nextArrival: row?.next ? new Date(row.next).getTime() : null },
  };
}

/** `{1,2,3}` as PostgreSQL's text form of an int array. */
const parseIntArray = (text: string): number[] => (text.length <= 2 ? [] : text.slice(1, -1).split(",").map(Number));

/** The incomings columns a page sends (not the search text). */
const pageColumns = Object.values(getTableColumns(incomings)).filter((c) => c.name !== "search_text");
const pageColumnList = sql.raw(pageColumns.map((c) => `i."${c.name}"`).join(", "));

/** A row of the page statement's JSON (column names as keys) as drizzle would have read it. */
function rowFromJson(json: Record<string, unknown>): IncomingRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(incomings))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as IncomingRow;
}

type PageRow = Record<string, unknown> & { bot_name: string | null };

/**
 * These rows in this order, as one JSON array, with the viewer's fingerprint: one statement, prepared
 * (its text only changes with the viewer's role), so a kept page is not planned again on every call.
 */
async function pageRows(db: Database, viewer: Viewer, ids: ArrayLike<number>): Promise<{ fingerprint: string; rows: PageRow[] }> {
  const [first] = await executePrepared<{ fingerprint: string | null; rows: unknown }>(db, sql`
    select ${incomingsFingerprintSql(viewer)} as fingerprint,
      (select coalesce(json_agg(r order by r.ord), '[]')
         from (select ${pageColumnList}, d.player_name as bot_name, p.ord
                 from unnest(${sql.param(Array.from(ids))}::int[]) with ordinality as p(id, ord)
                 join ${incomings} i on i.id = p.id
                 left join ${dsbots} d on d.id = i.dsbot_id) r) as rows`);
  const rows = (typeof first?.rows === "string" ? JSON.parse(first.rows) : (first?.rows ?? [])) as PageRow[];
  return { fingerprint: first?.fingerprint ?? "", rows };
}

const walkKey = (query: IncomingListQuery) => JSON.stringify([query.sortBy, query.target, query.attacker, query.likelyUnit, query.kind, query.searchVal]);

/**
 * The walk for this query: the kept one, or a new one (then kept). A kept one is checked by the caller
 * against the fingerprint read with its rows.
 */
async function walkFor(db: Database, viewer: Viewer, query: IncomingListQuery, cache: IncomingWalkCache | undefined, now: number) {
  const kept = cache?.lookup(viewer, walkKey(query), now);
  if (kept) return { walk: kept, kept: true };
  const walk = await walkIncomings(db, viewer, query, now);
  cache?.store(viewer, walkKey(query), walk.fingerprint, walk);
  return { walk, kept: false };
}

/** Count, nobles and next arrival of everything the viewer may see (the dashboard's card). */
export async function incomingsSummary(db: Database, viewer: Viewer, cache?: IncomingWalkCache, now = Date.now()): Promise<IncomingSummary> {
  const query = incomingListQuerySchema.parse({});
  const { walk, kept } = await walkFor(db, viewer, query, cache, now);
  if (!kept) return walk.summary;
  const [current] = await executePrepared<{ fingerprint: string | null }>(db, sql`select ${incomingsFingerprintSql(viewer)} as fingerprint`);
  if (current?.fingerprint === walk.fingerprint) return walk.summary;
  cache?.drop(viewer, walkKey(query));
  return (await walkFor(db, viewer, query, cache, now)).walk.summary;
}

/**
 * A page of incomings. With a kept walk it is one statement (the page's rows by id and the fingerprint);
 * when the fingerprint shows a write since, or nothing is kept, the rows are walked again first.
 */
export async function listIncomings(db: Database, viewer: Viewer, query: IncomingListQuery, cache?: IncomingWalkCache, now = Date.now()): Promise<IncomingListResponse> {
  const start = (query.activePage - 1) * query.perPage;
  const first = await walkFor(db, viewer, query, cache, now);
  let walk = first.walk;
  let page = await pageRows(db, viewer, walk.ids.subarray(start, start + query.perPage));
  if (first.kept && page.fingerprint !== walk.fingerprint) {
    cache?.drop(viewer, walkKey(query));
    ({ walk } = await walkFor(db, viewer, query, cache, now));
    page = await pageRows(db, viewer, walk.ids.subarray(start, start + query.perPage));
  }
  return {
    incomings: page.rows.map((r) => presentIncoming(rowFromJson(r), r.bot_name)),
    totals: walk.ids.length,
    summary: { ...walk.summary },
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

/** Removes one incoming row (the caller checked that it is theirs). */
export async function removeIncoming(db: Database, id: number): Promise<void> {
  await db.delete(incomings).where(eq(incomings.id, id));
}
