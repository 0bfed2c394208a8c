// The demo's tribe: "Demo-Stamm" [DEMO] on the demo world, led by the demo user and linked to the
// world's tribe of the same name, with two members of its own (Demo-Lena and Demo-Finn, playing two
// other players of that tribe). The members share their troops (a pasted overview of their villages)
// and have incomings of their own (a pasted SOS: a noble train on Lena's first village, attacks on
// others), Lena has asked for support against the train, and the demo user, as Anführer, has planned
// the defence for it — so Stamm shows a filled board, an open request, who could help and the planned
// supports, next to what the demo bots (Kalle, Zora, Bruno) scan once started. Written once; a start
// that finds the members' incomings landed pastes new ones, asks again and plans again.
import type { TribeRequestNeed, UnitCounts } from "@dsbot/protocol";
import { DEMO_WORLD, formatServerTime, TRIBE_REQUEST_MARGIN_DEFAULT_S, usernameKey } from "@dsbot/protocol";
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { allies, incomings, pastedTroops, players, tribeMembers, tribeRequestSupports, tribeSupportRequests, tribes, villages } from "../db/schema.js";
import type { TribeRow, UserRow } from "../db/schema.js";
import { findUserByUsername, generatePassword } from "../modules/auth/index.js";
import { importSosText } from "../modules/incomings/index.js";
import type { DefenceDeps } from "../modules/tribes/index.js";
import { membersWhoCouldHelp, planDefence } from "../modules/tribes/index.js";
import { HttpError } from "../http/errors.js";
import { createUser } from "../modules/users/index.js";
import { requireUserWorld, worldDataKey, worldZoneOf } from "../modules/worlds/index.js";
import type { ImportDeps } from "../workers/pasted-text.js";

export const DEMO_TRIBE_MEMBERS = ["Demo-Lena", "Demo-Finn"] as const;
/** The shared troops of a member's village: defence, as the tribe sees it by default. */
const DEMO_TROOPS: UnitCounts = { spear: 2400, sword: 1800, heavy: 300, axe: 400 };
/** Lena's need against the train. */
const DEMO_NEED: TribeRequestNeed = { kind: "population", population: 12_000 };
/**
 * The demo's planned supports leave this long after the start (not at once, as a coordinator's plan
 * does), so a newcomer sees them planned with a countdown; Finn has no bot, so each becomes his tab
 * request when it is due.
 */
const DEMO_DEFENCE_DELAY_MS = 2 * 3_600_000;

interface DemoVillage {
  id: number;
  name: string;
  x: number;
  y: number;
}

/** The world's tribe of the demo bots and its villages by player, the demo bots' players left out. */
async function tribeMates(db: Database, worldId: number): Promise<{ allyId: number | null; mates: { name: string; villages: DemoVillage[] }[] }> {
  const key = worldDataKey(worldId);
  const [ally] = await db.select({ id: allies.id }).from(allies).where(and(eq(allies.worldId, key), eq(allies.tag, DEMO_WORLD.namedTribe.tag))).limit(1);
  if (!ally) return { allyId: null, mates: [] };
  const named = DEMO_WORLD.namedPlayers.map((n) => n.toLowerCase());
  const mates = await db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(and(eq(players.worldId, key), eq(players.allyId, ally.id), notInArray(sql`lower(${players.name})`, named)))
    .orderBy(desc(players.villages), asc(players.id))
    .limit(DEMO_TRIBE_MEMBERS.length);
  const result: { name: string; villages: DemoVillage[] }[] = [];
  for (const mate of mates) {
    const owned = await db
      .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y })
      .from(villages)
      .where(and(eq(villages.worldId, key), eq(villages.playerId, mate.id)))
      .orderBy(asc(villages.id))
      .limit(12);
    if (owned.length > 0) result.push({ name: mate.name, villages: owned });
  }
  return { allyId: ally.id, mates: result };
}

/** A village of another tribe's player a few fields from `target`: where the demo attacks come from. */
async function attackerNear(db: Database, worldId: number, allyId: number, target: DemoVillage): Promise<DemoVillage | undefined> {
  const [row] = await db
    .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y })
    .from(villages)
    .innerJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
    .where(and(eq(villages.worldId, worldDataKey(worldId)), sql`${players.allyId} <> ${allyId}`, sql`abs(${villages.x} - ${target.x}) + abs(${villages.y} - ${target.y}) between 6 and 20`))
    .orderBy(asc(villages.id))
    .limit(1);
  return row;
}

