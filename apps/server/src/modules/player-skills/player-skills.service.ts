// Spieler Skills: the players of the user's own and granted bots plus the players the user saved
// skills for, merged per world and player (case-insensitive), each with its levels (0 when unsaved).
import type { PlayerSkillLevels, PlayerSkillsDelete, PlayerSkillsEntry, PlayerSkillsSave } from "@dsbot/protocol";
import { emptyPlayerSkillLevels, errorMessages, PLAYER_SKILLS_MAX_PLAYERS, playerSkillLevelsSchema, usernameKey, worldLabel } from "@dsbot/protocol";
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { PlayerSkillsRow, UserRow } from "../../db/schema.js";
import { dsbotPermissions, dsbots, players, playerSkills, worlds } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { worldDataKey } from "../worlds/index.js";

const keyOf = (server: string, world: string, playerName: string) => `${server}\u0000${world}\u0000${usernameKey(playerName)}`;

/** Stored levels read leniently: a skill added later or a value out of range counts as 0. */
function levelsOf(stored: Record<string, number>): PlayerSkillLevels {
  const merged = { ...emptyPlayerSkillLevels, ...stored };
  const parsed = playerSkillLevelsSchema.safeParse(merged);
  return parsed.success ? parsed.data : emptyPlayerSkillLevels;
}

function present(row: PlayerSkillsRow, fromBot: boolean): PlayerSkillsEntry {
  return {
    playerName: row.playerName,
    world: { server: row.worldServer, world: row.worldWorld },
    fromBot,
    saved: true,
    skills: levelsOf(row.skills),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Players of bots the user owns or was granted (admins too: not every bot of the server). */
async function botPlayers(db: Database, user: UserRow) {
  return db
    .selectDistinct({ playerName: dsbots.playerName, worldServer: dsbots.worldServer, worldWorld: dsbots.worldWorld })
    .from(dsbots)
    .where(
      or(
        eq(dsbots.ownerId, user.id),
        sql`exists (select 1 from ${dsbotPermissions} where ${dsbotPermissions.dsbotId} = ${dsbots.id} and ${dsbotPermissions.userId} = ${user.id})`,
      ),
    );
}

export async function listPlayerSkills(db: Database, user: UserRow): Promise<PlayerSkillsEntry[]> {
  const [bots, rows] = await Promise.all([
    botPlayers(db, user),
    db.select().from(playerSkills).where(eq(playerSkills.userId, user.id)).orderBy(asc(playerSkills.id)).limit(PLAYER_SKILLS_MAX_PLAYERS),
  ]);
  const byKey = new Map<string, PlayerSkillsEntry>();
  for (const row of rows) byKey.set(keyOf(row.worldServer, row.worldWorld, row.playerName), present(row, false));
  for (const bot of bots) {
    const key = keyOf(bot.worldServer, bot.worldWorld, bot.playerName);
    const saved = byKey.get(key);
    if (saved) saved.fromBot = true;
    else {
      byKey.set(key, {
        playerName: bot.playerName,
        world: { server: bot.worldServer, world: bot.worldWorld },
        fromBot: true,
        saved: false,
        skills: emptyPlayerSkillLevels,
        updatedAt: null,
      });
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      Number(b.fromBot) - Number(a.fromBot) ||
      a.world.server.localeCompare(b.world.server) ||
      a.world.world.localeCompare(b.world.world) ||
      a.playerName.localeCompare(b.playerName, "de", { sensitivity: "base" }),
  );
}

const samePlayer = (user: UserRow, input: Pick<PlayerSkillsSave, "playerName" | "world">) =>
  and(
    eq(playerSkills.userId, user.id),
    eq(playerSkills.worldServer, input.world.server),
    eq(playerSkills.worldWorld, input.world.world),
    eq(playerSkills.playerNameKey, usernameKey(input.playerName)),
  );

/**
 * The player's name as the world's data spells it; a German 400 when the world has players and none of
 * them has this name (any case). A world without data cannot say: the name is taken as typed.
 */
async function checkedPlayerName(db: Database, input: Pick<PlayerSkillsSave, "playerName" | "world">): Promise<string> {
  const [world] = await db
    .select({ id: worlds.id, players: worlds.playerCount })
    .from(worlds)
    .where(and(eq(worlds.server, input.world.server), eq(worlds.world, input.world.world)))
    .limit(1);
  if (!world || world.players === 0) return input.playerName;
  const [player] = await db
    .select({ name: players.name })
    .from(players)
    .where(and(eq(players.worldId, worldDataKey(world.id)), sql`lower(${players.name}) = lower(${input.playerName})`))
    .limit(1);
  if (player) return player.name;
  const message = errorMessages.playerSkillsUnknownPlayer(input.playerName, worldLabel(input.world));
  throw badRequest(message, [{ path: "playerName", message }]);
}

/** Creates or replaces one player's skills; at most PLAYER_SKILLS_MAX_PLAYERS players per user. */
export async function savePlayerSkills(db: Database, user: UserRow, given: PlayerSkillsSave): Promise<PlayerSkillsEntry> {
  const input = { ...given, playerName: await checkedPlayerName(db, given) };
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: playerSkills.id }).from(playerSkills).where(samePlayer(user, input)).limit(1);
    if (existing) {
      const [updated] = await tx
        .update(playerSkills)
        .set({ skills: input.skills, playerName: input.playerName, updatedAt: new Date() })
        .where(eq(playerSkills.id, existing.id))
        .returning();
      return updated as PlayerSkillsRow;
    }
    const [{ value: saved } = { value: 0 }] = await tx.select({ value: count() }).from(playerSkills).where(eq(playerSkills.userId, user.id));
    if (saved >= PLAYER_SKILLS_MAX_PLAYERS) throw conflict(errorMessages.playerSkillsLimit);
    const [inserted] = await tx
      .insert(playerSkills)
      .values({
        userId: user.id,
        worldServer: input.world.server,
        worldWorld: input.world.world,
        playerName: input.playerName,
        playerNameKey: usernameKey(input.playerName),
        skills: input.skills,
      })
      .onConflictDoUpdate({
        target: [playerSkills.userId, playerSkills.worldServer, playerSkills.worldWorld, playerSkills.playerNameKey],
        set: { skills: input.skills, playerName: input.playerName, updatedAt: new Date() },
      })
      .returning();
    return inserted as PlayerSkillsRow;
  });
  const fromBot = (await botPlayers(db, user)).some(
    (b) => b.worldServer === row.worldServer && b.worldWorld === row.worldWorld && usernameKey(b.playerName) === row.playerNameKey,
  );
  return present(row, fromBot);
}

export async function deletePlayerSkills(db: Database, user: UserRow, input: PlayerSkillsDelete): Promise<void> {
  const deleted = await db.delete(playerSkills).where(samePlayer(user, input)).returning({ id: playerSkills.id });
  if (deleted.length === 0) throw notFound(errorMessages.playerSkillsNotFound);
}
