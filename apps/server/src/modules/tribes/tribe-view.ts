// What a tribe looks like to those who may see it: the summary (with the caller's role and the linked
// in-game tribe from the world data) and the members with their bots' status (never their settings),
// their latest troops scan or paste on the world, and villages and points from the world data.
import type { TribeDetail, TribeMember, TribeRole, TribeSummary } from "@dsbot/protocol";
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { allies, botTroops, dsbots, pastedTroops, players, tribeMembers, users, worlds } from "../../db/schema.js";
import type { TribeRow } from "../../db/schema.js";

const roleOrder: Record<TribeRole, number> = { leader: 0, coordinator: 1, member: 2 };

/** The world data's key of a world (the `world_id` its villages, players and tribes carry), if imported. */
async function worldDataKey(db: Database, server: string, world: string): Promise<number | undefined> {
  const [row] = await db.select({ dataKey: worlds.dataKey }).from(worlds).where(and(eq(worlds.server, server), eq(worlds.world, world))).limit(1);
  return row?.dataKey;
}

/** The in-game tribes (id → name, tag) of the given ids on a world. */
export async function gameAlliesOf(db: Database, server: string, world: string, ids: number[]): Promise<Map<number, { id: number; name: string; tag: string }>> {
  const key = ids.length > 0 ? await worldDataKey(db, server, world) : undefined;
  if (key === undefined) return new Map();
  const rows = await db
    .select({ id: allies.id, name: allies.name, tag: allies.tag })
    .from(allies)
    .where(and(eq(allies.worldId, key), inArray(allies.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Summaries of the given tribes; `roles`: the caller's role per tribe (absent: not a member). */
export async function presentTribeSummaries(db: Database, rows: TribeRow[], roles: Map<number, TribeRole>): Promise<TribeSummary[]> {
  if (rows.length === 0) return [];
  const counts = new Map(
    (
      await db
        .select({ tribeId: tribeMembers.tribeId, n: sql<number>`count(*)::int` })
        .from(tribeMembers)
        .where(inArray(tribeMembers.tribeId, rows.map((r) => r.id)))
        .groupBy(tribeMembers.tribeId)
    ).map((r) => [r.tribeId, r.n]),
  );
  // The linked in-game tribes, one lookup per world.
  const alliesByWorld = new Map<string, { server: string; world: string; ids: number[] }>();
  for (const row of rows) {
    if (row.gameAllyId === null) continue;
    const key = `${row.worldServer}/${row.worldWorld}`;
    const entry = alliesByWorld.get(key) ?? { server: row.worldServer, world: row.worldWorld, ids: [] };
    entry.ids.push(row.gameAllyId);
    alliesByWorld.set(key, entry);
  }
  const allies = new Map<string, Map<number, { id: number; name: string; tag: string }>>();
  for (const [key, { server, world, ids }] of alliesByWorld) allies.set(key, await gameAlliesOf(db, server, world, ids));
  const summaries: TribeSummary[] = [];
  for (const row of rows) {
    const gameAlly = row.gameAllyId === null ? undefined : allies.get(`${row.worldServer}/${row.worldWorld}`)?.get(row.gameAllyId);
    summaries.push({
      id: row.id,
      name: row.name,
      tag: row.tag,
      world: { server: row.worldServer, world: row.worldWorld },
      gameAlly: gameAlly ?? null,
      memberCount: counts.get(row.id) ?? 0,
      myRole: roles.get(row.id) ?? null,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return summaries;
}

/** The members of a tribe as every member (and an admin) sees them. */
export async function presentTribeMembers(db: Database, tribe: TribeRow): Promise<TribeMember[]> {
  const memberRows = await db
    .select({ member: tribeMembers, username: users.username })
    .from(tribeMembers)
    .innerJoin(users, eq(users.id, tribeMembers.userId))
    .where(eq(tribeMembers.tribeId, tribe.id));
  if (memberRows.length === 0) return [];
  const userIds = memberRows.map((r) => r.member.userId);
  const onWorld = and(eq(dsbots.worldServer, tribe.worldServer), eq(dsbots.worldWorld, tribe.worldWorld));
  const botRows = await db
    .select({ id: dsbots.id, ownerId: dsbots.ownerId, playerName: dsbots.playerName, status: dsbots.status })
    .from(dsbots)
    .where(and(inArray(dsbots.ownerId, userIds), onWorld))
    .orderBy(asc(dsbots.id));
  const scans = await db
    .select({ ownerId: dsbots.ownerId, at: max(botTroops.scannedAt) })
    .from(botTroops)
    .innerJoin(dsbots, eq(dsbots.id, botTroops.dsbotId))
    .where(and(inArray(dsbots.ownerId, userIds), onWorld))
    .groupBy(dsbots.ownerId);
  const pastes = await db
    .select({ userId: pastedTroops.userId, at: max(pastedTroops.importedAt) })
    .from(pastedTroops)
    .where(and(inArray(pastedTroops.userId, userIds), eq(pastedTroops.worldServer, tribe.worldServer), eq(pastedTroops.worldWorld, tribe.worldWorld)))
    .groupBy(pastedTroops.userId);
  const lastScan = new Map<number, Date>();
  for (const { ownerId: id, at } of [...scans, ...pastes.map((p) => ({ ownerId: p.userId, at: p.at }))]) {
    if (!at) continue;
    const known = lastScan.get(id);
    if (!known || at > known) lastScan.set(id, at);
  }

  const botsOf = new Map<number, typeof botRows>();
  for (const bot of botRows) botsOf.set(bot.ownerId, [...(botsOf.get(bot.ownerId) ?? []), bot]);
  const nameOf = (userId: number, own: string | null) => own ?? botsOf.get(userId)?.[0]?.playerName ?? null;

  const names = [...new Set(memberRows.map((r) => nameOf(r.member.userId, r.member.playerName)).filter((n): n is string => n !== null))];
  const key = names.length > 0 ? await worldDataKey(db, tribe.worldServer, tribe.worldWorld) : undefined;
  const playerRows =
    key === undefined
      ? []
      : await db
          .select({ name: players.name, villages: players.villages, points: players.points })
          .from(players)
          .where(and(eq(players.worldId, key), inArray(players.name, names)));
  const playerByName = new Map(playerRows.map((p) => [p.name, p]));

  return memberRows
    .map(({ member, username }): TribeMember => {
      const playerName = nameOf(member.userId, member.playerName);
      const player = playerName === null ? undefined : playerByName.get(playerName);
      return {
        userId: member.userId,
        username,
        role: member.role,
        playerName,
        troopSharing: member.troopSharing,
        joinedAt: member.joinedAt.toISOString(),
        bots: (botsOf.get(member.userId) ?? []).map((b) => ({ id: b.id, playerName: b.playerName, online: b.status === "online" || b.status === "paused" })),
        lastScanAt: lastScan.get(member.userId)?.toISOString() ?? null,
        villages: player?.villages ?? null,
        points: player?.points ?? null,
      };
    })
    .sort((a, b) => roleOrder[a.role] - roleOrder[b.role] || a.username.localeCompare(b.username, "de"));
}

/** The whole tribe as its detail answer shows it. */
export async function presentTribeDetail(db: Database, tribe: TribeRow, role: TribeRole | null): Promise<TribeDetail> {
  const [summary] = await presentTribeSummaries(db, [tribe], role ? new Map([[tribe.id, role]]) : new Map());
  if (!summary) throw new Error("tribe summary missing");
  return { ...summary, members: await presentTribeMembers(db, tribe) };
}
