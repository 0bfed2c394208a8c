// The importer: the real world's files give exactly their records with
// decoded names; a re-import replaces the data atomically; a broken file leaves the old data intact.
import type { GameResult } from "@dsbot/protocol";
import { parseGameConfigXml, parseUnitInfoXml } from "@dsbot/protocol";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { hasRealWorld, realWorldDir, realWorldFile, smallWorld } from "../../../test/worlds.js";
import { allies, players, villages, worldDataOrphans, worlds } from "../../db/schema.js";
import type { ImportProgress, WorldData } from "./world-import.js";
import { IMPORT_BATCH_ROWS, replaceWorldData } from "./world-import.js";
import { worldDataKey } from "./world-data-key.js";
import { worldFileText } from "./world-files.js";
import { parseAllies, parsePlayers, parseVillages } from "./world-records.js";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.dispose();
});

async function newWorld(world: string) {
  const [row] = await app.db.insert(worlds).values({ server: "plemiona.pl", world }).returning();
  if (!row) throw new Error("no world");
  return row;
}

const counts = async (worldId: number) => {
  const [v] = await app.db.select({ n: count() }).from(villages).where(eq(villages.worldId, worldDataKey(worldId)));
  const [p] = await app.db.select({ n: count() }).from(players).where(eq(players.worldId, worldDataKey(worldId)));
  const [a] = await app.db.select({ n: count() }).from(allies).where(eq(allies.worldId, worldDataKey(worldId)));
  return { villages: v?.n, players: p?.n, allies: a?.n };
};

function smallData(): WorldData {
  return {
    villages: parseVillages(smallWorld["village.txt"]),
    players: parsePlayers(smallWorld["player.txt"]),
    allies: parseAllies(smallWorld["ally.txt"]),
  };
}

describe("replaceWorldData", () => {
  it("replaces a world's data, leaves other worlds alone, and counts the version up", async () => {
    const first = await newWorld("pl901");
    const other = await newWorld("pl902");
    await replaceWorldData(app.db, other.id, smallData());
    const progress: ImportProgress[] = [];
    const once = await replaceWorldData(app.db, first.id, smallData(), (p) => progress.push(p));
    expect(once?.dataVersion).toBe(1);
    expect(progress.at(-1)).toEqual({ phase: "done", done: 9, total: 9 });
    expect(progress).toContainEqual({ phase: "villages", done: 4, total: 4 });

    const fewer = smallData();
    fewer.villages = fewer.villages.slice(0, 2);
    const twice = await replaceWorldData(app.db, first.id, fewer);
    expect(twice).toMatchObject({ dataVersion: 2, villageCount: 2, playerCount: 3, allyCount: 2 });
    expect(await counts(first.id)).toEqual({ villages: 2, players: 3, allies: 2 });
    expect(await counts(other.id)).toEqual({ villages: 4, players: 3, allies: 2 });
    expect(await replaceWorldData(app.db, 987_654, smallData())).toBeUndefined();
  });

  // PGlite takes the rows as CSV (COPY), PostgreSQL as arrays (unnest): both must keep every character.
  it("stores names exactly, with quotes, commas, backslashes, braces and NULL-like text", async () => {
    const world = await newWorld("pl904");
    const names = ['Dorf "A", B', "C:\\Pfad\\x", "{1,2}", "NULL", "\\N", "  Leer  ", "ś ä ß 🏰", "a\tb"];
    const data = smallData();
    data.villages = names.map((name, i) => ({ ...data.villages[0]!, id: i + 1, name, x: i, y: i }));
    data.players = names.map((name, i) => ({ ...data.players[0]!, id: i + 1, name }));
    await replaceWorldData(app.db, world.id, data);
    const stored = await app.db.select({ id: villages.id, name: villages.name }).from(villages).where(eq(villages.worldId, worldDataKey(world.id))).orderBy(villages.id);
    expect(stored.map((v) => v.name)).toEqual(names);
    const storedPlayers = await app.db.select({ name: players.name }).from(players).where(eq(players.worldId, worldDataKey(world.id))).orderBy(players.id);
    expect(storedPlayers.map((p) => p.name)).toEqual(names);
  });

  it("writes nothing when a statement fails midway: the old data stays", async () => {
    const world = await newWorld("pl903");
    await replaceWorldData(app.db, world.id, smallData());
    const bad = smallData();
    // Duplicate ids slip past no parser here, so the insert itself fails after the deletes ran.
    bad.players = [...bad.players, { ...(bad.players[0] as (typeof bad.players)[number]) }];
    await expect(replaceWorldData(app.db, world.id, bad)).rejects.toThrow();
    expect(await counts(world.id)).toEqual({ villages: 4, players: 3, allies: 2 });
    const [row] = await app.db.select().from(worlds).where(eq(worlds.id, world.id));
    expect(row?.dataVersion).toBe(1);
    // The failed import's rows are gone, and no key is left waiting.
    const [stray] = await app.db.select({ n: count() }).from(players).where(sql`${players.worldId} not in (select data_key from worlds)`);
    expect(stray?.n).toBe(0);
    expect(await app.db.select().from(worldDataOrphans)).toEqual([]);
  });
});

