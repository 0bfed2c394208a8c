// The world routes: list, create, multipart import (plain and gzip, German refusals that
// leave the old data), the binary map data through the protocol's decoder with ETag/304 and
// compression, and the player and tribe search.
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { WorldAlliesResponse, WorldImportResponse, WorldPlayersResponse, WorldsResponse } from "@dsbot/protocol";
import { decodeVillageMap, WORLD_IMPORT_MAX_FILE_BYTES } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import { createTestApp } from "../../../test/test-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { hasRealWorld, multipartBody, realWorldFile, smallConfigXml, smallUnitInfoXml, smallWorld, worldAdminCalls, worldUpload } from "../../../test/worlds.js";

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

const get = (url: string, headers: Record<string, string> = user) => app.fastify.inject({ method: "GET", url, headers });

describe("GET/POST /api/worlds", () => {
  it("an admin creates a world; everyone signed in lists it with its counts", async () => {
    const created = await createWorld(" DE231 ");
    expect(created).toMatchObject({ server: "die-staemme.de", world: "de231", villages: 0, players: 0, allies: 0, dataVersion: 0, lastImportAt: null, lastSyncError: null, config: null });
    const list = await get("/api/worlds");
    expect(list.statusCode).toBe(200);
    expect(list.json<WorldsResponse>().worlds).toContainEqual(created);
  });

  it("refuses a world twice (409), bad input (400), plain users (403) and strangers (401)", async () => {
    await createWorld("de232");
    const twice = await app.fastify.inject({ method: "POST", url: "/api/worlds", headers: admin, payload: { server: "die-staemme.de", world: "de232" } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: { code: "conflict", message: "Diese Welt gibt es bereits." } });
    const bad = await app.fastify.inject({ method: "POST", url: "/api/worlds", headers: admin, payload: { server: "x", world: "de232" } });
    expect(bad.statusCode).toBe(400);
    const notAdmin = await app.fastify.inject({ method: "POST", url: "/api/worlds", headers: user, payload: { server: "die-staemme.de", world: "de233" } });
    expect(notAdmin.statusCode).toBe(403);
    expect((await app.fastify.inject({ method: "GET", url: "/api/worlds" })).statusCode).toBe(401);
  });
});

