// Writing incomings: a bot's scan replaces its set (one row per game command, the first-seen
// time kept across scans); a pasted SOS text adds to the user's own set. After each write the set's
// analysis (likely unit, kind, noble train) is worked out again and stored with the rows, so reading a
// page is one indexed query. Arrived commands leave with the next write and are never listed.
import type { IncomingKind, UnitSpeedTable } from "@dsbot/protocol";
import { analyseIncomings } from "@dsbot/protocol";
import { and, asc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { ROW_CHUNK, WIDE_ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import { allies, incomings, players, villages, worlds } from "../../db/schema.js";
import { worldDataKey } from "../worlds/index.js";

type Executor = Database;

/** A command as it goes into the table (both sources). */
export interface IncomingInput {
  commandId: number | null;
  originVillageId: number | null;
  originX: number;
  originY: number;
  originName: string | null;
  attackerName: string | null;
  attackerTribe: string | null;
  targetVillageId: number | null;
  targetX: number;
  targetY: number;
  targetName: string | null;
  defenderName: string | null;
  arrivalAt: number;
  firstSeenAt: number;
  label: string | null;
}

export type IncomingOwner = { dsbotId: number } | { userId: number };

const ownerCondition = (owner: IncomingOwner): SQL =>
  "dsbotId" in owner ? eq(incomings.dsbotId, owner.dsbotId) : eq(incomings.userId, owner.userId);

/** The world's unit speeds, or null when its unit info is unknown (no likely unit then). */
export async function worldUnitSpeeds(db: Executor, world: { server: string; world: string }): Promise<{ id: number; speeds: UnitSpeedTable | null } | null> {
  const [row] = await db
    .select({ id: worlds.id, unitInfo: worlds.unitInfo })
    .from(worlds)
    .where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)))
    .limit(1);
  return row ? { id: row.id, speeds: (row.unitInfo as UnitSpeedTable | null) ?? null } : null;
}

/**
 * Inserts the commands (or, for a known command of the bot / a known paste, updates its arrival, label
 * and villages and keeps its first-seen time). Answers the ids of rows that were new and how many rows
 * were written. The caller notes the writes once for the whole scan or paste (`noteWrites`): noted per
 * chunk, a paste of 5,000 ran five analyses of the table, each holding PGlite 100–200 ms.
 */
export async function upsertIncomings(
  db: Executor,
  owner: IncomingOwner,
  world: { server: string; world: string },
  rows: readonly IncomingInput[],
): Promise<{ fresh: Set<number>; written: number }> {
  const fresh = new Set<number>();
  let writtenRows = 0;
  const dsbotId = "dsbotId" in owner ? owner.dsbotId : null;
  const userId = "userId" in owner ? owner.userId : null;
  const conflict = dsbotId !== null ? sql`(dsbot_id, command_id)` : sql`(user_id, origin_x, origin_y, target_x, target_y, arrival_at)`;
  for (let start = 0; start < rows.length; start += WIDE_ROW_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const chunk = rows.slice(start, start + WIDE_ROW_CHUNK);
    const column = <T>(pick: (row: IncomingInput) => T) => sql.param(chunk.map(pick));
    const result = await db.execute(sql`
      insert into ${incomings} (dsbot_id, user_id, world_server, world_world, command_id, origin_village_id, origin_x, origin_y,
        origin_name, attacker_name, attacker_tribe, target_village_id, target_x, target_y, target_name, defender_name,
        arrival_at, first_seen_at, label, distance, kind, kind_reason)
      select ${dsbotId}::int, ${userId}::int, ${world.server}, ${world.world}, v.*,
        sqrt(power(v.ox - v.tx, 2) + power(v.oy - v.ty, 2)), 'attack', ''
      from unnest(
        ${column((r) => r.commandId)}::bigint[], ${column((r) => r.originVillageId)}::int[],
        ${column((r) => r.originX)}::smallint[], ${column((r) => r.originY)}::smallint[], ${column((r) => r.originName)}::text[],
        ${column((r) => r.attackerName)}::text[], ${column((r) => r.attackerTribe)}::text[], ${column((r) => r.targetVillageId)}::int[],
        ${column((r) => r.targetX)}::smallint[], ${column((r) => r.targetY)}::smallint[], ${column((r) => r.targetName)}::text[],
        ${column((r) => r.defenderName)}::text[], ${column((r) => new Date(r.arrivalAt).toISOString())}::timestamptz[],
        ${column((r) => new Date(r.firstSeenAt).toISOString())}::timestamptz[], ${column((r) => r.label)}::text[]
      ) as v(command_id, ovid, ox, oy, oname, attacker, tribe, tvid, tx, ty, tname, defender, arrival, seen, label)
      on conflict ${conflict} do update set
        origin_village_id = excluded.origin_village_id, origin_x = excluded.origin_x, origin_y = excluded.origin_y,
        origin_name = excluded.origin_name, attacker_name = coalesce(excluded.attacker_name, incomings.attacker_name),
        attacker_tribe = coalesce(excluded.attacker_tribe, incomings.attacker_tribe),
        target_village_id = excluded.target_village_id, target_x = excluded.target_x, target_y = excluded.target_y,
        target_name = excluded.target_name, defender_name = excluded.defender_name, arrival_at = excluded.arrival_at,
        label = excluded.label, distance = excluded.distance
      -- A command seen again unchanged is not written (no dead row, no new version for the page's cache).
      where (incomings.origin_village_id, incomings.origin_x, incomings.origin_y, incomings.origin_name, incomings.target_village_id,
          incomings.target_x, incomings.target_y, incomings.target_name, incomings.defender_name, incomings.arrival_at, incomings.label)
        is distinct from (excluded.origin_village_id, excluded.origin_x, excluded.origin_y, excluded.origin_name, excluded.target_village_id,
          excluded.target_x, excluded.target_y, excluded.target_name, excluded.defender_name, excluded.arrival_at, excluded.label)
        or (excluded.attacker_name is not null and excluded.attacker_name is distinct from incomings.attacker_name)
        or (excluded.attacker_tribe is not null and excluded.attacker_tribe is distinct from incomings.attacker_tribe)
      returning id, (xmax = 0) as inserted`);
    const written = (result as unknown as { rows: { id: number; inserted: boolean }[] }).rows;
    for (const row of written) if (row.inserted) fresh.add(row.id);
    writtenRows += written.length;
  }
  return { fresh, written: writtenRows };
}

