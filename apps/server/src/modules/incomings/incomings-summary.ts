// The incomings page walks up to 10,000 rows per viewer for each sort, filter and count; on the
// embedded database every row walked costs. So the answer of that walk — the ids in page order, the
// filtered total and the summary — is kept per viewer, filter and sort under a fingerprint of the
// versions of every owner the viewer may see (incoming_versions, raised by a trigger on each write).
// A page is then one statement: the fingerprint and that page's rows by id. The fingerprint comes from
// the same statement as the rows, so a write in between is noticed and the walk is done again; an entry
// is exact on every instance (a scan, paste, tag or delete changes a version, a grant or revoke the set),
// and it ends when its first command lands (the list and the counts would change).
import type { IncomingSummary } from "@dsbot/protocol";
import { sql, type SQL } from "drizzle-orm";
import { dsbots, incomingVersions } from "../../db/schema.js";
import type { Viewer } from "../../policies/dsbots.policy.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

export interface IncomingWalk {
  /** Every matching id in page order. */
  ids: Int32Array;
  summary: IncomingSummary;
}

interface Entry extends IncomingWalk {
  fingerprint: string;
  /** The first visible arrival: from then on the list and the counts are stale. */
  validUntil: number;
}

/** Kept walks at most (LRU), and ids in all of them together (4 bytes each). */
export const INCOMING_WALKS_MAX = 2_000;
export const INCOMING_WALK_IDS_MAX = 4_000_000;

/** The fingerprint of everything the viewer may see, as an SQL expression: one md5 over the owners' versions. */
export function incomingsFingerprintSql(viewer: Viewer): SQL {
  const bots = visibleBotsCondition(viewer);
  const botScopes: SQL = bots
    ? sql`${incomingVersions.scope} in (select 'b:' || ${dsbots.id} from ${dsbots} where ${bots})`
    : sql`${incomingVersions.scope} like 'b:%'`;
  return sql`(select md5(coalesce(string_agg(${incomingVersions.scope} || '=' || ${incomingVersions.version}, ',' order by ${incomingVersions.scope}), ''))
    from ${incomingVersions} where ${botScopes} or ${incomingVersions.scope} = ${`u:${viewer.id}`})`;
}

export class IncomingWalkCache {
  private readonly entries = new Map<string, Entry>();
  private ids = 0;

  constructor(
    private readonly maxEntries = INCOMING_WALKS_MAX,
    private readonly maxIds = INCOMING_WALK_IDS_MAX,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The walk kept for this viewer and key, unless its first command has landed; its fingerprint to check. */
  lookup(viewer: Viewer, key: string, now: number): (IncomingWalk & { fingerprint: string }) | undefined {
    const id = entryKey(viewer, key);
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    this.remove(id);
    if (now >= hit.validUntil) return undefined;
    // Most recently used last: the oldest entry is the first to go.
    this.put(id, hit);
    return hit;
  }

  /** Forgets a walk whose fingerprint no longer holds. */
  drop(viewer: Viewer, key: string): void {
    this.remove(entryKey(viewer, key));
  }

  store(viewer: Viewer, key: string, fingerprint: string, walk: IncomingWalk): void {
    const id = entryKey(viewer, key);
    this.remove(id);
    if (walk.ids.length > this.maxIds) return;
    this.put(id, { ...walk, fingerprint, validUntil: walk.summary.nextArrival ?? Number.POSITIVE_INFINITY });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.ids <= this.maxIds) break;
      this.remove(oldest);
    }
  }

  private put(id: string, entry: Entry): void {
    this.entries.set(id, entry);
    this.ids += entry.ids.length;
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.ids -= entry.ids.length;
  }
}

const entryKey = (viewer: Viewer, key: string) => `${viewer.id}|${viewer.role}|${key}`;

const walkCaches = new WeakMap<object, IncomingWalkCache>();

/** The app's one cache (keyed by its context), shared by the incomings list and the dashboard. */
export function incomingWalksOf(app: object): IncomingWalkCache {
  let cache = walkCaches.get(app);
  if (!cache) {
    cache = new IncomingWalkCache();
    walkCaches.set(app, cache);
  }
  return cache;
}
