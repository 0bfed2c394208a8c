// The demo world: generated files in the game's formats, imported through the real reader and
// importer, kept on the next start, never synced, and the same world the sandbox plays.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { DEMO_WORLD, demoGameWorld, generateWorld, type World } from "@dsbot/protocol";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, villages } from "../db/schema.js";
import { createTestApp, tempDir, type TestApp } from "../../test/test-app.js";
import { ensureDemoWorld } from "./demo-world.js";

const generator = { ...DEMO_WORLD, villages: 3000 };
const world: World = demoGameWorld;
let app: TestApp;
const data = tempDir("dsbot-demo-world-");
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
  data.remove();
});

describe("ensureDemoWorld", () => {
  it("imports the generated world from the game's files, never synced", async () => {
    // On the app's worker pool, as the server's start does.
    const row = await ensureDemoWorld(app.db, data.dir, { world, generator, workers: app.ctx.workers });
    const expected = generateWorld(generator);
    expect(row).toMatchObject({ villageCount: 3000, playerCount: expected.players.length, allyCount: expected.allies.length, syncEnabled: false, dataVersion: 1 });
    for (const file of ["village.txt.gz", "player.txt.gz", "ally.txt.gz", "get_config.xml", "get_unit_info.xml"]) {
      expect(existsSync(path.join(data.dir, "demo-world", file))).toBe(true);
    }
    expect(row.config).toMatchObject({ speed: 1, unitSpeed: 1 });
    const kalle = await app.db.select().from(players).where(and(eq(players.worldId, row.dataKey), eq(players.name, "Kalle")));
    expect(kalle).toHaveLength(1);
  });

  it("keeps the data on the next start and imports again when the generator's options change", async () => {
    const villageFile = path.join(data.dir, "demo-world", "village.txt.gz");
    const written = statSync(villageFile).mtimeMs;
    const again = await ensureDemoWorld(app.db, data.dir, { world, generator });
    expect(again.dataVersion).toBe(1);
    expect(statSync(villageFile).mtimeMs).toBe(written);
    const bigger = await ensureDemoWorld(app.db, data.dir, { world, generator: { ...generator, villages: 3500 } });
    expect(bigger).toMatchObject({ dataVersion: 2, villageCount: 3500 });
  });

  // The sandbox builds its map with generateWorld from the same options (packages/sandbox tests that),
  // so matching the generator here means the demo bots' villages are on the map, owned by them.
  it("is the generator's world: the demo bots' players own their generated villages on the map", async () => {
    const options = { ...generator, villages: 3500 };
    const row = await ensureDemoWorld(app.db, data.dir, { world, generator: options });
    const generated = generateWorld(options);
    for (const name of DEMO_WORLD.namedPlayers) {
      const player = generated.players.find((p) => p.name === name)!;
      const onMap = await app.db
        .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y })
        .from(villages)
        .innerJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
        .where(and(eq(villages.worldId, row.dataKey), eq(players.name, name)))
        .orderBy(asc(villages.id));
      const expected = generated.villages.filter((v) => v.playerId === player.id).map(({ id, name: n, x, y }) => ({ id, name: n, x, y }));
      expect(onMap).toEqual(expected);
      expect(onMap.length).toBeGreaterThanOrEqual(3);
    }
  });
});
