// What a page of Stammes-Eingänge reads, in as few statements as the data allows: PGlite pays a fixed
// cost per statement (a round trip to its thread, and planning unless prepared), which was most of the
// page's time with eight statements (bench/tribe-board.mjs). One statement answers whether the viewer
// may see the tribe and reads its members, their bots on its world and the versions of their
// incomings and of their troops (one snapshot, so the fingerprints match the members they are made of;
// a kept page needs nothing more, tribe-board-pages.ts; on the embedded database its answer is kept
// until a commit changes what it reads); then the page's rows
// and the defence reports of their target villages, both prepared, the two at once (two connections
// on PostgreSQL, one after the other on PGlite).
import type { TribeRole, TroopSharing, UnitCounts } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executePrepared } from "../../db/prepared.js";
import { dsbots, incomings } from "../../db/schema.js";
import type { TribeRow } from "../../db/schema.js";
import { tribeAccessClock } from "../../db/change-clock.js";
import { checkTribeId, checkTribeView, type TribeViewer } from "../../policies/tribes.policy.js";
import { FingerprintCache } from "./tribe-board-walks.js";

export type BoardTribe = Pick<TribeRow, "id" | "worldServer" | "worldWorld">;

export interface BoardMember {
  userId: number;
  username: string;
  troopSharing: TroopSharing;
}

export interface BoardAccess {
  tribe: BoardTribe;
  members: Map<number, BoardMember>;
  /** The members' bots on the tribe's world: bot id → owner. */
  botOwner: Map<number, number>;
  /** `scope=version` of the members' and their bots' incomings, ordered by scope ('' when none). */
  versions: string;
  /**
   * Everything else a page shows that may change: the members' names and sharing choices, their bots'
   * player names and the versions of their troops and walls (troop_versions).
   */
  defenceVersions: string;
}

interface AccessRow {
  id: number;
  world_server: string;
  world_world: string;
  members: [number, string, TroopSharing, TribeRole][];
  bots: [number, number, string][];
  versions: string;
  troop_versions: string;
}

/** A tribe's access statement answered: its members with their roles, and the rest of BoardAccess. */
export interface TribeAccess extends Omit<BoardAccess, "members"> {
  members: Map<number, BoardMember & { role: TribeRole }>;
}

/** Tribes whose access statement's answer is kept (LRU; each about 30 KB with 100 members). */
export const TRIBE_ACCESS_KEPT_MAX = 500;
const TRIBE_ACCESS_MEMBERS_MAX = 100_000;

/** The access statements' answers per tribe, kept while the database's change clock stands still. */
export type TribeAccessCache = FingerprintCache<TribeAccess | null>;

export function createTribeAccessCache(): TribeAccessCache {
  return new FingerprintCache<TribeAccess | null>(TRIBE_ACCESS_KEPT_MAX, TRIBE_ACCESS_MEMBERS_MAX);
}

/**
 * The tribe (null: none has this id) with its members, their bots on its world and the versions of
 * their incomings and troops, in one statement (one snapshot, so the fingerprints match the members
 * they are made of).
 */
async function readTribeAccess(db: Database, tribeId: number): Promise<TribeAccess | null> {
  const [row] = await executePrepared<AccessRow>(
    db,
    sql`with members as (
        select m.user_id, u.username, m.troop_sharing, m.role from tribe_members m join users u on u.id = m.user_id where m.tribe_id = ${tribeId}
      ), bots as (
        select b.id, b.owner_id, b.player_name from dsbots b join tribes t on t.id = ${tribeId}
        where b.owner_id in (select user_id from members) and b.world_server = t.world_server and b.world_world = t.world_world
      )
      select t.id, t.world_server, t.world_world,
        coalesce((select json_agg(json_build_array(user_id, username, troop_sharing, role) order by user_id) from members), '[]') as members,
        coalesce((select json_agg(json_build_array(id, owner_id, player_name) order by id) from bots), '[]') as bots,
        (select coalesce(string_agg(v.scope || '=' || v.version, ',' order by v.scope), '') from incoming_versions v
          where v.scope in (select 'u:' || user_id from members union all select 'b:' || id from bots)) as versions,
        (select coalesce(string_agg(v.scope || '=' || v.version, ',' order by v.scope), '') from troop_versions v
          where v.scope in (select 'u:' || user_id from members union all select 'b:' || id from bots)) as troop_versions
      from tribes t where t.id = ${tribeId}`,
  );
  if (!row) return null;
  return {
    tribe: { id: row.id, worldServer: row.world_server, worldWorld: row.world_world },
    members: new Map(row.members.map(([userId, username, troopSharing, role]) => [userId, { userId, username, troopSharing, role }])),
    botOwner: new Map(row.bots.map(([id, ownerId]) => [id, ownerId])),
    versions: row.versions,
    defenceVersions: `${JSON.stringify(row.members)}#${JSON.stringify(row.bots)}#${row.troop_versions}`,
  };
}

