// Stammes-Eingänge's pages as they were last answered. When a member's incomings change, every member's
// open board reads its page again (tribe-board-updated): a hundred reads of the same page, of which
// one needs the page's rows and the defence reports. So a page is kept per tribe and query under a
// fingerprint of everything it shows: the walk's (the members, their bots and the versions of their
// incomings, tribe-board-walks.ts) and the members' names and sharing choices, their bots' player
// names and the versions of their troops and walls (troop_versions, raised by triggers on every write).
// All of it comes from the access statement each request runs anyway (tribe-board-reads.ts), so a kept
// page is exact on every instance. It also ends when its walk's first command lands and, with "arrives
// within", when the next command comes within the window.
import type { IncomingSummary, TribeIncoming, tribeBoardQuerySchema } from "@dsbot/protocol";
import type { z } from "zod";
import { createTribeAccessCache, type TribeAccessCache } from "./tribe-board-reads.js";
import type { ScopeRows } from "./tribe-board-scopes.js";
import { BoardWalkCache, boardFingerprint, FingerprintCache } from "./tribe-board-walks.js";

export interface BoardPage {
  incomings: TribeIncoming[];
  totals: number;
  summary: IncomingSummary;
}

/** Kept pages at most (LRU), and rows in all of them together (a row is about 1 KB). */
export const BOARD_PAGES_MAX = 1_000;
export const BOARD_PAGE_ROWS_MAX = 20_000;

/** Kept reporters' rows at most (LRU), and rows in all of them together. */
export const BOARD_SCOPES_MAX = 20_000;
export const BOARD_SCOPE_ROWS_MAX = 1_000_000;

/** One key per tribe and query: the same filters and page read by any member. */
export function pageKey(tribeId: number, query: z.infer<typeof tribeBoardQuerySchema>): string {
  return [tribeId, query.member ?? "", query.kind, query.within ?? "", query.perPage, query.activePage].join("|");
}

/** The page's fingerprint: the walk's and what else the page shows. */
export function pageFingerprint(walkFingerprint: string, defenceVersions: string): string {
  return boardFingerprint([walkFingerprint], defenceVersions);
}

export interface BoardCaches {
  walks: BoardWalkCache;
  pages: FingerprintCache<BoardPage>;
  /** Each reporter's incomings on a world (tribe-board-scopes.ts). */
  scopes: FingerprintCache<ScopeRows>;
  /** The access statement's answer per tribe, on the embedded database (tribe-board-reads.ts). */
  access: TribeAccessCache;
}

const caches = new WeakMap<object, BoardCaches>();

/** The app's one cache of board walks and pages (keyed by its context). */
export function boardCachesOf(app: object): BoardCaches {
  let kept = caches.get(app);
  if (!kept) {
    kept = {
      walks: new BoardWalkCache(),
      pages: new FingerprintCache<BoardPage>(BOARD_PAGES_MAX, BOARD_PAGE_ROWS_MAX),
      scopes: new FingerprintCache<ScopeRows>(BOARD_SCOPES_MAX, BOARD_SCOPE_ROWS_MAX),
      access: createTribeAccessCache(),
    };
    caches.set(app, kept);
  }
  return kept;
}
