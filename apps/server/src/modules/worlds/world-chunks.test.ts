// No world request holds the event loop for long (issue 19): the import writes in batches and the
// map data and owners are read in pages, each with a turn of the event loop in between. On PGlite a
// statement runs on the main thread and resolves without such a turn, so without the breaks a
// 100,000-village import or map read was one block of seconds. Checked structurally: timers run
// between the steps (no timing thresholds).
import { DEMO_WORLD, generateWorld, worldFiles } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { READ_PAGE_ROWS, readInPages } from "./paged-read.js";
import type { WorldData } from "./world-import.js";
import { IMPORT_BATCH_ROWS, PGLITE_IMPORT_BATCH_ROWS, replaceWorldData } from "./world-import.js";
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
    const batchRows = app.testDatabase.kind === "pglite" ? PGLITE_IMPORT_BATCH_ROWS : IMPORT_BATCH_ROWS;
    const batches = Math.ceil(VILLAGES / batchRows) + Math.ceil(data.players.length / batchRows) + Math.ceil(data.allies.length / batchRows);
    const turns = await turnsDuring(() => replaceWorldData(app.db, worldId, data));
    expect(turns).toBeGreaterThanOrEqual(batches);
    expect(batchRows).toBeLessThanOrEqual(app.testDatabase.kind === "pglite" ? 5_000 : 20_000);
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
