// "im Dorf": a member's scan of their own villages (a bot's troops report) or their pasted troops
// overview gives each village's units at home and everything in it with the supports there. A support
// planned for a request on one of those villages that should have landed by then is confirmed as
// arrived when its units are there beyond the member's own (`supportsSeenInVillage` in
// packages/protocol/src/tribe-defence.ts), also when no bot confirmed its send: a tab request the
// helping member sent by hand ends "expired" in their plan, yet it arrived. The sighting is kept on the
// support (tribe_request_supports.seen_in_village_at), so a later scan, after the attack took the
// defenders, does not undo it.
import { foreignUnits, supportsSeenInVillage, TRIBE_REQUESTS_CLOSED_HOURS } from "@dsbot/protocol";
import type { UnitCounts } from "@dsbot/protocol";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executePrepared } from "../../db/prepared.js";
import { tribeRequestSupports } from "../../db/schema.js";
import type { DataOwner } from "../../events/domain-events.js";
import { supportsOfRequests } from "./tribe-defence-supports.js";

interface SightingRow {
  request_id: number;
  tribe_id: number;
  target_x: number;
  target_y: number;
  at: Date;
  own: UnitCounts;
  in_village: UnitCounts;
}

/**
 * The listed requests (not withdrawn, attack landed at most TRIBE_REQUESTS_CLOSED_HOURS ago) of the
 * owner's member on the owner's world that have supports, each with the owner's sighting of its target
 * village: the bot's scan, or the member's paste. Usually none, and then one small statement is all.
 */
async function sightedRequests(db: Database, owner: DataOwner, now: number): Promise<SightingRow[]> {
  const since = new Date(now - TRIBE_REQUESTS_CLOSED_HOURS * 3_600_000);
  const listed = sql`r.withdrawn_at is null and r.attack_arrival_at > ${since}
    and exists (select 1 from tribe_request_supports s where s.request_id = r.id)`;
  if ("dsbotId" in owner) {
    return executePrepared<SightingRow>(
      db,
      sql`select r.id as request_id, r.tribe_id, r.target_x, r.target_y, t.scanned_at as at, t.units as own, t.in_village
        from dsbots b
        join tribes tr on tr.world_server = b.world_server and tr.world_world = b.world_world
        join tribe_support_requests r on r.tribe_id = tr.id and r.member_id = b.owner_id
        join bot_troops t on t.dsbot_id = b.id and t.x = r.target_x and t.y = r.target_y
        where b.id = ${owner.dsbotId} and t.in_village is not null and ${listed}`,
    );
  }
  return executePrepared<SightingRow>(
    db,
    sql`select r.id as request_id, r.tribe_id, r.target_x, r.target_y, p.imported_at as at, p.units as own, p.in_village
      from tribe_support_requests r
      join tribes tr on tr.id = r.tribe_id
      join pasted_troops p on p.user_id = r.member_id and p.world_server = tr.world_server and p.world_world = tr.world_world
        and p.x = r.target_x and p.y = r.target_y
      where r.member_id = ${owner.userId} and ${listed}`,
  );
}

/**
 * Confirms the supports the owner's latest sighting of their villages shows "im Dorf"; answers the
 * tribes whose requests changed. Requests on one village (several attacks on it) share its sighting:
 * their supports are handed its units together.
 */
export async function confirmSupportsSeen(db: Database, owner: DataOwner, now = Date.now()): Promise<number[]> {
  const sightings = await sightedRequests(db, owner, now);
  if (sightings.length === 0) return [];
  const supports = await supportsOfRequests(db, sightings.map((s) => s.request_id));
  const byVillage = new Map<string, SightingRow[]>();
  for (const row of sightings) {
    const key = `${row.tribe_id}:${row.target_x}|${row.target_y}`;
    byVillage.set(key, [...(byVillage.get(key) ?? []), row]);
  }
  const tribes = new Set<number>();
  for (const rows of byVillage.values()) {
    const [first] = rows;
    if (!first) continue;
    const all = rows.flatMap((r) => supports.get(r.request_id) ?? []);
    const seen = supportsSeenInVillage(all, { at: first.at.getTime(), foreign: foreignUnits(first.in_village, first.own) });
    const ids = seen.map((i) => all[i]?.id).filter((id): id is number => typeof id === "number");
    if (ids.length === 0) continue;
    const done = await db
      .update(tribeRequestSupports)
      .set({ seenInVillageAt: first.at })
      .where(and(inArray(tribeRequestSupports.attackId, ids), isNull(tribeRequestSupports.seenInVillageAt)))
      .returning({ tribeId: tribeRequestSupports.tribeId });
    for (const { tribeId } of done) tribes.add(tribeId);
  }
  return [...tribes];
}