describe("POST /api/worlds/:id/import", () => {
  it("imports the game's files (one of them gzipped) with config and unit info", async () => {
    const world = await createWorld("de240");
    const body = worldUpload({
      "village.txt.gz": gzipSync(smallWorld["village.txt"]),
      "player.txt": `${smallWorld["player.txt"]}\r\n`,
      "ally.txt": smallWorld["ally.txt"],
      "get_config.xml": smallConfigXml,
      "get_unit_info.xml": smallUnitInfoXml,
    });
    const response = await upload(world.id, body);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<WorldImportResponse>();
    expect(answer.imported).toEqual({ villages: 4, players: 3, allies: 2, config: true, unitInfo: true });
    expect(answer.world).toMatchObject({
      villages: 4,
      players: 3,
      allies: 2,
      dataVersion: 1,
      config: { speed: 2, unitSpeed: 0.5, night: { active: true, startHour: 0, endHour: 8 } },
      units: { spear: { speed: 18, pop: 1 }, light: { speed: 10, pop: 4 }, snob: { speed: 35, pop: 100 } },
    });
    expect(answer.world.lastImportAt).not.toBeNull();
  });

  it("takes the file name from the field name too; a re-import without XML keeps config and unit info", async () => {
    const world = await createWorld("de241");
    expect((await upload(world.id, worldUpload({ ...smallWorld, "get_config.xml": smallConfigXml }))).statusCode).toBe(200);
    const byField = multipartBody([
      { name: "village.txt", filename: "blob", content: smallWorld["village.txt"].split("\n").slice(0, 1).join("\n") },
      { name: "player.txt", filename: "blob", content: smallWorld["player.txt"] },
      { name: "ally.txt", filename: "C:\\Downloads\\ALLY.TXT", content: smallWorld["ally.txt"] },
    ]);
    const response = await upload(world.id, byField);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<WorldImportResponse>().world).toMatchObject({ villages: 1, dataVersion: 2, config: { speed: 2 } });
  });

  it("rejects a broken line with its file and line number in German, and the previous data stays", async () => {
    const world = await createWorld("de242");
    expect((await upload(world.id, worldUpload(smallWorld))).statusCode).toBe(200);
    const broken = `${smallWorld["village.txt"]}\n8,Kaputt,1000,5,0,10,0`;
    const response = await upload(world.id, worldUpload({ ...smallWorld, "village.txt": broken }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe("village.txt, Zeile 5: x muss zwischen 0 und 999 liegen (ist 1000).");
    const after = (await get("/api/worlds")).json<WorldsResponse>().worlds.find((w) => w.id === world.id);
    expect(after).toMatchObject({ villages: 4, dataVersion: 1 });
    const map = decodeVillageMap(gunzipSync((await get(`/api/worlds/${world.id}/villages`, { ...user, "accept-encoding": "gzip" })).rawPayload));
    expect([...map.ids]).toEqual([1, 2, 3, 7]);
  });

  it("answers German 400s and 413s for missing, unknown, repeated, oversized and non-file parts", async () => {
    const world = await createWorld("de243");
    const message = async (body: ReturnType<typeof multipartBody>, status = 400) => {
      const response = await upload(world.id, body);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ error: { message: string } }>().error.message;
    };
    expect(await message(worldUpload({ "village.txt": smallWorld["village.txt"] }))).toBe("Für den Import fehlen noch: player.txt, ally.txt.");
    expect(await message(worldUpload({ ...smallWorld, "notes.txt": "x" }))).toMatch(/^Unbekannte Datei "notes\.txt"\. Erwartet: village\.txt/);
    expect(await message(worldUpload({ ...smallWorld, "village.txt.gz": gzipSync("1,A,1,1,0,1,0") }))).toBe("village.txt wurde mehrfach hochgeladen.");
    expect(await message(multipartBody([{ name: "comment", content: "hallo" }]))).toBe('Unerwartetes Feld "comment": erwartet werden nur Dateien.');
    expect(await message(worldUpload({ ...smallWorld, "get_config.xml": "<html>Wartung</html>" }))).toBe(
      "get_config: keine gültige Antwort des Spiels (erwartet <config>, gefunden <html>).",
    );
    expect(await message(worldUpload({ ...smallWorld, "get_unit_info.xml": smallUnitInfoXml.replace("<pop>4</pop>", "") }))).toBe("get_unit_info: <light><pop> fehlt.");
    expect(await message(worldUpload({ ...smallWorld, "player.txt": Buffer.from([0x1f, 0x8b, 1, 2, 3]) }))).toBe(
      "player.txt: die gzip-Datei ist beschädigt und lässt sich nicht entpacken.",
    );
    const huge = Buffer.alloc(WORLD_IMPORT_MAX_FILE_BYTES + 1, 0x41);
    expect(await message(worldUpload({ ...smallWorld, "village.txt": huge }), 413)).toBe("village.txt ist zu groß (höchstens 50 MB).");
    const truncated = worldUpload(smallWorld);
    expect(await message({ ...truncated, payload: truncated.payload.subarray(0, truncated.payload.length - 30) })).toBe(
      "Der Upload ist unvollständig oder beschädigt. Bitte lade die Dateien erneut hoch.",
    );
    const json = await app.fastify.inject({ method: "POST", url: `/api/worlds/${world.id}/import`, headers: admin, payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ error: { message: string } }>().error.message).toBe("Bitte lade die Dateien als multipart/form-data hoch.");
    expect((await get("/api/worlds")).json<WorldsResponse>().worlds.find((w) => w.id === world.id)).toMatchObject({ villages: 0, dataVersion: 0 });
  }, 60_000);

  it("is for admins only, and 404 for an unknown world", async () => {
    const world = await createWorld("de244");
    expect((await upload(world.id, worldUpload(smallWorld), user)).statusCode).toBe(403);
    const missing = await upload(999_999, worldUpload(smallWorld));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: "Die Welt wurde nicht gefunden." } });
  });
});