/**
 * The tribe as the viewer may see it (404 as requireTribeView answers it), with its members, their bots
 * on its world and the versions of their incomings. The statement runs for each request, except on the
 * embedded database with `kept`: there its answer is kept until the next commit that changes anything
 * it reads (db/change-clock.ts), which the database reports before anyone sees that commit done. So a
 * member removed a moment ago is on no later answer either way.
 */
export async function readBoardAccess(db: Database, viewer: TribeViewer, tribeId: number, kept?: TribeAccessCache): Promise<BoardAccess> {
  checkTribeId(tribeId);
  const tick = kept ? tribeAccessClock(db)?.now() : null;
  const access =
    kept && tick !== null && tick !== undefined
      ? await kept.obtain(String(tribeId), String(tick), 0, async () => {
          const value = await readTribeAccess(db, tribeId);
          return { value, weight: value ? value.members.size + 1 : 1, validUntil: Infinity };
        })
      : await readTribeAccess(db, tribeId);
  const found = checkTribeView(viewer, access ? { ...access, role: access.members.get(viewer.id)?.role ?? null } : undefined);
  return found;
}

const preparePage = (db: Database) =>
  db
    .select({ incoming: incomings, botName: dsbots.playerName })
    .from(incomings)
    .leftJoin(dsbots, eq(dsbots.id, incomings.dsbotId))
    .where(sql`${incomings.id} = any(${sql.placeholder("ids")}::int[])`)
    .prepare("dsbot_tribe_board_page");

const pages = new WeakMap<Database, ReturnType<typeof preparePage>>();

/** The page's incomings (with their bot's player name), in no particular order. */
export function readPageRows(db: Database, ids: readonly number[]) {
  let statement = pages.get(db);
  if (!statement) pages.set(db, (statement = preparePage(db)));
  return statement.execute({ ids: [...ids] });
}

/** A report of a target village: a bot's scan (`s`), a member's paste (`p`) or a bot's village scan with its wall (`w`). */
export interface DefenceReport {
  source: "s" | "p" | "w";
  /** The bot (scans, walls) or the member (pastes). */
  owner: number;
  x: number;
  y: number;
  units: UnitCounts | null;
  at: Date;
  wall: number | null;
}

/**
 * Every report the members share of the target villages of these incomings, by the world's village id
 * (the key of scans and pastes, so each lookup is an index probe), in one statement.
 */
export async function readDefenceReports(db: Database, tribe: BoardTribe, pageIds: readonly number[], botIds: readonly number[], userIds: readonly number[]): Promise<DefenceReport[]> {
  const bots = sql.param([...botIds]);
  return executePrepared<DefenceReport>(
    db,
    // The targets as one array (`= any(array(...))`, computed once), so each source's index takes it as
    // its condition; `in (select ...)` joined pastes to them row by row.
    sql`with targets as (
        select distinct target_village_id as id from incomings where id = any(${sql.param([...pageIds])}::int[]) and target_village_id is not null
      )
      select 's' as source, t.dsbot_id as owner, t.x, t.y, t.units, t.scanned_at as at, null::int as wall
        from bot_troops t where t.village_id = any(array(select id from targets)) and t.dsbot_id = any(${bots}::int[])
      union all
      select 'p', p.user_id, p.x, p.y, p.units, p.imported_at, null
        from pasted_troops p
        where p.user_id = any(${sql.param([...userIds])}::int[]) and p.world_server = ${tribe.worldServer} and p.world_world = ${tribe.worldWorld}
          and p.village_id = any(array(select id from targets))
      union all
      select 'w', v.dsbot_id, v.x, v.y, null, v.scanned_at, (v.state -> 'buildings' ->> 'wall')::int
        from bot_villages v where v.dsbot_id = any(${bots}::int[]) and v.village_id = any(array(select id from targets))`,
  );
}