/** The villages a command was stored with (ids and names the world's data gave it), by the bot's command id. */
export const storedVillageColumns = {
  commandId: incomings.commandId,
  originX: incomings.originX,
  originY: incomings.originY,
  originVillageId: incomings.originVillageId,
  originName: incomings.originName,
  targetX: incomings.targetX,
  targetY: incomings.targetY,
  targetVillageId: incomings.targetVillageId,
  targetName: incomings.targetName,
};
export interface StoredVillages {
  commandId: number | null;
  originX: number;
  originY: number;
  originVillageId: number | null;
  originName: string | null;
  targetX: number;
  targetY: number;
  targetVillageId: number | null;
  targetName: string | null;
}

/**
 * A scan names no villages (the game's command list shows coordinates only): a command seen before
 * keeps the ids and names it was stored with, as long as its villages are on the same fields. Without
 * this, every scan after the first wrote the names back to null.
 */
export function keepStoredVillages(rows: IncomingInput[], stored: readonly StoredVillages[]): void {
  const byCommand = new Map(stored.map((s) => [s.commandId, s]));
  for (const r of rows) {
    const was = r.commandId === null ? undefined : byCommand.get(r.commandId);
    if (!was) continue;
    if (r.originName === null && was.originX === r.originX && was.originY === r.originY) {
      r.originName = was.originName;
      r.originVillageId ??= was.originVillageId;
    }
    if (r.targetName === null && was.targetX === r.targetX && was.targetY === r.targetY) {
      r.targetName = was.targetName;
      r.targetVillageId ??= was.targetVillageId;
    }
  }
}

/**
 * Fills in what the source did not name from the world's data: village ids and names by field (the
 * coordinate index, WIDE_ROW_CHUNK fields per read), the attacker's tribe tag by player name.
 */
export async function resolveFromWorld(db: Executor, worldId: number, rows: IncomingInput[]): Promise<void> {
  const fields = new Map<string, { x: number; y: number }>();
  for (const r of rows) {
    if (r.originName === null) fields.set(`${r.originX}|${r.originY}`, { x: r.originX, y: r.originY });
    if (r.targetName === null) fields.set(`${r.targetX}|${r.targetY}`, { x: r.targetX, y: r.targetY });
  }
  const names = new Set(rows.filter((r) => r.attackerTribe === null && r.attackerName !== null).map((r) => (r.attackerName as string).toLowerCase()));
  const coords = [...fields.values()];
  const villageRows: { id: number; name: string; x: number; y: number }[] = [];
  for (let start = 0; start < coords.length; start += WIDE_ROW_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const chunk = coords.slice(start, start + WIDE_ROW_CHUNK);
    villageRows.push(
      ...(await db
        .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y })
        .from(villages)
        .where(
          and(
            eq(villages.worldId, worldDataKey(worldId)),
            sql`(${villages.x}, ${villages.y}) in (select * from unnest(${sql.param(chunk.map((c) => c.x))}::smallint[], ${sql.param(chunk.map((c) => c.y))}::smallint[]))`,
          ),
        )),
    );
  }
  const tribeRows =
    names.size === 0
      ? []
      : await db
          .select({ name: players.name, tag: allies.tag })
          .from(players)
          .innerJoin(allies, and(eq(allies.worldId, players.worldId), eq(allies.id, players.allyId)))
          .where(and(eq(players.worldId, worldDataKey(worldId)), sql`lower(${players.name}) = any(${sql.param([...names])}::text[])`));
  const byField = new Map(villageRows.map((v) => [`${v.x}|${v.y}`, v]));
  const tribes = new Map(tribeRows.map((t) => [t.name.toLowerCase(), t.tag]));
  for (const r of rows) {
    const origin = r.originName === null ? byField.get(`${r.originX}|${r.originY}`) : undefined;
    if (origin) {
      r.originName = origin.name;
      r.originVillageId ??= origin.id;
    }
    const target = r.targetName === null ? byField.get(`${r.targetX}|${r.targetY}`) : undefined;
    if (target) {
      r.targetName = target.name;
      r.targetVillageId ??= target.id;
    }
    if (r.attackerTribe === null && r.attackerName !== null) r.attackerTribe = tribes.get(r.attackerName.toLowerCase()) ?? null;
  }
}