describe("GET /api/worlds/:id/villages", () => {
  it("sends every village in the protocol's binary layout, with an ETag that answers 304 until the next import", async () => {
    const world = await createWorld("de250");
    expect((await upload(world.id, worldUpload(smallWorld))).statusCode).toBe(200);
    const plain = await get(`/api/worlds/${world.id}/villages`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("application/octet-stream");
    expect(plain.headers["cache-control"]).toBe("private, no-cache");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"dsvm1-\d+-1-[0-9a-z]+"$/);
    const map = decodeVillageMap(plain.rawPayload);
    expect(map.count).toBe(4);
    expect([...map.ids]).toEqual([1, 2, 3, 7]);
    expect([...map.x]).toEqual([500, 501, 498, 510]);
    expect([...map.y]).toEqual([500, 499, 503, 490]);
    expect([...map.playerIds]).toEqual([101, 101, 0, 102]);
    expect([...map.points]).toEqual([1200, 800, 150, 9000]);
    expect([...map.bonusIds]).toEqual([0, 0, 4, 0]);

    const br = await get(`/api/worlds/${world.id}/villages`, { ...user, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const again = await get(`/api/worlds/${world.id}/villages`, { ...user, "if-none-match": `W/"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    expect((await upload(world.id, worldUpload(smallWorld))).statusCode).toBe(200);
    const changed = await get(`/api/worlds/${world.id}/villages`, { ...user, "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers an empty map for a world without data, 404 for an unknown world and 401 without a session", async () => {
    const world = await createWorld("de251");
    const empty = await get(`/api/worlds/${world.id}/villages`);
    expect(decodeVillageMap(empty.rawPayload).count).toBe(0);
    expect((await get("/api/worlds/999999/villages")).statusCode).toBe(404);
    expect((await app.fastify.inject({ method: "GET", url: `/api/worlds/${world.id}/villages` })).statusCode).toBe(401);
  });

  it.skipIf(!hasRealWorld)("keeps the real world's 38,219 villages small on the wire", async () => {
    const world = await createWorld("pl200", "plemiona.pl");
    const files = { "village.txt": realWorldFile("village.txt"), "player.txt": realWorldFile("player.txt"), "ally.txt": realWorldFile("ally.txt") };
    expect((await upload(world.id, worldUpload(files))).statusCode).toBe(200);
    const response = await get(`/api/worlds/${world.id}/villages`, { ...user, "accept-encoding": "br" });
    const map = decodeVillageMap(brotliDecompressSync(response.rawPayload));
    expect(map.count).toBe(38219);
    console.info(`map data of the real world: ${response.rawPayload.length} bytes brotli for ${map.count} villages`);
    // 100,000 villages must stay ≤ 1 MB: this world's share of that.
    expect(response.rawPayload.length).toBeLessThan((1_000_000 * 38219) / 100_000);
  }, 60_000);
});

describe("GET /api/worlds/:id/players and /allies", () => {
  let worldId = 0;
  beforeAll(async () => {
    worldId = (await createWorld("de260")).id;
    expect((await upload(worldId, worldUpload(smallWorld))).statusCode).toBe(200);
  });

  const players = async (query: string) => (await get(`/api/worlds/${worldId}/players${query}`)).json<WorldPlayersResponse>().players;
  const allies = async (query: string) => (await get(`/api/worlds/${worldId}/allies${query}`)).json<WorldAlliesResponse>().allies;

  it("finds players by any part of the name, any case, exact and prefix matches first", async () => {
    expect((await players("?searchVal=ber")).map((p) => p.name)).toEqual(["Bert"]);
    expect(await players("?searchVal=ANNA")).toEqual([{ id: 101, name: "Anna Apfel", allyId: 11, allyTag: "ERST", villages: 2, points: 2000, rank: 2 }]);
    // A name starting with the term comes before one containing it.
    expect((await players("?searchVal=a")).map((p) => p.name)).toEqual(["Anna Apfel", "Carla %_x"]);
    expect((await players("")).map((p) => p.name)).toEqual(["Bert", "Anna Apfel", "Carla %_x"]);
    expect((await players("?limit=1")).length).toBe(1);
  });

  it("treats % and _ as plain characters", async () => {
    expect((await players("?searchVal=%25_")).map((p) => p.name)).toEqual(["Carla %_x"]);
    expect(await players("?searchVal=_")).toHaveLength(1);
    expect(await players("?searchVal=%25%25")).toEqual([]);
  });

  it("finds tribes by name or tag", async () => {
    expect((await allies("?searchVal=erst")).map((a) => a.tag)).toEqual(["ERST"]);
    expect((await allies("?searchVal=z%26r")).map((a) => a.name)).toEqual(["Zweite Reihe"]);
    expect((await allies("?searchVal=reihe"))[0]).toEqual({ id: 12, name: "Zweite Reihe", tag: "Z&R", members: 1, villages: 0, points: 0, allPoints: 0, rank: 2 });
    expect((await allies("")).map((a) => a.id)).toEqual([11, 12]);
  });

  it("refuses bad queries in German and unknown worlds with 404", async () => {
    const bad = await get(`/api/worlds/${worldId}/players?limit=1000`);
    expect(bad.statusCode).toBe(400);
    expect((await get("/api/worlds/999999/allies")).statusCode).toBe(404);
  });
});
