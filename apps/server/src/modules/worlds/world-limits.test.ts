// Hostile world files (docs/SECURITY.md) through both ways in: an admin's upload and the
// sync from a world host. A small gzip of one endless line, a file unpacking beyond the limit and a
// file of too many records are refused with a German 4xx (or a German lastSyncError) before the work
// grows with them, and the server keeps answering.
import { gzipSync } from "node:zlib";
import type { WorldsResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, loginAdmin } from "../../../test/factories.js";
import { gzipOfRepeated } from "../../../test/gzip-bomb.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import type { WorldSourceServer } from "../../../test/world-source-server.js";
import { sourcePaths, startWorldSourceServer } from "../../../test/world-source-server.js";
import { smallConfigXml, smallUnitInfoXml, smallWorld, worldAdminCalls, worldUpload } from "../../../test/worlds.js";
import { MAX_RECORDS } from "./world-files.js";
import { syncWorldNow } from "./world-sync-schedule.js";
import type { WorldSyncDeps } from "./world-sync.js";

const SERVER = "die-staemme.de";
let app: TestApp;
let source: WorldSourceServer;
let deps: WorldSyncDeps;
let calls: ReturnType<typeof worldAdminCalls>;
let admin: Record<string, string>;
/** 150 MB of commas on one line: 152 KB of gzip (the finding's file). */
let commas: Buffer;
let sequence = 0;

beforeAll(async () => {
  source = await startWorldSourceServer();
  app = await createTestApp({ worldSource: source.template });
  deps = { db: app.db, source: source.template, log: app.fastify.log, timeoutMs: 20_000 };
  admin = bearer(await loginAdmin(app));
  calls = worldAdminCalls(app, admin);
  commas = await gzipOfRepeated(",", 150);
}, 60_000);

afterAll(async () => {
  await app?.dispose();
  await source?.close();
});

const nextCode = () => `de${600 + ++sequence}`;

async function expectServerAnswers() {
  expect((await app.fastify.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
}

async function uploadVillages(village: Buffer | string, others: Partial<Record<string, string>> = {}) {
  const world = await calls.createWorld(nextCode());
  const response = await calls.upload(world.id, worldUpload({ "village.txt.gz": village, "player.txt": "", "ally.txt": "", ...others }));
  return { world, response };
}

async function syncWith(files: Partial<Record<"village.txt" | "player.txt" | "ally.txt", string | Buffer>>) {
  const code = nextCode();
  const world = await calls.createWorld(code);
  source.setWorld(SERVER, code, { "village.txt": "", "player.txt": "", "ally.txt": "", "get_config.xml": smallConfigXml, "get_unit_info.xml": smallUnitInfoXml });
  for (const [name, body] of Object.entries(files)) {
    const key = name as keyof typeof files;
    source.set(SERVER, code, sourcePaths[key], { body: Buffer.isBuffer(body) ? body : gzipSync(body ?? "") });
  }
  return syncWorldNow(deps, world.id);
}

describe("a world file's size, lines and records are bounded before the work grows with them", () => {
  it("refuses an upload whose village.txt.gz unpacks to 150 MB of commas (413, German) and keeps answering", async () => {
    const { response } = await uploadVillages(commas);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ error: { code: "payload_too_large", message: "village.txt: entpackt größer als 64 MB." } });
    await expectServerAnswers();
  }, 30_000);

  it("refuses the same file from a world host: the sync stores the German error and the server keeps answering", async () => {
    const synced = await syncWith({ "village.txt": commas });
    expect(synced?.lastSyncError).toBe("Abgleich fehlgeschlagen: village.txt: entpackt größer als 64 MB. Die bisherigen Daten bleiben erhalten.");
    expect(synced?.villageCount).toBe(0);
    await expectServerAnswers();
  }, 30_000);

  it("refuses a line longer than 8,192 characters before cutting it into fields (upload and sync)", async () => {
    const line = await gzipOfRepeated(",", 4, "1,A,500,500,0,10,0\n");
    const { response } = await uploadVillages(line);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("village.txt, Zeile 2: die Zeile ist länger als 8.192 Zeichen.");
    const synced = await syncWith({ "player.txt": `1,Anna,0,0,0,1\n2,${"x".repeat(9000)},0,0,0,2` });
    expect(synced?.lastSyncError).toBe("Abgleich fehlgeschlagen: player.txt, Zeile 2: die Zeile ist länger als 8.192 Zeichen. Die bisherigen Daten bleiben erhalten.");
  }, 30_000);

  it("refuses a file of more records than any world has (413) and keeps the old data", async () => {
    const max = MAX_RECORDS.ally;
    const allies = Array.from({ length: max + 1 }, (_, i) => `${i + 1},S${i},T${i},1,1,1,1,${i + 1}`).join("\n");
    const { world, response } = await uploadVillages(gzipSync(smallWorld["village.txt"]), { "ally.txt": allies });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe("ally.txt: mehr als 50.000 Einträge.");
    const list = await app.fastify.inject({ method: "GET", url: "/api/worlds", headers: admin });
    expect(list.json<WorldsResponse>().worlds.find((w) => w.id === world.id)).toMatchObject({ villages: 0, allies: 0 });
    const synced = await syncWith({ "ally.txt": allies });
    expect(synced?.lastSyncError).toBe("Abgleich fehlgeschlagen: ally.txt: mehr als 50.000 Einträge. Die bisherigen Daten bleiben erhalten.");
  }, 30_000);
});

