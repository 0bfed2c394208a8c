// The sync from the game against a local HTTP server standing in for the world hosts:
// the files arrive through the same parsers and importer, conditional requests keep the data on 304,
// failures keep the old data with a German lastSyncError, and instances never sync a world twice.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import path from "node:path";
import type { WorldResponse, WorldsResponse } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { worlds } from "../../db/schema.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { captureLog, createSecondInstance, createTestApp } from "../../../test/test-app.js";
import type { WorldSourceServer } from "../../../test/world-source-server.js";
import { sourcePaths, startWorldSourceServer } from "../../../test/world-source-server.js";
import { hasRealWorld, realWorldDir, smallConfigXml, smallUnitInfoXml, smallWorld, worldUpload } from "../../../test/worlds.js";
import { parseVillages } from "./world-records.js";
import { replaceWorldData } from "./world-import.js";
import { addUsedWorlds, claimDueWorld, startWorldSync, syncDueWorlds, syncWorldNow } from "./world-sync-schedule.js";
import type { WorldSyncDeps } from "./world-sync.js";
import { createWorld, ensureWorld, getWorld, updateWorld } from "./worlds.service.js";

const SERVER = "die-staemme.de";
let source: WorldSourceServer;
let app: TestApp;
let log: ReturnType<typeof captureLog>;
let deps: WorldSyncDeps;
let sequence = 0;

beforeAll(async () => {
  source = await startWorldSourceServer();
  log = captureLog();
  app = await createTestApp({ worldSource: source.template, logLevel: "info" }, { logStream: log.stream });
  deps = { db: app.db, source: source.template, log: app.fastify.log, timeoutMs: 5000 };
});

afterAll(async () => {
  await app?.dispose();
  await source?.close();
});

beforeEach(() => {
  source.requests.length = 0;
});

/** A new world with the small world served for it. */
async function smallSourceWorld() {
  sequence += 1;
  const code = `de${700 + sequence}`;
  source.setWorld(SERVER, code, { ...smallWorld, "get_config.xml": smallConfigXml, "get_unit_info.xml": smallUnitInfoXml });
  return createWorld(app.db, { server: SERVER, world: code });
}

const requestsFor = (code: string) => source.requests.filter((r) => r.path.startsWith(`/${SERVER}/${code}/`));

