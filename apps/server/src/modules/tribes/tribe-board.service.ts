// Stammes-Eingänge: the incomings of every member of a tribe on its world (their own bots' scans and
// their pasted SOS texts), still on their way. A command reported by several members — the same
// origin, target and arrival to the millisecond — is one row: a bot's report before a pasted one, then
// the lower id. Each row carries the defending village's troops as its members share them and its
// wall from a member's bot's last village scan. Sorted by arrival; filters by member, kind and time.
import type { IncomingKind, TribeBoardResponse, TribeDefence, TribeIncoming, TroopSharing, UnitCounts, tribeBoardQuerySchema } from "@dsbot/protocol";
import { defensiveUnits } from "@dsbot/protocol";
import type { z } from "zod";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executePrepared } from "../../db/prepared.js";
import { incomings } from "../../db/schema.js";
import type { TribeViewer } from "../../policies/tribes.policy.js";
import type { BoardWalk } from "./tribe-board-walks.js";
import { boardFingerprint, summaryOf, walkValidUntil } from "./tribe-board-walks.js";
import type { BoardCaches } from "./tribe-board-pages.js";
import { pageFingerprint, pageKey } from "./tribe-board-pages.js";
import type { BoardMember, BoardTribe, DefenceReport } from "./tribe-board-reads.js";
import { readBoardAccess, readDefenceReports, readPageRows } from "./tribe-board-reads.js";
import { presentIncoming } from "../incomings/index.js";

type BoardQuery = z.infer<typeof tribeBoardQuerySchema>;

type Member = BoardMember;

const coordKey = (x: number, y: number) => `${x}|${y}`;

/** The board's rows before filters: one per command, with how many reports it stands for. */
function boardScope(tribe: BoardTribe, botIds: number[], userIds: number[], now: Date): SQL {
  return sql`with reported as (
      select ${incomings.id} as id, ${incomings.arrivalAt} as arrival_at, ${incomings.kind} as kind,
        row_number() over (partition by ${incomings.targetX}, ${incomings.targetY}, ${incomings.originX}, ${incomings.originY}, ${incomings.arrivalAt}
          order by (${incomings.dsbotId} is null), ${incomings.id}) as rn,
        count(*) over (partition by ${incomings.targetX}, ${incomings.targetY}, ${incomings.originX}, ${incomings.originY}, ${incomings.arrivalAt}) as seen
      from ${incomings}
      where ${incomings.worldServer} = ${tribe.worldServer} and ${incomings.worldWorld} = ${tribe.worldWorld}
        and ${incomings.arrivalAt} > ${now.toISOString()}::timestamptz
        and (${incomings.dsbotId} = any(${sql.param(botIds)}::int[]) or ${incomings.userId} = any(${sql.param(userIds)}::int[])))`;
}

/** Only the defensive units, or all, as the member shares them. */
function shared(units: UnitCounts, sharing: Exclude<TroopSharing, "none">): UnitCounts {
  if (sharing === "all") return units;
  return Object.fromEntries(defensiveUnits.filter((u) => (units[u] ?? 0) > 0).map((u) => [u, units[u]])) as UnitCounts;
}

/**
 * The defence of each target village as the members share it, keyed by coordinates, from the reports
 * of the page's target villages (readDefenceReports).
 */
function defences(
  members: Map<number, Member>,
  botOwner: Map<number, number>,
  reports: readonly DefenceReport[],
  targets: { x: number; y: number }[],
): Map<string, TribeDefence> {
  const result = new Map<string, TribeDefence>();
  const wallAt = new Map<string, { wall: number; at: Date }>();
  const troops: { ownerId: number; x: number; y: number; units: UnitCounts; at: Date }[] = [];
  for (const r of reports) {
    if (r.source === "w") {
      if (r.wall === null) continue;
      const key = coordKey(r.x, r.y);
      const known = wallAt.get(key);
      if (!known || r.at > known.at) wallAt.set(key, { wall: r.wall, at: r.at });
    } else if (r.units !== null) {
      troops.push({ ownerId: r.source === "s" ? (botOwner.get(r.owner) ?? 0) : r.owner, x: r.x, y: r.y, units: r.units, at: r.at });
    }
  }

  // The newest report of a member who shares troops wins; one who shares none only says so.
  for (const report of troops.sort((a, b) => b.at.getTime() - a.at.getTime())) {
    const key = coordKey(report.x, report.y);
    const member = members.get(report.ownerId);
    if (!member) continue;
    const known = result.get(key);
    if (known && known.troops !== null) continue;
    if (member.troopSharing === "none") {
      if (!known) result.set(key, { member: { userId: member.userId, username: member.username }, sharing: "none", troops: null, troopsAt: null, wall: null });
      continue;
    }
    result.set(key, {
      member: { userId: member.userId, username: member.username },
      sharing: member.troopSharing,
      troops: shared(report.units, member.troopSharing),
      troopsAt: report.at.getTime(),
      wall: null,
    });
  }
  for (const target of targets) {
    const key = coordKey(target.x, target.y);
    const defence = result.get(key) ?? { member: null, sharing: null, troops: null, troopsAt: null, wall: null };
    result.set(key, { ...defence, wall: wallAt.get(key)?.wall ?? null });
  }
  return result;
}

