// Stammes-Eingänge: the incomings of every member of a tribe on its world (their own bots' scans and
// their pasted SOS texts), still on their way. A command reported by several members — the same
// origin, target and arrival to the millisecond — is one row: a bot's report before a pasted one, then
// the lower id. Each row carries the defending village's troops as its members share them and its
// wall from a member's bot's last village scan. Sorted by arrival; filters by member, kind and time.
import type { TribeBoardResponse, TribeDefence, TribeIncoming, TroopSharing, UnitCounts, tribeBoardQuerySchema } from "@dsbot/protocol";
import { defensiveUnits } from "@dsbot/protocol";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import type { TribeViewer } from "../../policies/tribes.policy.js";
import type { BoardWalk } from "./tribe-board-walks.js";
import { boardFingerprint, summaryOf, walkValidUntil } from "./tribe-board-walks.js";
import type { BoardCaches } from "./tribe-board-pages.js";
import { pageFingerprint, pageKey } from "./tribe-board-pages.js";
import type { BoardMember, BoardTribe, DefenceReport } from "./tribe-board-reads.js";
import { readBoardAccess, readDefenceReports, readPageRows } from "./tribe-board-reads.js";
import { presentIncoming } from "../incomings/index.js";
import { mergeWalk, scopeRows } from "./tribe-board-scopes.js";

type BoardQuery = z.infer<typeof tribeBoardQuerySchema>;

type Member = BoardMember;

const coordKey = (x: number, y: number) => `${x}|${y}`;

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

/** The page's rows with their member, reports and the defence of their target village. */
async function pageRows(
  db: Database,
  tribe: BoardTribe,
  page: { id: number; seen: number }[],
  members: Map<number, Member>,
  botOwner: Map<number, number>,
): Promise<TribeIncoming[]> {
  if (page.length === 0) return [];
  const pageIds = page.map((p) => p.id);
  const [rows, reports] = await Promise.all([readPageRows(db, pageIds), readDefenceReports(db, tribe, pageIds, [...botOwner.keys()], [...members.keys()])]);
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
  return board;
}

/**
 * The walk holds at most this many commands, the earliest (a tribe of 100 members with 10,000 incomings
 * is a fifth of it): reading a walk grows with it, so it is bounded before it starts. Later ones show
 * once earlier ones have landed.
 */
export const TRIBE_BOARD_WALK_MAX = 50_000;

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
  const { tribe, members, botOwner, versions, defenceVersions } = await readBoardAccess(db, viewer, tribeId, caches?.access);
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
  const walkFor = (member: number | undefined): Promise<BoardWalk> => {
    // The member filter picks their own reports before the rows are merged.
    const own = member === undefined ? scopes : scopes.filter((scope) => scope === `u:${member}` || (scope.startsWith("b:") && botOwner.get(Number(scope.slice(2))) === member));
    const build = async () => mergeWalk(await scopeRows(db, tribe, own, versions, now, caches?.scopes), readAt, TRIBE_BOARD_WALK_MAX);
    return caches ? caches.walks.obtain(`${tribe.id}|${member ?? ""}`, fingerprint, readAt, build) : build();
  };

  const buildPage = async () => {
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
    const board = await pageRows(db, tribe, page, members, botOwner);
    const value = { incomings: board, totals: matching.length, summary: summaryOf(all) };
    return { value, weight: board.length, validUntil: Math.min(walkValidUntil(all), walkValidUntil(walk), nextWithin) };
  };
  const answer = caches ? await caches.pages.obtain(pageAt, shown, readAt, buildPage) : (await buildPage()).value;
  return { ...answer, readAt };
}