describe("syncing a world from the game's files", () => {
  it("imports the five files through the importer and records the sync", async () => {
    const world = await smallSourceWorld();
    const synced = await syncWorldNow(deps, world.id);
    expect(synced).toMatchObject({ villageCount: 4, playerCount: 3, allyCount: 2, dataVersion: 1, lastSyncError: null, config: { speed: 2, unitSpeed: 0.5 } });
    expect(synced?.lastSyncAt).toBeInstanceOf(Date);
    expect(synced?.unitInfo?.light).toMatchObject({ speed: 10 });
    expect(requestsFor(world.world).map((r) => r.path.replace(`/${SERVER}/${world.world}`, "")).sort()).toEqual(Object.values(sourcePaths).sort());
    expect(requestsFor(world.world).every((r) => r.headers["if-none-match"] === undefined)).toBe(true);
    expect(log.lines().some((line) => line.msg === "world synced" && line.worldId === world.id && line.villages === 4)).toBe(true);
  });

  it("asks again with If-None-Match and If-Modified-Since; a 304 keeps the data as it is", async () => {
    const world = await smallSourceWorld();
    const first = await syncWorldNow(deps, world.id);
    source.requests.length = 0;
    const second = await syncWorldNow(deps, world.id);
    const requests = requestsFor(world.world);
    expect(requests).toHaveLength(5);
    for (const request of requests) {
      expect(request.headers["if-none-match"]).toMatch(/^"[0-9a-f]{16}"$/);
      expect(request.headers["if-modified-since"]).toBe("Tue, 24 Nov 2026 10:00:00 GMT");
      expect(request.status).toBe(304);
    }
    expect(second).toMatchObject({ villageCount: 4, playerCount: 3, allyCount: 2, dataVersion: first?.dataVersion, lastSyncError: null });
    expect(second?.lastSyncAt?.getTime()).toBeGreaterThanOrEqual(first?.lastSyncAt?.getTime() ?? Infinity);
  });

  it("fetches the unchanged record files in full when only one of them changed", async () => {
    const world = await smallSourceWorld();
    await syncWorldNow(deps, world.id);
    source.setWorld(SERVER, world.world, { "village.txt": `${smallWorld["village.txt"]}\n9,Neu,520,520,0,26,0` });
    source.requests.length = 0;
    const synced = await syncWorldNow(deps, world.id);
    expect(synced).toMatchObject({ villageCount: 5, playerCount: 3, allyCount: 2, dataVersion: 2, lastSyncError: null });
    const players = requestsFor(world.world).filter((r) => r.path.endsWith("/map/player.txt.gz"));
    expect(players.map((r) => r.status)).toEqual([304, 200]);
    expect(players[1]?.headers["if-none-match"]).toBeUndefined();
  });

  it("updates only the config when only get_config changed", async () => {
    const world = await smallSourceWorld();
    await syncWorldNow(deps, world.id);
    source.setWorld(SERVER, world.world, { "get_config.xml": smallConfigXml.replace("<speed>2</speed>", "<speed>3</speed>") });
    const synced = await syncWorldNow(deps, world.id);
    expect(synced).toMatchObject({ dataVersion: 1, villageCount: 4, config: { speed: 3 }, lastSyncError: null });
    source.requests.length = 0;
    await syncWorldNow(deps, world.id);
    expect(requestsFor(world.world).map((r) => r.status)).toEqual([304, 304, 304, 304, 304]);
  });

  it("keeps the old data and stores a German error when the game answers 500", async () => {
    const world = await smallSourceWorld();
    const good = await syncWorldNow(deps, world.id);
    source.set(SERVER, world.world, sourcePaths["player.txt"], { body: "kaputt", status: 500 });
    const failed = await syncWorldNow(deps, world.id);
    expect(failed?.lastSyncError).toBe("Abgleich fehlgeschlagen: player.txt.gz: Der Spielserver antwortete mit HTTP 500. Die bisherigen Daten bleiben erhalten.");
    expect(failed).toMatchObject({ villageCount: 4, playerCount: 3, allyCount: 2, dataVersion: good?.dataVersion, lastSyncAt: good?.lastSyncAt });
    expect(log.lines().some((line) => line.msg === "world sync failed; the old data stays" && line.worldId === world.id && line.level === 40)).toBe(true);

    source.setWorld(SERVER, world.world, { "player.txt": smallWorld["player.txt"] });
    const again = await syncWorldNow(deps, world.id);
    expect(again).toMatchObject({ lastSyncError: null, playerCount: 3 });
    expect(again?.lastSyncAt?.getTime()).toBeGreaterThan(good?.lastSyncAt?.getTime() ?? Infinity);
  });

  it("keeps the old data when a file is malformed, naming the file and line", async () => {
    const world = await smallSourceWorld();
    await syncWorldNow(deps, world.id);
    source.setWorld(SERVER, world.world, { "village.txt": `${smallWorld["village.txt"]}\n8,Kaputt,1000,5,0,1,0` });
    const failed = await syncWorldNow(deps, world.id);
    expect(failed?.lastSyncError).toMatch(/^Abgleich fehlgeschlagen: village\.txt, Zeile 5: .+ Die bisherigen Daten bleiben erhalten\.$/);
    expect(failed).toMatchObject({ villageCount: 4, dataVersion: 1 });
    const [villages] = await app.db.select({ n: worlds.villageCount }).from(worlds).where(eq(worlds.id, world.id));
    expect(villages?.n).toBe(4);
  });

  it("refuses a page that is not the game's file (a world that does not exist)", async () => {
    const world = await createWorld(app.db, { server: SERVER, world: "de799" });
    const failed = await syncWorldNow(deps, world.id);
    expect(failed?.lastSyncError).toBe("Abgleich fehlgeschlagen: village.txt.gz: Der Spielserver antwortete mit HTTP 404. Die bisherigen Daten bleiben erhalten.");
    expect(failed).toMatchObject({ villageCount: 0, lastSyncAt: null });
  });

  it("gives up on a host that does not answer, within the time limit", async () => {
    const world = await smallSourceWorld();
    source.set(SERVER, world.world, sourcePaths["ally.txt"], { body: "", hang: true });
    const started = performance.now();
    const failed = await syncWorldNow({ ...deps, timeoutMs: 300 }, world.id);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(failed?.lastSyncError).toBe("Abgleich fehlgeschlagen: ally.txt.gz: Keine Antwort innerhalb von 1 s. Die bisherigen Daten bleiben erhalten.");
  });

  it("says so when the host cannot be reached at all", async () => {
    const world = await smallSourceWorld();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failed = await syncWorldNow({ ...deps, source: `http://127.0.0.1:${port}/{server}/{world}` }, world.id);
    expect(failed?.lastSyncError).toMatch(/^Abgleich fehlgeschlagen: village\.txt\.gz: Der Spielserver ist nicht erreichbar \(ECONNREFUSED\)\./);
  });

  it("imports nothing when the world's sync was turned off while its files were on their way", async () => {
    const world = await smallSourceWorld();
    const served = smallWorld["village.txt"];
    source.set(SERVER, world.world, sourcePaths["village.txt"], { body: gzipSync(served), before: () => updateWorld(app.db, world.id, { syncEnabled: false }) });
    const after = await syncWorldNow(deps, world.id);
    expect(after).toMatchObject({ syncEnabled: false, villageCount: 0, dataVersion: 0, lastSyncAt: null, lastSyncError: null });
  });

  it("the importer itself refuses a sync's data for a world whose sync is off (checked under its row lock)", async () => {
    const world = await createWorld(app.db, { server: SERVER, world: "de798" }, { syncEnabled: false });
    const data = { villages: parseVillages(smallWorld["village.txt"]), players: [], allies: [] };
    expect(await replaceWorldData(app.db, world.id, data, undefined, { onlyWhenSyncEnabled: true })).toBeUndefined();
    expect(await getWorld(app.db, world.id)).toMatchObject({ villageCount: 0, dataVersion: 0 });
    expect(await replaceWorldData(app.db, world.id, data)).toMatchObject({ villageCount: 4, dataVersion: 1 });
  });

  it.skipIf(!hasRealWorld)("brings the real world fixture (38219 villages, 10234 players, 534 tribes)", async () => {
    const world = await createWorld(app.db, { server: "plemiona.pl", world: "pl999" }, { syncEnabled: true });
    const file = (name: string) => readFileSync(path.join(realWorldDir, name));
    source.setWorld("plemiona.pl", "pl999", {
      "village.txt": file("village.txt"),
      "player.txt": file("player.txt"),
      "ally.txt": file("ally.txt"),
      "get_config.xml": file("get_config.xml"),
      "get_unit_info.xml": file("get_unit_info.xml"),
    });
    const synced = await syncWorldNow(deps, world.id);
    expect(synced).toMatchObject({ villageCount: 38219, playerCount: 10234, allyCount: 534, lastSyncError: null, config: { speed: 1.6, unitSpeed: 0.625 } });
  }, 60_000);
  if (!hasRealWorld) console.info(`skipped the real world sync: the fixture is not at ${realWorldDir}`);
});

