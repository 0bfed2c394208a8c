// What Verteidigung planen reads: the supports already planned for requests (commands in the members'
// plans, linked by tribe_request_supports), the villages the members share troops of, and which of
// them are under attack themselves.
import type { TribeDefenceSupport, UnitCounts } from "@dsbot/protocol";
import { defensiveUnits } from "@dsbot/protocol";
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executePrepared } from "../../db/prepared.js";
import { attacks, tribeRequestSupports, users } from "../../db/schema.js";
import type { TribeRow } from "../../db/schema.js";

const coordinates = (x: number, y: number) => `${x}|${y}`;

/** The supports planned for each of the requests, the earliest send first. */
export async function supportsOfRequests(db: Database, requestIds: readonly number[]): Promise<Map<number, TribeDefenceSupport[]>> {
  const byRequest = new Map<number, TribeDefenceSupport[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      requestId: tribeRequestSupports.requestId,
      memberId: tribeRequestSupports.memberId,
      seenInVillageAt: tribeRequestSupports.seenInVillageAt,
      username: users.username,
      attack: attacks,
    })
    .from(tribeRequestSupports)
    .innerJoin(attacks, eq(attacks.id, tribeRequestSupports.attackId))
    .innerJoin(users, eq(users.id, tribeRequestSupports.memberId))
    .where(inArray(tribeRequestSupports.requestId, [...requestIds]))
    .orderBy(asc(attacks.sendAt), asc(attacks.id));
  for (const { requestId, memberId, seenInVillageAt, username, attack } of rows) {
    byRequest.get(requestId)?.push({
      id: attack.id,
      planId: attack.planId,
      member: { userId: memberId, username },
      source: { id: attack.sourceVillageId, name: attack.sourceName, coordinates: coordinates(attack.sourceX, attack.sourceY) },
      units: attack.units as UnitCounts,
      unit: attack.unit as TribeDefenceSupport["unit"],
      sendAt: attack.sendAt.getTime(),
      arrivalAt: attack.arrivalAt.getTime(),
      status: attack.status,
      realArrivalAt: attack.realArrivalAt?.getTime() ?? null,
      seenInVillageAt: seenInVillageAt?.getTime() ?? null,
      error: attack.error,
    });
  }
  return byRequest;
}

export interface SharedVillage {
  memberId: number;
  username: string;
  /** Who the village belongs to in the game: the scanning bot's player, or the pasted one's. */
  playerName: string | null;
  villageId: number;
  name: string;
  x: number;
  y: number;
  /** The shared defensive units at home (all the planner sends). */
  units: UnitCounts;
  at: Date;
}

/** [source (0 scan, 1 paste), bot or member, village id, name, pasted player name, x, y, scanned or pasted at (epoch ms), ...defensive units (null: none)] */
type SharedTuple = [0 | 1, number, number, string, string | null, number, number, number, ...(number | null)[]];

/** The defensive units of a village's units (all the planner sends), one JSON value each. */
const defensiveColumns = (units: SQL) => sql.join(defensiveUnits.map((unit) => sql`${units} -> ${sql.raw(`'${unit}'`)}`), sql`, `);

/**
 * The `limit` villages nearest to `target` that the members other than `attacked` share troops of,
 * each by the newest of their bots' scans and their pastes on the tribe's world (a scan before a paste
 * of the same moment), nearest first (then by village id). The planner takes the nearest first anyway;
 * the bound keeps a tribe of 100 members with 500 villages each (50,000 rows) from being sent to the
 * worker and walked for every plan (bench/tribe-board.mjs). Scans and pastes are each sorted and
 * bounded on their own: a village among the `limit` nearest of both has fewer than `limit` nearer ones
 * in either, so both of its rows are read.
 *
 * One statement, the villages as one JSON array: on PGlite each result row of 5,000 cost about as much
 * as the whole sort (bench/tribe-board.mjs). The members and their bots come as two small arrays beside
 * it and are joined here, not per village in SQL (PGlite keeps no statistics of these tables, and its
 * planner joined them to each village in a loop). Only the defensive units are sent, all the planner
 * uses.
 */