/** The SOS text of the game for attacks on `target` from `origin`, arriving at the given times. */
function sosText(target: DemoVillage, origin: DemoVillage, attacker: string, arrivals: readonly number[], zone: string): string {
  const lines = ["[b]Angegriffenes Dorf[/b]", `[coord]${target.x}|${target.y}[/coord]`];
  arrivals.forEach((arrival, i) => {
    lines.push("", `[b]${i + 1}. Angriff[/b]`, `Angreifer: [player]${attacker}[/player]`, `Herkunft: [coord]${origin.x}|${origin.y}[/coord]`, `Ankunftszeit: ${formatServerTime(arrival, zone)}`);
  });
  return lines.join("\n");
}

async function ensureMember(db: Database, leader: UserRow, tribe: TribeRow, username: string, playerName: string): Promise<UserRow> {
  const create = () => createUser(db, { username, password: generatePassword(), role: "user", world: { server: leader.worldServer, world: leader.worldWorld } });
  // Created by another instance a moment ago: that one.
  let user = await findUserByUsername(db, username);
  if (!user) {
    try {
      user = await create();
    } catch (error) {
      user = await findUserByUsername(db, username);
      if (!user) throw error;
    }
  }
  await db
    .insert(tribeMembers)
    .values({ tribeId: tribe.id, userId: user.id, worldServer: tribe.worldServer, worldWorld: tribe.worldWorld, role: "member", playerName })
    .onConflictDoNothing();
  return user;
}

/** Creates the demo tribe once, and new incomings and a request when the old ones have landed; its id. */
export async function ensureDemoTribe(deps: ImportDeps & DefenceDeps, demoUsername: string, now = Date.now()): Promise<number | undefined> {
  const { db } = deps;
  const leader = await findUserByUsername(db, demoUsername);
  if (!leader) return undefined;
  const world = await requireUserWorld(db, leader);
  const { allyId, mates } = await tribeMates(db, world.id);
  if (allyId === null || mates.length === 0) return undefined;

  const place = { worldServer: leader.worldServer, worldWorld: leader.worldWorld };
  const [member] = await db
    .select({ tribe: tribes })
    .from(tribeMembers)
    .innerJoin(tribes, eq(tribes.id, tribeMembers.tribeId))
    .where(and(eq(tribeMembers.userId, leader.id), eq(tribeMembers.worldServer, place.worldServer), eq(tribeMembers.worldWorld, place.worldWorld)))
    .limit(1);
  let tribe = member?.tribe;
  if (!tribe) {
    // Two instances starting on one database at once: the second finds the first one's tribe.
    const { name, tag } = DEMO_WORLD.namedTribe;
    const tagKey = usernameKey(tag);
    await db.insert(tribes).values({ ...place, name, tag, tagKey, gameAllyId: allyId }).onConflictDoNothing();
    [tribe] = await db
      .select()
      .from(tribes)
      .where(and(eq(tribes.worldServer, place.worldServer), eq(tribes.worldWorld, place.worldWorld), eq(tribes.tagKey, tagKey)))
      .limit(1);
    if (!tribe) return undefined;
    await db.insert(tribeMembers).values({ tribeId: tribe.id, userId: leader.id, ...place, role: "leader" }).onConflictDoNothing();
  }
  // A demo user who founded or joined another tribe keeps it as it is.
  if (tribe.name !== DEMO_WORLD.namedTribe.name) return tribe.id;

  const zone = await worldZoneOf(db, { server: place.worldServer, world: place.worldWorld });
  const members: { user: UserRow; villages: DemoVillage[] }[] = [];
  for (const [i, mate] of mates.entries()) {
    const username = DEMO_TRIBE_MEMBERS[i];
    if (username) members.push({ user: await ensureMember(db, leader, tribe, username, mate.name), villages: mate.villages });
  }
  for (const { user, villages: owned } of members) {
    await db
      .insert(pastedTroops)
      .values(owned.map((v) => ({ userId: user.id, ...place, villageId: v.id, x: v.x, y: v.y, name: v.name, playerName: null, units: DEMO_TROOPS, inVillage: DEMO_TROOPS, outside: {}, onTheWay: {}, importedAt: new Date(now) })))
      .onConflictDoNothing();
  }

  const memberIds = members.map((m) => m.user.id);
  const ahead = await db
    .select({ id: incomings.id })
    .from(incomings)
    .where(and(inArray(incomings.userId, memberIds), gt(incomings.arrivalAt, new Date(now))))
    .limit(1);
  if (ahead.length === 0) await pasteDemoIncomings(deps, allyId, world.id, members, zone, now);
  await askForLena(db, tribe, members[0]?.user, now);
  await planForLena(deps, tribe, leader, members[0]?.user, now);
  return tribe.id;
}

