// Global search (the search dialog's POST /api/search): case-insensitive substring matches over
// what the caller may see — bots (bot policy), attack plans (plan policy) and the two downloads.
import type { DownloadType, SearchResponse } from "@dsbot/protocol";
import { downloadLabels, downloadTypes, SEARCH_RESULT_LIMIT } from "@dsbot/protocol";
import { and, asc, ilike, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { likeContains, likePrefix } from "../../db/like.js";
import { attackPlans, dsbots } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";
import { visiblePlansCondition } from "../../policies/attack-plans.policy.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

type Viewer = Pick<UserRow, "id" | "role">;

const empty = (): SearchResponse => ({ dsbots: [], attackPlans: [], downloads: [] });

/** Exact match first, then names starting with the term, then the rest; each by name. */
function rank(column: AnyPgColumn, term: string) {
  return sql`case when lower(${column}) = lower(${term}) then 0 when ${column} ilike ${likePrefix(term)} then 1 else 2 end`;
}

function searchBots(db: Database, user: Viewer, term: string) {
  return db
    .select({ id: dsbots.id, status: dsbots.status, playerName: dsbots.playerName, worldServer: dsbots.worldServer, worldWorld: dsbots.worldWorld })
    .from(dsbots)
    .where(and(visibleBotsCondition(user), ilike(dsbots.playerName, likeContains(term))))
    .orderBy(rank(dsbots.playerName, term), sql`lower(${dsbots.playerName})`, asc(dsbots.id))
    .limit(SEARCH_RESULT_LIMIT);
}

function searchPlans(db: Database, user: Viewer, term: string) {
  return db
    .select({ id: attackPlans.id, name: attackPlans.name })
    .from(attackPlans)
    .where(and(visiblePlansCondition(user), ilike(attackPlans.name, likeContains(term))))
    .orderBy(rank(attackPlans.name, term), sql`lower(${attackPlans.name})`, asc(attackPlans.id))
    .limit(SEARCH_RESULT_LIMIT);
}

function searchDownloads(term: string): DownloadType[] {
  const needle = term.toLowerCase();
  const score = (type: DownloadType) => {
    const label = downloadLabels[type].toLowerCase();
    return label === needle ? 0 : label.startsWith(needle) ? 1 : 2;
  };
  return downloadTypes
    .filter((type) => downloadLabels[type].toLowerCase().includes(needle))
    .sort((a, b) => score(a) - score(b) || downloadLabels[a].localeCompare(downloadLabels[b]))
    .slice(0, SEARCH_RESULT_LIMIT);
}

/** A blank term finds nothing and runs no query (the dialog shows the recent searches instead). */
export async function search(db: Database, user: Viewer, searchVal: string): Promise<SearchResponse> {
  const term = searchVal.trim();
  if (term === "") return empty();
  const [bots, plans] = await Promise.all([searchBots(db, user, term), searchPlans(db, user, term)]);
  return {
    dsbots: bots.map((b) => ({
      id: b.id,
      status: b.status,
      dsPlayer: { name: b.playerName },
      world: { server: b.worldServer, world: b.worldWorld },
    })),
    attackPlans: plans,
    downloads: searchDownloads(term).map((type) => ({ type })),
  };
}
