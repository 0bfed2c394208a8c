// A page of the attack table and the number of all attacks it matches, within the page
// budget on 20,000 attacks (PGlite included):
// - The plan's attacks in table order (for a sort and a search) are kept a short while per plan
//   version: the plan's `updated_at`, which every write of attacks moves. Sort keys and search texts
//   change only with such writes, so the order stays true; statuses do change without one (the attack
//   clock, bots) and are read fresh with the page's rows; a status filter's set of the plan's attacks in
//   those statuses is kept per latest attack change (every status change writes `updated_at`). A page
//   is then a slice of the order and its rows by id, however deep the page (OFFSET over 20,000 index
//   entries cost 20–40 ms on PGlite).
// - A search with a status filter is one scan that answers the page and, as a window count, the total.
import type { AttackListQuery } from "@dsbot/protocol";
import { parseSort } from "@dsbot/protocol";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attacks } from "../../db/schema.js";
import type { AttackPlanRow, AttackRow } from "../../db/schema.js";
import { idArray, searchCondition, sortColumns, statusCondition } from "./attacks.service.js";
import { planAttacks } from "../../policies/attack-visibility.js";

type Page = { rows: AttackRow[]; totals: number };
type PlanVersion = Pick<AttackPlanRow, "id" | "updatedAt">;

const ORDER_CACHE_MS = 30_000;
const ORDER_CACHE_ENTRIES = 64;
/** Per database (tests run several apps in one process): key → the plan's attack ids in table order. */
const orderCaches = new WeakMap<Database, Map<string, { ids: Int32Array; until: number }>>();
const STATUS_CACHE_MS = 2_000;
/** Per database: key (plan, versions, statuses) → the plan's attack ids in those statuses. */
const statusCaches = new WeakMap<Database, Map<string, { ids: Set<number>; until: number }>>();

export async function listAttacks(db: Database, plan: PlanVersion, query: AttackListQuery): Promise<Page> {
  const search = searchCondition(query.searchVal);
  const status = statusCondition(query.statusFilter);
  const { field, direction } = parseSort(query.sortBy);
  const by = direction === "desc" ? desc : asc;
  const order = [...sortColumns[field], attacks.id].map((column) => by(column));
  const offset = (query.activePage - 1) * query.perPage;
  if (search && status) return searchAndStatusPage(db, and(planAttacks(plan.id), status, search), order, query.perPage, offset);

  let ids: ArrayLike<number> = await orderedIds(db, plan, query, and(planAttacks(plan.id), search), order);
  if (status) {
    const allowed = await idsInStatus(db, plan, query.statusFilter, status);
    ids = Array.prototype.filter.call(ids, (id: number) => allowed.has(id)) as number[];
  }
  const pageIds = Array.from({ length: Math.max(0, Math.min(query.perPage, ids.length - offset)) }, (_, i) => ids[offset + i] as number);
  if (pageIds.length === 0) return { rows: [], totals: ids.length };
  const found = await db.select().from(attacks).where(sql`${attacks.id} = any(${idArray(pageIds)})`);
  const byId = new Map(found.map((row) => [row.id, row]));
  // An attack deleted since (by another instance, before its plan's version moved) simply drops out of the page.
  const rows = pageIds.map((id) => byId.get(id)).filter((row): row is AttackRow => row !== undefined);
  return { rows, totals: ids.length };
}

/** The plan's attacks matching the search, in table order: from the cache while the plan's version holds. */
async function orderedIds(db: Database, plan: PlanVersion, query: AttackListQuery, where: SQL | undefined, order: SQL[]): Promise<Int32Array> {
  const cache = orderCaches.get(db) ?? new Map<string, { ids: Int32Array; until: number }>();
  orderCaches.set(db, cache);
  const key = JSON.stringify([plan.id, plan.updatedAt.getTime(), query.searchVal.trim(), query.sortBy]);
  const now = Date.now();
  const cached = cache.get(key);
  if (cached && cached.until >= now) return cached.ids;
  const matches = await db.select({ id: attacks.id }).from(attacks).where(where).orderBy(...order);
  const entry = { ids: Int32Array.from(matches, (m) => m.id), until: now + ORDER_CACHE_MS };
  cache.delete(key);
  for (const [old, value] of cache) if (value.until < now || cache.size >= ORDER_CACHE_ENTRIES) cache.delete(old);
  cache.set(key, entry);
  return entry.ids;
}

/**
 * The plan's attacks in the filter's statuses. Every status change writes the attack's `updated_at`, so
 * the plan's latest one (one index read) versions the set; a short lifetime covers clocks that differ
 * between instances.
 */
async function idsInStatus(db: Database, plan: PlanVersion, statuses: readonly string[], condition: SQL): Promise<Set<number>> {
  const [latest] = await db
    .select({ at: sql<string | null>`max(${attacks.updatedAt})::text` })
    .from(attacks)
    .where(planAttacks(plan.id));
  const cache = statusCaches.get(db) ?? new Map<string, { ids: Set<number>; until: number }>();
  statusCaches.set(db, cache);
  const key = JSON.stringify([plan.id, plan.updatedAt.getTime(), latest?.at ?? null, [...statuses].sort()]);
  const now = Date.now();
  const cached = cache.get(key);
  if (cached && cached.until >= now) return cached.ids;
  const rows = await db.select({ id: attacks.id }).from(attacks).where(and(planAttacks(plan.id), condition));
  const entry = { ids: new Set(rows.map((r) => r.id)), until: now + STATUS_CACHE_MS };
  cache.delete(key);
  for (const [old, value] of cache) if (value.until < now || cache.size >= ORDER_CACHE_ENTRIES) cache.delete(old);
  cache.set(key, entry);
  return entry.ids;
}

async function searchAndStatusPage(db: Database, where: SQL | undefined, order: SQL[], perPage: number, offset: number): Promise<Page> {
  const page = db
    .select({ id: attacks.id, total: sql<number>`count(*) over ()`.as("total") })
    .from(attacks)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset(offset)
    .as("page");
  const rows = await db
    .select({ attack: attacks, total: sql`${sql.identifier("page")}.${sql.identifier("total")}`.mapWith(Number) })
    .from(attacks)
    .innerJoin(page, eq(attacks.id, page.id))
    .orderBy(...order);
  // A page past the end has no row to carry the count.
  const totals = rows[0] ? rows[0].total : ((await db.select({ n: count() }).from(attacks).where(where))[0]?.n ?? 0);
  return { rows: rows.map((r) => r.attack), totals };
}