describe("which worlds are synced, and when", () => {
  it("adds the worlds users and bots play on, on the game's own servers only", async () => {
    await createUser(app, { world: { server: SERVER, world: "de880" } });
    await createUser(app, { world: { server: "intranet.example", world: "ab1" } });
    await addUsedWorlds(app.db);
    const all = await app.db.select({ server: worlds.server, world: worlds.world }).from(worlds);
    expect(all).toContainEqual({ server: SERVER, world: "de880" });
    expect(all.some((w) => w.server === "intranet.example")).toBe(false);
  });

  it("syncs each due world once across two instances, then nothing until it is due again", async () => {
    const second = await createSecondInstance(app);
    try {
      const a = await smallSourceWorld();
      const b = await smallSourceWorld();
      // Only these two are due (and the rest of the file's worlds are pushed an hour ahead).
      await app.db.update(worlds).set({ syncDueAt: new Date(Date.now() + 3_600_000) });
      await app.db.update(worlds).set({ syncDueAt: new Date(Date.now() - 1000) }).where(eq(worlds.id, a.id));
      await app.db.update(worlds).set({ syncDueAt: new Date(Date.now() - 1000) }).where(eq(worlds.id, b.id));
      source.requests.length = 0;
      const counts = await Promise.all([syncDueWorlds(deps), syncDueWorlds({ ...deps, db: second.db })]);
      expect(counts[0] + counts[1]).toBe(2);
      expect(requestsFor(a.world)).toHaveLength(5);
      expect(requestsFor(b.world)).toHaveLength(5);
      expect((await getWorld(app.db, a.id))?.villageCount).toBe(4);
      expect((await getWorld(app.db, b.id))?.syncDueAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
      expect(await syncDueWorlds(deps)).toBe(0);
      expect(await claimDueWorld(app.db)).toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it("ensureWorld creates a world or finds it, and turns its sync off when asked (the demo world)", async () => {
    const found = await addUsedWorlds(app.db).then(() => ensureWorld(app.db, { server: SERVER, world: "de880" }));
    expect(found).toMatchObject({ world: "de880", syncEnabled: true });
    const off = await ensureWorld(app.db, { server: SERVER, world: "de880" }, { syncEnabled: false });
    expect(off).toMatchObject({ id: found.id, syncEnabled: false });
    expect(await ensureWorld(app.db, { server: SERVER, world: "de880" })).toMatchObject({ id: found.id, syncEnabled: false });
    const created = await ensureWorld(app.db, { server: SERVER, world: "de881" }, { syncEnabled: false });
    expect(created).toMatchObject({ world: "de881", syncEnabled: false, villageCount: 0 });
  });

  it("leaves a world with sync off alone", async () => {
    const world = await createWorld(app.db, { server: SERVER, world: "de890" }, { syncEnabled: false });
    await app.db.update(worlds).set({ syncDueAt: new Date(Date.now() - 1000) }).where(eq(worlds.id, world.id));
    expect(await claimDueWorld(app.db)).toBeUndefined();
    expect(await syncWorldNow(deps, world.id)).toBeUndefined();
    expect(requestsFor("de890")).toHaveLength(0);
  });

  it("runs a round at start and stops cleanly", async () => {
    const world = await smallSourceWorld();
    await app.db.update(worlds).set({ syncDueAt: new Date(Date.now() + 3_600_000) });
    await app.db.update(worlds).set({ syncDueAt: new Date(Date.now() - 1000) }).where(eq(worlds.id, world.id));
    const scheduler = startWorldSync(deps, 60_000);
    await expect.poll(async () => (await getWorld(app.db, world.id))?.lastSyncAt, { timeout: 10_000 }).toBeInstanceOf(Date);
    await scheduler.stop();
  });
});

describe("PATCH /api/worlds/:id and POST /api/worlds/:id/sync", () => {
  let admin: Record<string, string>;
  let user: Record<string, string>;
  beforeAll(async () => {
    admin = bearer(await loginAdmin(app));
    user = bearer(await loginAs(app, await createUser(app)));
  });

  it("an admin syncs a world now and everyone sees the result in the list", async () => {
    const world = await smallSourceWorld();
    const response = await app.fastify.inject({ method: "POST", url: `/api/worlds/${world.id}/sync`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<WorldResponse>().world).toMatchObject({ id: world.id, villages: 4, players: 3, allies: 2, lastSyncError: null, syncEnabled: true });

    source.set(SERVER, world.world, sourcePaths["village.txt"], { body: "weg", status: 503 });
    const failed = await app.fastify.inject({ method: "POST", url: `/api/worlds/${world.id}/sync`, headers: admin });
    expect(failed.statusCode).toBe(200);
    const list = await app.fastify.inject({ method: "GET", url: "/api/worlds", headers: user });
    const listed = list.json<WorldsResponse>().worlds.find((w) => w.id === world.id);
    expect(listed).toMatchObject({ villages: 4, lastSyncError: "Abgleich fehlgeschlagen: village.txt.gz: Der Spielserver antwortete mit HTTP 503. Die bisherigen Daten bleiben erhalten." });
    expect(listed?.lastSyncAt).toBe(response.json<WorldResponse>().world.lastSyncAt);
  });

  it("an admin turns a world's sync off and on; a sync of a world with sync off is refused", async () => {
    const world = await smallSourceWorld();
    const off = await app.fastify.inject({ method: "PATCH", url: `/api/worlds/${world.id}`, headers: admin, payload: { syncEnabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<WorldResponse>().world.syncEnabled).toBe(false);
    const refused = await app.fastify.inject({ method: "POST", url: `/api/worlds/${world.id}/sync`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: "conflict", message: "Der Abgleich mit dem Spiel ist für diese Welt ausgeschaltet." } });
    expect(requestsFor(world.world)).toHaveLength(0);
    const on = await app.fastify.inject({ method: "PATCH", url: `/api/worlds/${world.id}`, headers: admin, payload: { syncEnabled: true } });
    expect(on.json<WorldResponse>().world.syncEnabled).toBe(true);
  });

  it("refuses plain users (403), bad bodies (400) and unknown worlds (404)", async () => {
    const world = await smallSourceWorld();
    expect((await app.fastify.inject({ method: "POST", url: `/api/worlds/${world.id}/sync`, headers: user })).statusCode).toBe(403);
    expect((await app.fastify.inject({ method: "PATCH", url: `/api/worlds/${world.id}`, headers: user, payload: { syncEnabled: false } })).statusCode).toBe(403);
    expect((await app.fastify.inject({ method: "PATCH", url: `/api/worlds/${world.id}`, headers: admin, payload: { syncEnabled: "nein" } })).statusCode).toBe(400);
    expect((await app.fastify.inject({ method: "PATCH", url: `/api/worlds/${world.id}`, headers: admin, payload: { syncEnabled: true, server: "x" } })).statusCode).toBe(400);
    expect((await app.fastify.inject({ method: "POST", url: "/api/worlds/999999/sync", headers: admin })).statusCode).toBe(404);
    expect((await app.fastify.inject({ method: "PATCH", url: "/api/worlds/999999", headers: admin, payload: { syncEnabled: true } })).statusCode).toBe(404);
    expect(requestsFor(world.world)).toHaveLength(0);
  });

  it("an upload forgets the game's validators, so the next sync fetches in full", async () => {
    const world = await smallSourceWorld();
    await syncWorldNow(deps, world.id);
    expect(Object.keys((await getWorld(app.db, world.id))?.sourceValidators ?? {})).toHaveLength(5);
    const body = worldUpload(smallWorld);
    const upload = await app.fastify.inject({ method: "POST", url: `/api/worlds/${world.id}/import`, headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(upload.statusCode).toBe(200);
    expect((await getWorld(app.db, world.id))?.sourceValidators).toEqual({});
  });
});
