// The map's reads beyond the binary village data: every player and tribe as columns with
// ETag/304 and compression, and one village with its owner and tribe for the tooltip and side panel.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { WorldOwnersResponse, WorldVillageResponse } from "@dsbot/protocol";
import { worldOwnersResponseSchema, worldVillageResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import { createTestApp } from "../../../test/test-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { hasRealWorld, realWorldFile, smallWorld, worldAdminCalls, worldUpload } from "../../../test/worlds.js";

let app: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let createWorld: ReturnType<typeof worldAdminCalls>["createWorld"];
let upload: ReturnType<typeof worldAdminCalls>["upload"];

beforeAll(async () => {
  app = await createTestApp();
  admin = bearer(await loginAdmin(app));
  user = bearer(await loginAs(app, await createUser(app)));
  ({ createWorld, upload } = worldAdminCalls(app, admin));
});

afterAll(async () => {
  await app?.dispose();
});

async function importFiles(worldId: number, files: Record<string, string | Buffer>) {
  const response = await upload(worldId, worldUpload(files));
  expect(response.statusCode, response.body).toBe(200);
}

const get = (url: string, headers: Record<string, string> = user) => app.fastify.inject({ method: "GET", url, headers });

describe("GET /api/worlds/:id/owners", () => {
  it("sends every player and tribe as columns with decoded names", async () => {
    const world = await createWorld("de300");
    await importFiles(world.id, smallWorld);
    const response = await get(`/api/worlds/${world.id}/owners`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const owners = worldOwnersResponseSchema.parse(response.json());
    expect(owners).toEqual({
      dataVersion: 1,
      players: { ids: [101, 102, 103], names: ["Anna Apfel", "Bert", "Carla %_x"], allyIds: [11, 11, 12], points: [2000, 9000, 0] },
      allies: { ids: [11, 12], names: ["Die Ersten", "Zweite Reihe"], tags: ["ERST", "Z&R"] },
    } satisfies WorldOwnersResponse);
  });

  it("answers 304 for its ETag until the next import, and compresses as asked", async () => {
    const world = await createWorld("de301");
    await importFiles(world.id, smallWorld);
    const plain = await get(`/api/worlds/${world.id}/owners`);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"dsow1-\d+-1-[0-9a-z]+"$/);

    const br = await get(`/api/worlds/${world.id}/owners`, { ...user, "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get(`/api/worlds/${world.id}/owners`, { ...user, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    const again = await get(`/api/worlds/${world.id}/owners`, { ...user, "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    await importFiles(world.id, { ...smallWorld, "player.txt": "101,Anna+Neu,0,2,2000,1" });
    const changed = await get(`/api/worlds/${world.id}/owners`, { ...user, "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<WorldOwnersResponse>()).toMatchObject({ dataVersion: 2, players: { ids: [101], names: ["Anna Neu"], allyIds: [0] } });
  });

  it("answers empty columns for a world without data, a German 404 for an unknown world and 401 without a session", async () => {
    const world = await createWorld("de302");
    expect((await get(`/api/worlds/${world.id}/owners`)).json()).toEqual({
      dataVersion: 0,
      players: { ids: [], names: [], allyIds: [], points: [] },
      allies: { ids: [], names: [], tags: [] },
    });
    const unknown = await get("/api/worlds/999999/owners");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: "not_found", message: "Die Welt wurde nicht gefunden." } });
    expect((await get("/api/worlds/99999999999/owners")).statusCode).toBe(404);
    expect((await app.fastify.inject({ method: "GET", url: `/api/worlds/${world.id}/owners` })).statusCode).toBe(401);
  });

  it.skipIf(!hasRealWorld)("keeps the real world's 10,234 players and 534 tribes small on the wire", async () => {
    const world = await createWorld("pl201", "plemiona.pl");
    await importFiles(world.id, { "village.txt": realWorldFile("village.txt"), "player.txt": realWorldFile("player.txt"), "ally.txt": realWorldFile("ally.txt") });
    const response = await get(`/api/worlds/${world.id}/owners`, { ...user, "accept-encoding": "br" });
    const owners = worldOwnersResponseSchema.parse(JSON.parse(brotliDecompressSync(response.rawPayload).toString("utf8")));
    expect(owners.players.ids).toHaveLength(10234);
    expect(owners.allies.ids).toHaveLength(534);
    console.info(`owners of the real world: ${response.rawPayload.length} bytes brotli`);
    expect(response.rawPayload.length).toBeLessThan(200_000);
  }, 60_000);
});

describe("GET /api/worlds/:id/villages/:villageId", () => {
  let worldId = 0;
  beforeAll(async () => {
    worldId = (await createWorld("de310")).id;
    await importFiles(worldId, { ...smallWorld, "village.txt": `${smallWorld["village.txt"]}\n9,Verwaist,520,520,555,300,0` });
  });

  const village = async (id: number) => {
    const response = await get(`/api/worlds/${worldId}/villages/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return worldVillageResponseSchema.parse(response.json()).village;
  };

  it("sends a player's village with its owner and tribe", async () => {
    expect(await village(2)).toEqual({
      id: 2,
      name: "Święty Gaj",
      x: 501,
      y: 499,
      points: 800,
      bonusId: 0,
      player: { id: 101, name: "Anna Apfel", points: 2000 },
      ally: { id: 11, name: "Die Ersten", tag: "ERST" },
    } satisfies WorldVillageResponse["village"]);
  });

  it("sends a barbarian bonus village without owner, and a village of an unknown player without owner", async () => {
    expect(await village(3)).toMatchObject({ name: "Barbarendorf", bonusId: 4, player: null, ally: null });
    expect(await village(9)).toMatchObject({ name: "Verwaist", player: null, ally: null });
  });

  it("answers German 404s for an unknown village or world, 400 for a bad id and 401 without a session", async () => {
    const missing = await get(`/api/worlds/${worldId}/villages/5`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: "Das Dorf wurde in dieser Welt nicht gefunden." } });
    expect((await get(`/api/worlds/${worldId}/villages/99999999999`)).statusCode).toBe(404);
    const noWorld = await get("/api/worlds/999999/villages/1");
    expect(noWorld.statusCode).toBe(404);
    expect(noWorld.json<{ error: { message: string } }>().error.message).toBe("Die Welt wurde nicht gefunden.");
    expect((await get(`/api/worlds/${worldId}/villages/abc`)).statusCode).toBe(400);
    expect((await app.fastify.inject({ method: "GET", url: `/api/worlds/${worldId}/villages/2` })).statusCode).toBe(401);
  });
});
