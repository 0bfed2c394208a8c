// What Verteidigung planen reads: the supports already planned for requests (commands in the members'
// plans, linked by tribe_request_supports), the villages the members share troops of, and which of
// them are under attack themselves.
import type { TribeDefenceSupport, UnitCounts } from "@dsbot/protocol";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attacks, tribeMembers, tribeRequestSupports, users } from "../../db/schema.js";
import type { TribeRow } from "../../db/schema.js";

const coordinates = (x: number, y: number) => `${x}|${y}`;

/** The supports planned for each of the requests, the earliest send first. */
export async function supportsOfRequests(db: Database, requestIds: readonly number[]): Promise<Map<number, TribeDefenceSupport[]>> {
  const byRequest = new Map<number, TribeDefenceSupport[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({ requestId: tribeRequestSupports.requestId, memberId: tribeRequestSupports.memberId, username: users.username, attack: attacks })
    .from(tribeRequestSupports)
    .innerJoin(attacks, eq(attacks.id, tribeRequestSupports.attackId))
    .innerJoin(users, eq(users.id, tribeRequestSupports.memberId))
    .where(inArray(tribeRequestSupports.requestId, [...requestIds]))
    .orderBy(asc(attacks.sendAt), asc(attacks.id));
  for (const { requestId, memberId, username, attack } of rows) {
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
  units: UnitCounts;
  at: Date;
}

interface SharedRow {
  member_id: number;
  player_name: string | null;
  village_id: number;
  name: string;
  x: number;
  y: number;
  units: UnitCounts;
  at: string | Date;
}

/**
 * The `limit` villages nearest to `target` that the members other than `attacked`
 * share troops of, each by the newest of their bots' scans and their pastes on the tribe's world. The
 * planner takes the nearest first anyway; the bound keeps a tribe of 100 members with 500 villages each
 * (50,000 rows) from being sent to the worker and walked for every plan (bench/tribe-board.mjs). Scans
 * and pastes are two queries, each sorted and bounded on its own: a village among the `limit` nearest of
 * both has fewer than `limit` nearer ones in either, so both of its rows are read. The members' names
 * come in a third query, not with every row.
 */
export async function sharedVillages(db: Database, tribe: TribeRow, attacked: number, target: { x: number; y: number }, limit: number): Promise<SharedVillage[]> {
  const sharing = sql`m.tribe_id = ${tribe.id} and m.user_id <> ${attacked} and m.troop_sharing <> 'none'`;
  const distance = (alias: string) => {
    const [x, y] = [sql.raw(`${alias}.x::int`), sql.raw(`${alias}.y::int`)];
    return sql`(${x} - ${target.x}::int) * (${x} - ${target.x}::int) + (${y} - ${target.y}::int) * (${y} - ${target.y}::int)`;
  };
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: SharedRow[] }).rows;
  const [scanned, pasted, members] = [
    await rows(sql`
      select m.user_id as member_id, b.player_name, t.village_id, t.name, t.x, t.y, t.units, t.scanned_at as at
      from tribe_members m
        join dsbots b on b.owner_id = m.user_id and b.world_server = ${tribe.worldServer} and b.world_world = ${tribe.worldWorld}
        join bot_troops t on t.dsbot_id = b.id
      where ${sharing}
      order by ${distance("t")}, t.village_id
      limit ${limit}`),
    await rows(sql`
      select m.user_id as member_id, coalesce(p.player_name, m.player_name) as player_name, p.village_id, p.name, p.x, p.y, p.units, p.imported_at as at
      from tribe_members m
        join pasted_troops p on p.user_id = m.user_id and p.world_server = ${tribe.worldServer} and p.world_world = ${tribe.worldWorld}
      where ${sharing}
      order by ${distance("p")}, p.village_id
      limit ${limit}`),
    await db.select({ id: users.id, username: users.username }).from(tribeMembers).innerJoin(users, eq(users.id, tribeMembers.userId)).where(eq(tribeMembers.tribeId, tribe.id)),
  ];
  const usernames = new Map(members.map((m) => [m.id, m.username]));
  const newest = new Map<number, SharedRow>();
  for (const row of [...scanned, ...pasted]) {
    const known = newest.get(row.village_id);
    if (!known || new Date(known.at) < new Date(row.at)) newest.set(row.village_id, row);
  }
  const away = (v: { x: number; y: number }) => (v.x - target.x) ** 2 + (v.y - target.y) ** 2;
  return [...newest.values()]
    .sort((a, b) => away(a) - away(b) || a.village_id - b.village_id)
    .slice(0, limit)
    .map((row) => ({
      memberId: row.member_id,
      username: usernames.get(row.member_id) ?? "–",
      playerName: row.player_name,
      villageId: row.village_id,
      name: row.name,
      x: row.x,
      y: row.y,
      units: row.units,
      at: new Date(row.at),
    }));
}

/** The members' villages (as `x·1000 + y`) with an incoming on the tribe's world that has not landed. */
export async function villagesUnderAttack(db: Database, tribe: TribeRow, now: Date): Promise<Set<number>> {
  // Two conditions a hashed subplan each answers, not a join on "this owner or that user" per row.
  const result = await db.execute(sql`
    select distinct i.target_x as x, i.target_y as y from incomings i
    where i.world_server = ${tribe.worldServer} and i.world_world = ${tribe.worldWorld} and i.arrival_at > ${now.toISOString()}
      and (i.user_id in (select user_id from tribe_members where tribe_id = ${tribe.id})
        or i.dsbot_id in (select b.id from dsbots b join tribe_members m on m.user_id = b.owner_id
                          where m.tribe_id = ${tribe.id} and b.world_server = ${tribe.worldServer} and b.world_world = ${tribe.worldWorld}))`);
  return new Set((result as unknown as { rows: { x: number; y: number }[] }).rows.map((r) => r.x * 1000 + r.y));
}
