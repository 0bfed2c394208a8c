// Stammes-Eingänge as the server answers it, for the tests: one incoming of the board and the board's
// answer to a query (member, kind, within, paging) over a list of them.
import type { TribeBoardResponse, TribeIncoming } from "@dsbot/protocol";
import { makeIncoming } from "@/test/incoming-fixtures";

export function makeTribeIncoming(id: number, overrides: Partial<TribeIncoming> = {}): TribeIncoming {
  return {
    ...makeIncoming(id, {
      dsbot: { id: 31, dsPlayer: { name: "Anna" } },
      target: { villageId: 1, name: "Annas Burg", coordinates: "500|500", player: { name: "Anna", tribe: "WACHT" } },
    }),
    member: { userId: 3, username: "anna" },
    seenBy: 1,
    defence: { member: null, sharing: "none", troops: null, troopsAt: null, wall: null },
    ...overrides,
  };
}

/** What GET /api/tribes/:id/incomings answers for `url`'s query over `board` (sorted by arrival). */
export function boardAnswer(board: readonly TribeIncoming[], url: URL): TribeBoardResponse {
  const query = url.searchParams;
  const member = Number(query.get("member")) || null;
  const kind = query.get("kind") || null;
  const within = Number(query.get("within")) || null;
  const now = Date.now();
  const matching = board
    .filter((i) => (member === null || i.member.userId === member) && (kind === null || i.kind === kind) && (within === null || i.arrivalTime - now <= within * 60_000))
    .sort((a, b) => a.arrivalTime - b.arrivalTime);
  const perPage = Number(query.get("perPage")) || 50;
  const activePage = Number(query.get("activePage")) || 1;
  const upcoming = board.filter((i) => i.arrivalTime > now);
  return {
    incomings: matching.slice((activePage - 1) * perPage, activePage * perPage),
    totals: matching.length,
    summary: {
      count: board.length,
      nobles: board.filter((i) => i.kind === "noble").length,
      nextArrival: upcoming.length ? Math.min(...upcoming.map((i) => i.arrivalTime)) : null,
    },
    readAt: now,
  };
}