/** The Anführer's plan for Lena's open request, unless it has supports already (or none can help). */
async function planForLena(deps: DefenceDeps, tribe: TribeRow, leader: UserRow, lena: UserRow | undefined, now: number): Promise<void> {
  if (!lena) return;
  const [open] = await deps.db
    .select({ id: tribeSupportRequests.id })
    .from(tribeSupportRequests)
    .where(and(eq(tribeSupportRequests.tribeId, tribe.id), eq(tribeSupportRequests.memberId, lena.id), isNull(tribeSupportRequests.withdrawnAt), gt(tribeSupportRequests.attackArrivalAt, new Date(now))))
    .limit(1);
  if (!open) return;
  const [planned] = await deps.db.select({ id: tribeRequestSupports.attackId }).from(tribeRequestSupports).where(eq(tribeRequestSupports.requestId, open.id)).limit(1);
  if (planned) return;
  try {
    await planDefence(deps, tribe, leader, "leader", open.id, { save: true, includeVillageIds: [] }, now + DEMO_DEFENCE_DELAY_MS);
  } catch (error) {
    // Nothing missing, or too late for any support: the demo simply has no plan then.
    if (!(error instanceof HttpError)) throw error;
  }
}

/** Lena's noble train (four commands 100 ms apart, 7 h away) and single attacks on both members. */
async function pasteDemoIncomings(
  deps: ImportDeps,
  allyId: number,
  worldId: number,
  members: { user: UserRow; villages: DemoVillage[] }[],
  zone: string,
  now: number,
): Promise<void> {
  const at = (hours: number, ms: number) => Math.floor((now + hours * 3_600_000) / 1000) * 1000 + ms;
  for (const [i, { user, villages: owned }] of members.entries()) {
    const plan: { target: DemoVillage | undefined; arrivals: number[] }[] =
      i === 0
        ? [
            { target: owned[0], arrivals: [at(7, 120), at(7, 220), at(7, 320), at(7, 420)] },
            { target: owned[1], arrivals: [at(2.5, 654)] },
          ]
        : [
            { target: owned[0], arrivals: [at(4, 87)] },
            { target: owned[1], arrivals: [at(9, 512)] },
          ];
    for (const { target, arrivals } of plan) {
      if (!target) continue;
      const origin = await attackerNear(deps.db, worldId, allyId, target);
      if (!origin) continue;
      const [attacker] = await deps.db
        .select({ name: players.name })
        .from(players)
        .innerJoin(villages, and(eq(villages.worldId, players.worldId), eq(villages.playerId, players.id)))
        .where(and(eq(villages.worldId, worldDataKey(worldId)), eq(villages.id, origin.id)))
        .limit(1);
      await importSosText(deps, user, sosText(target, origin, attacker?.name ?? "Raubritter", arrivals, zone), {}, now);
    }
  }
}

/** Lena's open request against her train, unless she has one. */
async function askForLena(db: Database, tribe: TribeRow, lena: UserRow | undefined, now: number): Promise<void> {
  if (!lena) return;
  const [open] = await db
    .select({ id: tribeSupportRequests.id })
    .from(tribeSupportRequests)
    .where(and(eq(tribeSupportRequests.tribeId, tribe.id), eq(tribeSupportRequests.memberId, lena.id), isNull(tribeSupportRequests.withdrawnAt), gt(tribeSupportRequests.attackArrivalAt, new Date(now))))
    .limit(1);
  if (open) return;
  const [train] = await db
    .select()
    .from(incomings)
    .where(and(eq(incomings.userId, lena.id), gt(incomings.arrivalAt, new Date(now)), sql`${incomings.trainId} is not null`))
    .orderBy(asc(incomings.arrivalAt))
    .limit(1);
  if (!train) return;
  const neededBy = train.arrivalAt.getTime() - TRIBE_REQUEST_MARGIN_DEFAULT_S * 1000;
  const helpers = await membersWhoCouldHelp(db, tribe, lena.id, { x: train.targetX, y: train.targetY }, neededBy, now);
  await db
    .insert(tribeSupportRequests)
    .values({
      tribeId: tribe.id,
      memberId: lena.id,
      requestedBy: lena.id,
      incomingId: train.id,
      trainId: train.trainId,
      targetVillageId: train.targetVillageId,
      targetX: train.targetX,
      targetY: train.targetY,
      targetName: train.targetName,
      attackArrivalAt: train.arrivalAt,
      neededBy: new Date(neededBy),
      need: DEMO_NEED,
      helpers: helpers.length,
    })
    .onConflictDoNothing();
}
