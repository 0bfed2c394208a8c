// The walk of Stammes-Eingänge (every member's incomings merged to one row per command, in arrival
// order) built from each reporter's own rows: a member's pastes (`u:<user>`) and each of their bots'
// scans (`b:<bot>`). Each reporter's rows are kept under the version incoming_versions holds for it
// (raised by a trigger on every write of incomings), so after a paste only that member's rows are read
// again, not the tribe's 10,000: one statement merging all of them with window functions held the
// embedded database 180 ms on every change (bench/tribe-board.mjs). The merge runs here: a command
// reported by several members — the same origin, target and arrival to the millisecond — is one row,
// a bot's report before a pasted one, then the lower id.
import type { IncomingKind } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executePrepared } from "../../db/prepared.js";
import type { BoardTribe } from "./tribe-board-reads.js";
import type { BoardWalk, FingerprintCache } from "./tribe-board-walks.js";

/** One reporter's incomings still on their way when read, in arrival order. */
export interface ScopeRows {
  ids: Int32Array;
  /** target x, target y, origin x, origin y per row (four entries a row). */
  fields: Int16Array;
  arrivals: Float64Array;
  kinds: readonly IncomingKind[];
  /** A bot's scan (before a paste of the same command). */
  bot: boolean;
}

/**
 * One read takes at most this many rows, the earliest (reading grows with them, so it is bounded
 * before it starts; a tribe of 100 members with 10,000 incomings is a tenth of it). A read cut there
 * keeps nothing: it is done again on the next request, and the latest rows show once earlier ones land.
 */
export const SCOPE_READ_MAX = 100_000;

interface ReadRow {
  id: number;
  scope: string;
  tx: number;
  ty: number;
  ox: number;
  oy: number;
  arrival: number;
  kind: IncomingKind;
}

/** The rows of these reporters on the tribe's world still on their way at `now`, by reporter. */
async function readScopes(db: Database, tribe: BoardTribe, botIds: number[], userIds: number[], now: Date): Promise<{ byScope: Map<string, ScopeRows>; cut: boolean }> {
  const rows = await executePrepared<ReadRow>(
    db,
    // Two index reads (a bot's commands, a member's pastes) rather than one OR over both.
    sql`select * from (
        (select id, 'b:' || dsbot_id as scope, target_x as tx, target_y as ty, origin_x as ox, origin_y as oy,
          round(extract(epoch from arrival_at) * 1000)::float8 as arrival, kind
        from incomings where dsbot_id = any(${sql.param(botIds)}::int[]) and world_server = ${tribe.worldServer} and world_world = ${tribe.worldWorld}
          and arrival_at > ${now.toISOString()}::timestamptz)
        union all
        (select id, 'u:' || user_id, target_x, target_y, origin_x, origin_y,
          round(extract(epoch from arrival_at) * 1000)::float8, kind
        from incomings where user_id = any(${sql.param(userIds)}::int[]) and world_server = ${tribe.worldServer} and world_world = ${tribe.worldWorld}
          and arrival_at > ${now.toISOString()}::timestamptz)
      ) r order by arrival, id limit ${SCOPE_READ_MAX + 1}`,
  );
  const cut = rows.length > SCOPE_READ_MAX;
  const lists = new Map<string, ReadRow[]>();
  for (const row of cut ? rows.slice(0, SCOPE_READ_MAX) : rows) (lists.get(row.scope) ?? lists.set(row.scope, []).get(row.scope))?.push(row);
  const byScope = new Map<string, ScopeRows>();
  for (const [scope, list] of lists) {
    const fields = new Int16Array(list.length * 4);
    list.forEach((r, i) => fields.set([r.tx, r.ty, r.ox, r.oy], i * 4));
    byScope.set(scope, {
      ids: Int32Array.from(list, (r) => r.id),
      fields,
      arrivals: Float64Array.from(list, (r) => r.arrival),
      kinds: list.map((r) => r.kind),
      bot: scope.startsWith("b:"),
    });
  }
  return { byScope, cut };
}

const EMPTY: ScopeRows = { ids: new Int32Array(0), fields: new Int16Array(0), arrivals: new Float64Array(0), kinds: [], bot: false };

/**
 * Each scope's rows: kept ones whose version still holds, the others read in one statement (and kept
 * unless it was cut at SCOPE_READ_MAX). `versions` is incoming_versions' `scope=version` list; a scope without
 * a version has never had an incoming.
 */
