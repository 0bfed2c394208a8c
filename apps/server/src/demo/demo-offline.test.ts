// A demo start reaches no game server (docs/SECURITY.md, "The demo world"): the app is built as `npm start` builds it
// (demo data, the automatic world sync on) on a fresh database, with the world source pointing at a
// local server that records every request, and goes through the demo's setup as main.ts does.
import { demoGameWorld, DEMO_WORLD, type WorldsResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, loginAdmin } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp, tempDir } from "../../test/test-app.js";
import type { WorldSourceServer } from "../../test/world-source-server.js";
import { startWorldSourceServer } from "../../test/world-source-server.js";
import { DEMO_USERNAME } from "../modules/bootstrap/bootstrap.js";
import { syncDueWorlds } from "../modules/worlds/world-sync-schedule.js";
import { ensureDemoAttackPlan } from "./demo-attack-plan.js";
import { prepareDemoRunner } from "./demo-setup.js";
import { ensureDemoWorld } from "./demo-world.js";

let source: WorldSourceServer;
let app: TestApp;
const data = tempDir("dsbot-demo-offline-");

beforeAll(async () => {
  source = await startWorldSourceServer();
  app = await createTestApp({ demo: true, worldSync: true, worldSource: source.template, dataDir: data.dir });
  // The round the app starts with, then the demo's setup in main.ts's order.
  await app.ctx.worldSync.idle();
  await ensureDemoWorld(app.db, data.dir, { generator: { ...DEMO_WORLD, villages: 3000 } });
  await prepareDemoRunner(app.db, DEMO_USERNAME);
  await ensureDemoAttackPlan(app.db, DEMO_USERNAME, demoGameWorld);
}, 60_000);

afterAll(async () => {
  await app?.dispose();
  await source?.close();
  data.remove();
});

describe("a demo start", () => {
  it("fetches no world from any game server, now or in the next round", async () => {
    app.ctx.worldSync.kick();
    await app.ctx.worldSync.idle();
    await syncDueWorlds({ db: app.db, source: source.template, log: app.fastify.log });
    expect(source.requests).toEqual([]);
  });

  it("knows only the demo world, on a server no market uses, with its sync off and no error", async () => {
    const list = await app.fastify.inject({ method: "GET", url: "/api/worlds", headers: bearer(await loginAdmin(app)) });
    const worlds = list.json<WorldsResponse>().worlds;
    expect(worlds).toHaveLength(1);
    expect(worlds[0]).toMatchObject({ ...demoGameWorld, syncEnabled: false, syncing: false, lastSyncError: null, villages: 3000 });
    expect(demoGameWorld.server.endsWith(".invalid")).toBe(true);
  });
});