/** Removes the owner's commands that have landed; answers how many (the caller notes the writes). */
export async function dropArrived(db: Executor, owner: IncomingOwner, now: number): Promise<number> {
  const gone = await db
    .delete(incomings)
    .where(and(ownerCondition(owner), lte(incomings.arrivalAt, new Date(now))))
    .returning({ id: incomings.id });
  return gone.length;
}

/** One page of the owner's incomings for the analysis: ROW_CHUNK rows after id `after`. */
function analysisPage(db: Executor, owner: IncomingOwner, after: number) {
  return db
    .select({
      id: incomings.id,
      originX: incomings.originX,
      originY: incomings.originY,
      targetX: incomings.targetX,
      targetY: incomings.targetY,
      attackerName: incomings.attackerName,
      arrivalAt: incomings.arrivalAt,
      firstSeenAt: incomings.firstSeenAt,
      label: incomings.label,
      kind: incomings.kind,
      likelyUnits: incomings.likelyUnits,
      otherUnits: incomings.otherUnits,
      kindReason: incomings.kindReason,
      trainId: incomings.trainId,
      trainIndex: incomings.trainIndex,
    })
    .from(incomings)
    .where(and(ownerCondition(owner), gt(incomings.id, after)))
    .orderBy(asc(incomings.id))
    .limit(ROW_CHUNK);
}

/**
 * Works the owner's analysis out again over their whole set (trains and repeated origins are judged
 * together) and stores it. Answers the kind of each row before and after, for the noble notification,
 * and how many rows were written (the caller notes the writes).
 */
export async function refreshAnalysis(
  db: Executor,
  owner: IncomingOwner,
  speeds: UnitSpeedTable | null,
): Promise<{ kinds: Map<number, { before: IncomingKind; after: IncomingKind }>; written: number }> {
  // Read in pages by id (ROW_CHUNK rows per statement, a turn of the event loop between them): on
  // PGlite one read of a user's 15,000 incomings held the database thread ~190 ms, and every other
  // request waited behind it.
  const rows: Awaited<ReturnType<typeof analysisPage>> = [];
  for (let after = 0; ; ) {
    if (after > 0) await yieldToEventLoop();
    const page = await analysisPage(db, owner, after);
    rows.push(...page);
    if (page.length < ROW_CHUNK) break;
    after = page.at(-1)!.id;
  }
  const analysis = analyseIncomings(
    rows.map((r) => ({
      id: r.id,
      origin: { x: r.originX, y: r.originY },
      target: { x: r.targetX, y: r.targetY },
      attackerName: r.attackerName,
      arrival: r.arrivalAt.getTime(),
      firstSeenAt: r.firstSeenAt.getTime(),
      label: r.label,
    })),
    speeds ?? {},
  );
  const kinds = new Map<number, { before: IncomingKind; after: IncomingKind }>();
  rows.forEach((r, i) => kinds.set(r.id, { before: r.kind as IncomingKind, after: analysis[i]!.kind }));
  // Only rows whose analysis changed are written (a repeated scan writes none).
  const changed = analysis.filter((a, i) => {
    const r = rows[i]!;
    return (
      r.kind !== a.kind ||
      r.kindReason !== a.reason ||
      r.trainId !== a.trainId ||
      r.trainIndex !== a.trainIndex ||
      JSON.stringify(r.likelyUnits ?? null) !== JSON.stringify(a.likely.likely?.units ?? null) ||
      JSON.stringify(r.otherUnits ?? []) !== JSON.stringify(a.likely.others.map((g) => g.units))
    );
  });
  for (let start = 0; start < changed.length; start += WIDE_ROW_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const chunk = changed.slice(start, start + WIDE_ROW_CHUNK);
    const column = <T>(pick: (row: (typeof chunk)[number]) => T) => sql.param(chunk.map(pick));
    await db.execute(sql`
      update ${incomings} i set likely_units = v.likely, likely_speed = v.speed, other_units = v.others, kind = v.kind,
        kind_reason = v.reason, train_id = v.train_id, train_index = v.train_index
      from unnest(
        ${column((a) => a.id)}::int[], ${column((a) => (a.likely.likely ? JSON.stringify(a.likely.likely.units) : null))}::jsonb[],
        ${column((a) => a.likely.likely?.speed ?? null)}::real[], ${column((a) => JSON.stringify(a.likely.others.map((g) => g.units)))}::jsonb[],
        ${column((a) => a.kind)}::text[], ${column((a) => a.reason)}::text[], ${column((a) => a.trainId)}::int[], ${column((a) => a.trainIndex)}::int[]
      ) as v(id, likely, speed, others, kind, reason, train_id, train_index)
      where i.id = v.id`);
  }
  return { kinds, written: changed.length };
}
