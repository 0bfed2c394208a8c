// The attack table's conditions (search over players, village names and coordinates,
// the status filter, the sort columns) and the selection of the table that export and bulk actions take.
// The page itself is attack-table.service.ts, the bulk actions attack-bulk.service.ts.
import type { AttackSelection, AttackSortField, AttackStatus } from "@dsbot/protocol";
import { attackStatuses } from "@dsbot/protocol";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import type { Database } from "../../db/client.js";
import { likeContains } from "../../db/like.js";
import { attacks } from "../../db/schema.js";
import type { AttackRow } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { planAttacks } from "../../policies/attack-visibility.js";

/**
 * The order of each sortable column, id last, all in one direction: exactly the columns of its index,
 * so a page is an index range. Barbarians (no player name) sort after every name ascending and before
 * them descending, as PostgreSQL orders NULLs by default.
 */
export const sortColumns: Record<AttackSortField, AnyPgColumn[]> = {
  sendTime: [attacks.sendAt],
  arrivalTime: [attacks.arrivalAt],
  attacker: [attacks.attackerName],
  defender: [attacks.defenderName],
  startVillage: [attacks.sourceX, attacks.sourceY],
  targetVillage: [attacks.targetX, attacks.targetY],
};

/**
 * Any of the players, village names or `x|y` coordinates contains the text (any case; `%` and `_` are
 * literal): one LIKE over the generated lower-case `search_text` column.
 */
export function searchCondition(searchVal: string): SQL | undefined {
  const term = searchVal.trim();
  if (term === "") return undefined;
  return sql`${attacks.searchText} like lower(${likeContains(term)})`;
}

/** No condition when every status is allowed, none matches for an empty filter. */
export function statusCondition(statuses: readonly AttackStatus[]): SQL | undefined {
  if (attackStatuses.every((s) => statuses.includes(s))) return undefined;
  return statuses.length === 0 ? sql`false` : inArray(attacks.status, [...new Set(statuses)]);
}

/** A PostgreSQL int[] of the ids that can exist (bigger ones cannot, and would not fit the type). */
export const idArray = (ids: readonly number[]) => sql`${`{${[...new Set(ids)].filter((id) => id <= MAX_SERIAL_ID).join(",")}}`}::int[]`;

/** The plan's attacks a selection names: its ids (other plans' ids simply match nothing) or the table's filter. */
export function selectionCondition(planId: number, selection: AttackSelection | undefined): SQL | undefined {
  if (!selection) return planAttacks(planId);
  if ("ids" in selection) return and(planAttacks(planId), sql`${attacks.id} = any(${idArray(selection.ids)})`);
  return and(planAttacks(planId), statusCondition(selection.filter.statusFilter), searchCondition(selection.filter.searchVal));
}

export async function findAttack(db: Database, planId: number, attackId: number): Promise<AttackRow | undefined> {
  if (attackId > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select()
    .from(attacks)
    .where(and(planAttacks(planId), eq(attacks.id, attackId)))
    .limit(1);
  return row;
}

/** How many attacks of the plan the selection names. */
export async function countSelected(db: Database, planId: number, selection: AttackSelection | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attacks).where(selectionCondition(planId, selection));
  return row?.n ?? 0;
}

/** The statuses still to be sent: an export starts with them. */
const openStatuses: readonly AttackStatus[] = ["planned", "due"];
const doneRank = sql<number>`(${attacks.status} not in (${sql.join(
  openStatuses.map((s) => sql`${s}`),
  sql`, `,
)}))::int`;

/**
 * The selected attacks for the export, ROW_CHUNK at a time with a turn of the event loop between: what
 * is still to be sent first (planned and due, in send order), then the rest (sent, failed, expired,
 * cancelled, in send order), so an exported plan starts with the next attack.
 */
export async function* selectedAttackChunks(db: Database, planId: number, selection: AttackSelection | undefined): AsyncGenerator<AttackRow[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await db
      .select({ attack: attacks, done: doneRank })
      .from(attacks)
      .where(and(selectionCondition(planId, selection), after))
      .orderBy(doneRank, asc(attacks.sendAt), asc(attacks.id))
      .limit(ROW_CHUNK);
    if (rows.length > 0) yield rows.map((r) => r.attack);
    const last = rows.at(-1);
    if (!last || rows.length < ROW_CHUNK) return;
    after = sql`(${doneRank}, ${attacks.sendAt}, ${attacks.id}) > (${last.done}, ${last.attack.sendAt.toISOString()}::timestamptz, ${last.attack.id})`;
    await yieldToEventLoop();
  }
}