export async function sharedVillages(db: Database, tribe: TribeRow, attacked: number, target: { x: number; y: number }, limit: number): Promise<SharedVillage[]> {
  const distance = (alias: string) => {
    const [x, y] = [sql.raw(`${alias}.x::int`), sql.raw(`${alias}.y::int`)];
    return sql`(${x} - ${target.x}::int) * (${x} - ${target.x}::int) + (${y} - ${target.y}::int) * (${y} - ${target.y}::int)`;
  };
  // The bound in the text: one prepared statement per bound, planned for its size.
  const bound = sql.raw(String(Math.max(0, Math.trunc(limit))));
  const [row] = await executePrepared<{ members: [number, string, string | null][] | null; bots: [number, number, string | null][] | null; villages: SharedTuple[] | null }>(
    db,
    sql`with sharing as materialized (
        select m.user_id, m.player_name, u.username from tribe_members m join users u on u.id = m.user_id
        where m.tribe_id = ${tribe.id} and m.user_id <> ${attacked} and m.troop_sharing <> 'none'
      ), bots as materialized (
        select b.id, b.owner_id, b.player_name from dsbots b
        where b.owner_id = any(array(select user_id from sharing)) and b.world_server = ${tribe.worldServer} and b.world_world = ${tribe.worldWorld}
      ), scanned as (
        select t.dsbot_id as owner, t.village_id, t.scanned_at as at, 0 as source, ${distance("t")} as d, t.name, null::text as player_name, t.x, t.y, t.units
        from bot_troops t where t.dsbot_id = any(array(select id from bots))
        order by d, t.village_id limit ${bound}
      ), pasted as (
        select p.user_id as owner, p.village_id, p.imported_at as at, 1 as source, ${distance("p")} as d, p.name, p.player_name, p.x, p.y, p.units
        from pasted_troops p
        where p.user_id = any(array(select user_id from sharing)) and p.world_server = ${tribe.worldServer} and p.world_world = ${tribe.worldWorld}
        order by d, p.village_id limit ${bound}
      ), nearest as (
        select * from (
          select distinct on (village_id) * from (select * from scanned union all select * from pasted) r order by village_id, at desc, source
        ) n order by d, village_id limit ${bound}
      )
      select (select json_agg(json_build_array(user_id, username, player_name)) from sharing) as members,
        (select json_agg(json_build_array(id, owner_id, player_name)) from bots) as bots,
        (select json_agg(json_build_array(n.source, n.owner, n.village_id, n.name, n.player_name, n.x, n.y, round(extract(epoch from n.at) * 1000),
            ${defensiveColumns(sql`n.units`)}) order by n.d, n.village_id) from nearest n) as villages`,
  );
  const members = new Map((row?.members ?? []).map(([userId, username, playerName]) => [userId, { username, playerName }]));
  const bots = new Map((row?.bots ?? []).map(([id, ownerId, playerName]) => [id, { ownerId, playerName }]));
  const villages: SharedVillage[] = [];
  for (const [source, owner, villageId, name, pastedPlayer, x, y, at, ...counts] of row?.villages ?? []) {
    const bot = source === 0 ? bots.get(owner) : undefined;
    const memberId = bot ? bot.ownerId : owner;
    const member = members.get(memberId);
    if (!member || (source === 0 && !bot)) continue;
    const units: UnitCounts = {};
    defensiveUnits.forEach((unit, i) => {
      const count = counts[i];
      if (typeof count === "number") units[unit] = count;
    });
    // A scan is the scanning bot's player's; a paste names its player, else the member's.
    const playerName = bot ? bot.playerName : (pastedPlayer ?? member.playerName);
    villages.push({ memberId, username: member.username, playerName, villageId, name, x, y, units, at: new Date(at) });
  }
  return villages;
}