/** A real XML file with what the protocol's game parser makes of it. */
function xmlFile<T>(file: string, parse: (xml: string) => GameResult<T>): { xml: string; parsed: T } {
  const xml = realWorldFile(file).toString("utf8");
  const parsed = parse(xml);
  if (!parsed.ok) throw new Error(parsed.error);
  return { xml, parsed: parsed.value };
}

describe.skipIf(!hasRealWorld)("the real world fixture", () => {
  if (!hasRealWorld) console.info(`skipped: the real world fixture is not at ${realWorldDir}`);

  it("imports exactly 38219 villages, 10234 players and 534 tribes with decoded names", async () => {
    const world = await newWorld("pl999");
    const data: WorldData = {
      villages: parseVillages(await worldFileText(realWorldFile("village.txt"), "village.txt")),
      players: parsePlayers(await worldFileText(realWorldFile("player.txt"), "player.txt")),
      allies: parseAllies(await worldFileText(realWorldFile("ally.txt"), "ally.txt")),
      config: xmlFile("get_config.xml", parseGameConfigXml),
      unitInfo: xmlFile("get_unit_info.xml", parseUnitInfoXml),
    };
    expect(data.villages.length).toBeGreaterThan(IMPORT_BATCH_ROWS); // more than one batch
    const started = performance.now();
    const row = await replaceWorldData(app.db, world.id, data);
    console.info(`real world import (${app.testDatabase.kind}): ${Math.round(performance.now() - started)} ms`);
    expect(row).toMatchObject({ villageCount: 38219, playerCount: 10234, allyCount: 534, config: { speed: 1.6, unitSpeed: 0.625 } });
    expect(row?.unitInfo?.spear).toMatchObject({ speed: 18, pop: 1 });
    expect(await counts(world.id)).toEqual({ villages: 38219, players: 10234, allies: 534 });

    const ally = async (id: number) => (await app.db.select().from(allies).where(and(eq(allies.worldId, worldDataKey(world.id)), eq(allies.id, id))))[0];
    expect(await ally(2)).toMatchObject({ name: "gościnnie FAQju", tag: "G FAQj" });
    expect(await ally(3)).toMatchObject({ name: "*Głodne Kaczuszki*", tag: "KWA", allPoints: 4432986 });
    const [lucas] = await app.db.select().from(players).where(and(eq(players.worldId, worldDataKey(world.id)), eq(players.id, 14231)));
    expect(lucas).toMatchObject({ name: "hrabia Lucas", allyId: 77, villages: 1, points: 403, rank: 5663 });
    const [last] = await app.db.select().from(villages).where(and(eq(villages.worldId, worldDataKey(world.id)), eq(villages.id, 41470)));
    expect(last).toMatchObject({ name: "Wioska -tajemniczy-", x: 308, y: 495, playerId: 8728803, points: 50, bonusId: 0 });
  }, 60_000);
});