describe("a world host may not send the server elsewhere", () => {
  it("follows no redirect to another host or port; the other server is never asked", async () => {
    const elsewhere = await startWorldSourceServer();
    try {
      const code = nextCode();
      const world = await calls.createWorld(code);
      source.setWorld(SERVER, code, { ...smallWorld, "get_config.xml": smallConfigXml, "get_unit_info.xml": smallUnitInfoXml });
      elsewhere.setWorld(SERVER, code, smallWorld);
      const target = `${elsewhere.template.replace("{server}", SERVER).replace("{world}", code)}${sourcePaths["village.txt"]}`;
      source.set(SERVER, code, sourcePaths["village.txt"], { body: "", status: 302, headers: { location: target } });
      const synced = await syncWorldNow(deps, world.id);
      const host = new URL(target).host;
      expect(synced?.lastSyncError).toBe(
        `Abgleich fehlgeschlagen: village.txt.gz: Der Spielserver leitet auf einen anderen Server um (${host}); gefolgt wird nur Umleitungen auf denselben Server und Port. Die bisherigen Daten bleiben erhalten.`,
      );
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("follows a redirect on the same host and port", async () => {
    const code = nextCode();
    const world = await calls.createWorld(code);
    source.setWorld(SERVER, code, { ...smallWorld, "get_config.xml": smallConfigXml, "get_unit_info.xml": smallUnitInfoXml });
    source.set(SERVER, code, "/map/moved.txt.gz", { body: gzipSync(smallWorld["village.txt"]) });
    source.set(SERVER, code, sourcePaths["village.txt"], { body: "", status: 301, headers: { location: `/${SERVER}/${code}/map/moved.txt.gz` } });
    expect(await syncWorldNow(deps, world.id)).toMatchObject({ villageCount: 4, lastSyncError: null });
  });
});

describe("implausible world data is refused or cleaned on import", () => {
  it("refuses two villages on one field, naming the line", async () => {
    const villages = `${smallWorld["village.txt"]}\n9,Doppelt,510,490,0,26,0`;
    const { response } = await uploadVillages(gzipSync(villages), { "player.txt": smallWorld["player.txt"], "ally.txt": smallWorld["ally.txt"] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("village.txt, Zeile 5: die Koordinaten 510|490 stehen schon in Zeile 4.");
  });

  it("refuses a unit speed of 1e308 or a world speed of 0, naming the element", async () => {
    const files = { "village.txt": smallWorld["village.txt"], "player.txt": smallWorld["player.txt"], "ally.txt": smallWorld["ally.txt"] };
    const world = await calls.createWorld(nextCode());
    const units = smallUnitInfoXml.replace("<speed>18</speed>", "<speed>1e308</speed>");
    const refused = await calls.upload(world.id, worldUpload({ ...files, "get_unit_info.xml": units }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("get_unit_info: <spear><speed> muss zwischen 0,001 und 10.000 liegen (ist 1e+308).");
    const config = smallConfigXml.replace("<speed>2</speed>", "<speed>5000</speed>");
    const slow = await calls.upload(world.id, worldUpload({ ...files, "get_config.xml": config }));
    expect(slow.statusCode).toBe(400);
    expect(slow.json().error.message).toBe("get_config: <speed> muss zwischen 0,01 und 1.000 liegen (ist 5000).");
  });

  it("drops control and bidi characters from village, player and tribe names", async () => {
    const hostile = (name: string) => encodeURIComponent(`\u202E${name}\u0007\u2066`);
    const { world, response } = await uploadVillages(gzipSync(`1,${hostile("Dorf")},500,500,101,10,0`), {
      "player.txt": `101,${hostile("Anna")},11,1,10,1`,
      "ally.txt": `11,${hostile("Stamm")},${hostile("TAG")},1,1,10,10,1`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const players = await app.fastify.inject({ method: "GET", url: `/api/worlds/${world.id}/players?searchVal=Anna`, headers: admin });
    expect(players.json().players).toMatchObject([{ name: "Anna" }]);
    const allies = await app.fastify.inject({ method: "GET", url: `/api/worlds/${world.id}/allies?searchVal=TAG`, headers: admin });
    expect(allies.json().allies).toMatchObject([{ name: "Stamm", tag: "TAG" }]);
  });
});
