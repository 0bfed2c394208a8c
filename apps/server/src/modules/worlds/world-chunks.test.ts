// No world request holds the event loop for long: the import writes in batches and the
// map data and owners are read in pages, each with a turn of the event loop in between. On PGlite a
// statement runs on the main thread and resolves without such a turn, so without the breaks a
// 100,000-village import or map read was one block of seconds. Checked structurally: timers run
// between the steps (no timing thresholds).
import { DEMO_WORLD, generateWorld, worldFiles } from "@dsbot/protocol";
import { eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/test-app.js";
import { villages, worldDataOrphans, worlds } from "../../db/schema.js";
import { createTestApp } from "../../../test/test-app.js";
import { READ_PAGE_ROWS, readInPages, readWorldPages } from "./paged-read.js";
import type { WorldData } from "./world-import.js";
import { IMPORT_BATCH_ROWS, removeOrphanedWorldData, replaceWorldData } from "./world-import.js";
import { ownersSnapshot } from "./world-map.service.js";
import { parseAllies, parsePlayers, parseVillages } from "./world-records.js";
import { createWorld, villageMapSnapshot } from "./worlds.service.js";

let app: TestApp;
let data: WorldData;
let worldId: number;
const VILLAGES = 9_000;

beforeAll(async () => {
  app = await createTestApp();
  const files = worldFiles(generateWorld({ ...DEMO_WORLD, villages: VILLAGES }));
  data = { villages: parseVillages(files["village.txt"]), players: parsePlayers(files["player.txt"]), allies: parseAllies(files["ally.txt"]) };
  worldId = (await createWorld(app.db, { server: "die-staemme.de", world: "de777" })).id;
}, 60_000);

afterAll(async () => {
  await app?.dispose();
});

/** How many times the event loop came round (setImmediate) while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  await work();
  done = true;
  return turns;
}

describe("world work in steps", () => {
  it("the import writes in batches with a turn of the event loop after each", async () => {
    const batchRows = IMPORT_BATCH_ROWS;
    const batches = Math.ceil(VILLAGES / batchRows) + Math.ceil(data.players.length / batchRows) + Math.ceil(data.allies.length / batchRows);
    const turns = await turnsDuring(() => replaceWorldData(app.db, worldId, data));
    expect(turns).toBeGreaterThanOrEqual(batches);
    expect(batchRows).toBeLessThanOrEqual(5_000);
  });

  it("the map data and the owners are read in pages with a turn of the event loop between them", async () => {
    let snapshot: Awaited<ReturnType<typeof villageMapSnapshot>>;
    const mapTurns = await turnsDuring(async () => {
      snapshot = await villageMapSnapshot(app.db, worldId);
    });
    expect(snapshot?.rows).toHaveLength(VILLAGES);
    expect(snapshot?.rows.map((r) => r.id)).toEqual(data.villages.map((v) => v.id).sort((a, b) => a - b));
    expect(mapTurns).toBeGreaterThanOrEqual(Math.floor(VILLAGES / READ_PAGE_ROWS));
    let owners: Awaited<ReturnType<typeof ownersSnapshot>>;
    await turnsDuring(async () => {
      owners = await ownersSnapshot(app.db, worldId);
    });
    expect(owners?.owners.players.ids).toHaveLength(data.players.length);
    expect(owners?.owners.allies.ids).toHaveLength(data.allies.length);
  });

  it("the map data holds no transaction across its pages: other queries are answered in between", async () => {
    let reading = true;
    let answered = 0;
    const others = (async () => {
      while (reading) {
        await app.db.execute(sql`select 1`);
        if (reading) answered++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const snapshot = await villageMapSnapshot(app.db, worldId);
    reading = false;
    await others;
    expect(snapshot?.rows).toHaveLength(VILLAGES);
    expect(answered).toBeGreaterThan(0);
  });

  it("reads the pages again when an import committed between them, so rows and data version agree", async () => {
    const reads: number[] = [];
    const result = await readWorldPages(app.db, worldId, async (reader, world) => {
      reads.push(world.dataVersion);
      // The first time, an import commits while the pages are being read.
      if (reads.length === 1) await app.db.update(worlds).set({ dataVersion: sql`${worlds.dataVersion} + 1` }).where(eq(worlds.id, worldId));
      const [row] = await reader.select({ dataVersion: worlds.dataVersion }).from(worlds).where(eq(worlds.id, worldId));
      return row?.dataVersion;
    });
    expect(reads).toHaveLength(2);
    expect(reads[1]).toBe((reads[0] as number) + 1);
    expect(result).toEqual({ world: expect.objectContaining({ dataVersion: reads[1] }), value: reads[1] });
    expect(await readWorldPages(app.db, 999_999, async () => 1)).toBeUndefined();
  });

  it("an import holds no transaction: other queries are answered, the map shows the old world or the new one, never a mix", async () => {
    const smaller = generateWorld({ ...DEMO_WORLD, villages: 5_000 });
    const files = worldFiles(smaller);
    const next: WorldData = { villages: parseVillages(files["village.txt"]), players: parsePlayers(files["player.txt"]), allies: parseAllies(files["ally.txt"]) };
    const [before] = await app.db.select().from(worlds).where(eq(worlds.id, worldId));
    const seen: number[] = [];
    let importing = true;
    const reading = (async () => {
      while (importing) {
        const snapshot = await villageMapSnapshot(app.db, worldId);
        if (importing) seen.push(snapshot?.rows.length ?? -1);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await replaceWorldData(app.db, worldId, next);
    importing = false;
    await reading;
    expect(seen.length).toBeGreaterThan(0);
    for (const n of seen) expect([before?.villageCount, 5_000]).toContain(n);
    expect((await villageMapSnapshot(app.db, worldId))?.rows).toHaveLength(5_000);
    // Only the world's current rows are left, and no key is waiting for deletion.
    const [rows] = await app.db.select({ n: sql<number>`count(*)::int` }).from(villages);
    expect(rows?.n).toBe(5_000);
    expect(await app.db.select().from(worldDataOrphans)).toEqual([]);
    // Back to the world the other tests expect.
    await replaceWorldData(app.db, worldId, data);
  });

  it("deletes what a crashed import left once it is an hour old", async () => {
    await app.db.insert(worldDataOrphans).values([
      { key: 900_001, worldId, since: new Date(Date.now() - 2 * 3_600_000) },
      { key: 900_002, worldId },
    ]);
    await app.db.insert(villages).values([900_001, 900_002].map((key) => ({ worldId: key, id: 1, name: "Rest", x: 1, y: 1, playerId: 0, points: 26, bonusId: 0 })));
    expect(await removeOrphanedWorldData(app.db)).toBe(1);
    const left = await app.db.select({ worldId: villages.worldId }).from(villages).where(gt(villages.worldId, 900_000));
    expect(left).toEqual([{ worldId: 900_002 }]);
    expect((await app.db.select().from(worldDataOrphans)).map((o) => o.key)).toEqual([900_002]);
    await app.db.delete(villages).where(eq(villages.worldId, 900_002));
    await app.db.delete(worldDataOrphans);
  });

  it("readInPages asks page after page by the last id and lets the event loop run in between", async () => {
    const all = Array.from({ length: READ_PAGE_ROWS * 2 + 5 }, (_, i) => ({ id: (i + 1) * 3 }));
    const asked: number[] = [];
    const turns = await turnsDuring(() =>
      readInPages(async (after, limit) => {
        asked.push(after);
        return all.filter((row) => row.id > after).slice(0, limit);
      }).then((rows) => expect(rows).toEqual(all)),
    );
    expect(asked).toEqual([0, READ_PAGE_ROWS * 3, READ_PAGE_ROWS * 6]);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