/**
 * The walk holds at most this many commands, the earliest (a tribe of 100 members with 10,000 incomings
 * is a fifth of it): reading a walk grows with it, so it is bounded before it starts. Later ones show
 * once earlier ones have landed.
 */
export const TRIBE_BOARD_WALK_MAX = 50_000;

/** The board's merged rows for these reporters, in arrival order (the walk a page is cut from). */
async function walkBoard(db: Database, tribe: BoardTribe, botIds: number[], userIds: number[], now: Date): Promise<BoardWalk> {
  const rows = await executePrepared<{ id: number; seen: number; arrival: number; kind: IncomingKind }>(
    db,
    sql`${boardScope(tribe, botIds, userIds, now)}
      select id, seen::int as seen, round(extract(epoch from arrival_at) * 1000)::float8 as arrival, kind
      from reported where rn = 1 order by arrival_at, id limit ${TRIBE_BOARD_WALK_MAX}`,
  );
  return {
    ids: Int32Array.from(rows, (r) => r.id),
    seen: Int32Array.from(rows, (r) => r.seen),
    arrivals: Float64Array.from(rows, (r) => r.arrival),
    kinds: rows.map((r) => r.kind),
  };
}

/**
 * The board of the tribe as `viewer` may see it (404 for anyone who is not a member or an admin);
 * `readQuery` parses the filters once access is settled.
 */
export async function tribeBoard(
  db: Database,
  viewer: TribeViewer,
  tribeId: number,
  readQuery: () => BoardQuery,
  caches?: BoardCaches,
  now = new Date(),
): Promise<TribeBoardResponse> {
  const { tribe, members, botOwner, versions, defenceVersions } = await readBoardAccess(db, viewer, tribeId);
  const query = readQuery();
  const readAt = now.getTime();
  const empty = { incomings: [], totals: 0, summary: { count: 0, nobles: 0, nextArrival: null }, readAt };
  if (members.size === 0) return empty;

  const botIds = [...botOwner.keys()];
  const userIds = [...members.keys()];
  // The versions were read before the walk: a write in between leaves a walk newer than its
  // fingerprint, which the next request does again.
  const scopes = [...botIds.map((id) => `b:${id}`), ...userIds.map((id) => `u:${id}`)].sort();
  const fingerprint = boardFingerprint(scopes, versions);
  const pageAt = pageKey(tribe.id, query);
  const shown = pageFingerprint(fingerprint, defenceVersions);
  const kept = caches?.pages.lookup(pageAt, shown, readAt);
  if (kept) return { ...kept, readAt };
  const walkFor = async (member: number | undefined): Promise<BoardWalk> => {
    const key = `${tribe.id}|${member ?? ""}`;
    const known = caches?.walks.lookup(key, fingerprint, readAt);
    if (known) return known;
    // The member filter picks their own reports before the rows are merged.
    const walk =
      member === undefined
        ? await walkBoard(db, tribe, botIds, userIds, now)
        : await walkBoard(db, tribe, botIds.filter((id) => botOwner.get(id) === member), userIds.filter((id) => id === member), now);
    caches?.walks.store(key, fingerprint, walk);
    return walk;
  };
  const all = await walkFor(undefined);
  const walk = query.member === undefined ? all : await walkFor(query.member);

  const until = query.within === undefined ? Infinity : readAt + query.within * 60_000;
  // With "arrives within": when the next command comes within the window, the page is another.
  let nextWithin = Infinity;
  const matching: number[] = [];
  for (let i = 0; i < walk.ids.length; i++) {
    const arrival = walk.arrivals[i] ?? 0;
    if (arrival > until) {
      nextWithin = arrival - (until - readAt);
      break;
    }
    if (query.kind && walk.kinds[i] !== query.kind) continue;
    matching.push(i);
  }
  const start = (query.activePage - 1) * query.perPage;
  const page = matching.slice(start, start + query.perPage).map((i) => ({ id: walk.ids[i] ?? 0, seen: walk.seen[i] ?? 1 }));

  const pageIds = page.map((p) => p.id);
  const [rows, reports] =
    page.length === 0 ? [[], []] : await Promise.all([readPageRows(db, pageIds), readDefenceReports(db, tribe, pageIds, botIds, userIds)]);
  const byId = new Map(rows.map((r) => [r.incoming.id, r]));
  const defenceAt = defences(members, botOwner, reports, rows.map((r) => ({ x: r.incoming.targetX, y: r.incoming.targetY })));

  const board: TribeIncoming[] = [];
  for (const { id, seen } of page) {
    const row = byId.get(id);
    if (!row) continue; // gone between the two reads
    const ownerId = row.incoming.dsbotId !== null ? botOwner.get(row.incoming.dsbotId) : (row.incoming.userId ?? undefined);
    const member = ownerId === undefined ? undefined : members.get(ownerId);
    board.push({
      ...presentIncoming(row.incoming, row.botName),
      member: member ? { userId: member.userId, username: member.username } : { userId: 0, username: "–" },
      seenBy: seen,
      defence: defenceAt.get(coordKey(row.incoming.targetX, row.incoming.targetY)) ?? { member: null, sharing: null, troops: null, troopsAt: null, wall: null },
    });
  }
  const answer = { incomings: board, totals: matching.length, summary: summaryOf(all) };
  caches?.pages.store(pageAt, shown, answer, board.length, Math.min(walkValidUntil(all), walkValidUntil(walk), nextWithin));
  return { ...answer, readAt };
}
