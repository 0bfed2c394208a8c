// When a world's sync starts and what the Welten page hears of it (docs/SECURITY.md): a
// world added with sync on, or chosen by a user on a market, is synced at once (not at the next
// hourly check) and shows as syncing meanwhile; a world whose sync is off shows no old error. A new
// bot must be on a known world, so it never adds one.
import type { WorldResponse, WorldsResponse } from "@dsbot/protocol";
import { worldMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { worlds } from "../../db/schema.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import type { WorldSourceServer } from "../../../test/world-source-server.js";
import { sourcePaths, startWorldSourceServer } from "../../../test/world-source-server.js";
import { smallConfigXml, smallUnitInfoXml, smallWorld } from "../../../test/worlds.js";
import { getWorld, updateWorld } from "./worlds.service.js";

const SERVER = "die-staemme.de";
let source: WorldSourceServer;
/** The automatic sync on, as on a real server (DSBOT_WORLD_SYNC=1). */
let app: TestApp;
let admin: Record<string, string>;
let sequence = 0;

beforeAll(async () => {
  source = await startWorldSourceServer();
  app = await createTestApp({ worldSync: true, worldSource: source.template });
  await app.ctx.worldSync.idle();
  admin = bearer(await loginAdmin(app));
});

afterAll(async () => {
  await app?.dispose();
  await source?.close();
});

beforeEach(() => {
  source.requests.length = 0;
});

/** A world code the source serves the small world for. */
function servedWorld(): string {
  const code = `de${500 + ++sequence}`;
  source.setWorld(SERVER, code, { ...smallWorld, "get_config.xml": smallConfigXml, "get_unit_info.xml": smallUnitInfoXml });
  return code;
}

const listed = async (app: TestApp, headers: Record<string, string>, code: string) =>
  (await app.fastify.inject({ method: "GET", url: "/api/worlds", headers })).json<WorldsResponse>().worlds.find((w) => w.world === code);

describe("a new world's first sync", () => {
  it("starts as soon as an admin adds the world, shown as syncing until its data is there", async () => {
    const code = servedWorld();
    const created = await app.fastify.inject({ method: "POST", url: "/api/worlds", headers: admin, payload: { server: SERVER, world: code } });
    expect(created.statusCode).toBe(201);
    expect(created.json<WorldResponse>().world).toMatchObject({ world: code, syncing: true, villages: 0 });
    // The next hourly check is minutes away: the data arrives long before it.
    await expect.poll(() => listed(app, admin, code), { timeout: 10_000 }).toMatchObject({ villages: 4, players: 3, syncing: false, lastSyncError: null });
    expect(source.requests.filter((r) => r.path.startsWith(`/${SERVER}/${code}/`))).toHaveLength(5);
  });

  it("starts as soon as a user chooses a world of a market the server does not know yet", async () => {
    const code = servedWorld();
    const user = bearer(await loginAs(app, await createUser(app)));
    const changed = await app.fastify.inject({ method: "PATCH", url: "/api/profile", headers: user, payload: { world: { server: SERVER, world: code } } });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => listed(app, admin, code), { timeout: 10_000 }).toMatchObject({ villages: 4, syncEnabled: true });
  });

  it("is never started by a new bot: a bot on a world the server does not know is refused, the world not added", async () => {
    const code = servedWorld();
    const created = await app.fastify.inject({ method: "POST", url: "/api/dsbot", headers: admin, payload: { dsPlayer: { name: "Neu" }, world: { server: SERVER, world: code } } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: { code: "bad_request", message: worldMessages.worldUnknown } });
    await app.ctx.worldSync.idle();
    expect(await listed(app, admin, code)).toBeUndefined();
    expect(source.requests.filter((r) => r.path.startsWith(`/${SERVER}/${code}/`))).toEqual([]);
  });

  it("waits for \"Jetzt abgleichen\" when the automatic sync is off (DSBOT_WORLD_SYNC=0)", async () => {
    const manual = await createTestApp({ worldSync: false, worldSource: source.template });
    try {
      const headers = bearer(await loginAdmin(manual));
      const code = servedWorld();
      const created = await manual.fastify.inject({ method: "POST", url: "/api/worlds", headers, payload: { server: SERVER, world: code } });
      expect(created.json<WorldResponse>().world).toMatchObject({ syncing: false });
      await manual.ctx.worldSync.idle();
      expect(source.requests).toEqual([]);
    } finally {
      await manual.dispose();
    }
  });
});

describe("a world whose sync is off shows no stale error", () => {
  it("turning the sync off forgets the last error", async () => {
    const code = `de${500 + ++sequence}`;
    const created = await app.fastify.inject({ method: "POST", url: "/api/worlds", headers: admin, payload: { server: SERVER, world: code } });
    const { id } = created.json<WorldResponse>().world;
    await expect.poll(() => listed(app, admin, code), { timeout: 10_000 }).toMatchObject({ lastSyncError: expect.stringMatching(/HTTP 404/) });
    const off = await app.fastify.inject({ method: "PATCH", url: `/api/worlds/${id}`, headers: admin, payload: { syncEnabled: false } });
    expect(off.json<WorldResponse>().world).toMatchObject({ syncEnabled: false, lastSyncError: null });
    expect(await listed(app, admin, code)).toMatchObject({ lastSyncError: null });
    expect((await getWorld(app.db, id))?.lastSyncError).toBeNull();
  });

  it("a sync failing after its world's sync was turned off stores no error (the demo world's case)", async () => {
    const code = servedWorld();
    const [row] = await app.db.insert(worlds).values({ server: SERVER, world: code, syncDueAt: new Date(Date.now() + 3_600_000) }).returning();
    const id = row?.id ?? 0;
    source.set(SERVER, code, sourcePaths["village.txt"], { body: "", status: 500, before: () => updateWorld(app.db, id, { syncEnabled: false }) });
    await app.ctx.worldSync.syncNow(id, app.fastify.log);
    const [after] = await app.db.select().from(worlds).where(eq(worlds.id, id));
    expect(after).toMatchObject({ syncEnabled: false, lastSyncError: null, villageCount: 0 });
  });
});