export async function scopeRows(
  db: Database,
  tribe: BoardTribe,
  scopes: readonly string[],
  versions: string,
  now: Date,
  kept?: FingerprintCache<ScopeRows>,
): Promise<ScopeRows[]> {
  const versionOf = new Map(versions === "" ? [] : versions.split(",").map((entry) => entry.split("=") as [string, string]));
  const at = now.getTime();
  const known = new Map<string, ScopeRows>();
  const missing: string[] = [];
  for (const scope of scopes) {
    const version = versionOf.get(scope);
    if (version === undefined) continue;
    const hit = kept?.lookup(`${tribe.worldServer}|${tribe.worldWorld}|${scope}`, version, at);
    if (hit) known.set(scope, hit);
    else missing.push(scope);
  }
  if (missing.length > 0) {
    const ids = (prefix: string) => missing.filter((s) => s.startsWith(prefix)).map((s) => Number(s.slice(2)));
    // Kept rows serve later reads too: read from the earlier of `now` and the clock (a plan for a
    // moment ahead must not leave out what lands before it), each read filters by its own moment.
    const { byScope, cut } = await readScopes(db, tribe, ids("b:"), ids("u:"), new Date(Math.min(at, Date.now())));
    for (const scope of missing) {
      const rows = byScope.get(scope) ?? { ...EMPTY, bot: scope.startsWith("b:") };
      known.set(scope, rows);
      if (!cut) kept?.store(`${tribe.worldServer}|${tribe.worldWorld}|${scope}`, versionOf.get(scope) ?? "", rows, rows.ids.length, Infinity);
    }
  }
  return scopes.flatMap((scope) => known.get(scope) ?? []);
}

/**
 * The merged walk of these reporters' rows at `now` (rows landed by then are left out): one row per
 * command, the representative a bot's report before a paste, then the lower id; in arrival order, then
 * id; at most `limit` rows, the earliest.
 */
export function mergeWalk(parts: readonly ScopeRows[], now: number, limit: number): BoardWalk {
  interface Command {
    id: number;
    bot: boolean;
    seen: number;
    arrival: number;
    kind: IncomingKind;
  }
  const commands = new Map<string, Command>();
  for (const part of parts) {
    for (let i = 0; i < part.ids.length; i++) {
      const arrival = part.arrivals[i] ?? 0;
      if (arrival <= now) continue;
      const f = i * 4;
      const key = `${part.fields[f]}|${part.fields[f + 1]}|${part.fields[f + 2]}|${part.fields[f + 3]}|${arrival}`;
      const id = part.ids[i] ?? 0;
      const known = commands.get(key);
      if (!known) {
        commands.set(key, { id, bot: part.bot, seen: 1, arrival, kind: part.kinds[i] ?? "attack" });
        continue;
      }
      known.seen += 1;
      if ((part.bot && !known.bot) || (part.bot === known.bot && id < known.id)) {
        known.id = id;
        known.bot = part.bot;
        known.kind = part.kinds[i] ?? "attack";
      }
    }
  }
  const ordered = [...commands.values()].sort((a, b) => a.arrival - b.arrival || a.id - b.id).slice(0, limit);
  return {
    ids: Int32Array.from(ordered, (c) => c.id),
    seen: Int32Array.from(ordered, (c) => c.seen),
    arrivals: Float64Array.from(ordered, (c) => c.arrival),
    kinds: ordered.map((c) => c.kind),
  };
}

/**
 * The members' villages (as `x·1000 + y`) with an incoming on the tribe's world that has not landed at
 * `now`, from the same kept rows as the board: one small statement for the members, their bots and
 * their versions, then only the rows of reporters whose version changed (reading all 10,000 took the
 * embedded database about 20 ms of every Verteidigung planen).
 */
export async function targetsUnderAttack(db: Database, tribe: BoardTribe, now: Date, kept?: FingerprintCache<ScopeRows>): Promise<Set<number>> {
  const [row] = await executePrepared<{ scopes: string[] | null; versions: string }>(
    db,
    sql`with members as (
        select user_id from tribe_members where tribe_id = ${tribe.id}
      ), reporters as (
        select 'u:' || user_id as scope from members
        union all
        select 'b:' || b.id from dsbots b
        where b.owner_id in (select user_id from members) and b.world_server = ${tribe.worldServer} and b.world_world = ${tribe.worldWorld}
      )
      select array(select scope from reporters order by scope) as scopes,
        (select coalesce(string_agg(v.scope || '=' || v.version, ',' order by v.scope), '') from incoming_versions v
          where v.scope in (select scope from reporters)) as versions`,
  );
  const at = now.getTime();
  const targets = new Set<number>();
  for (const part of await scopeRows(db, tribe, row?.scopes ?? [], row?.versions ?? "", now, kept)) {
    for (let i = 0; i < part.ids.length; i++) {
      if ((part.arrivals[i] ?? 0) > at) targets.add((part.fields[i * 4] ?? 0) * 1000 + (part.fields[i * 4 + 1] ?? 0));
    }
  }
  return targets;
}
