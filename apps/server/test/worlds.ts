// World test helpers: hand-built multipart bodies (as a browser's FormData sends them), the real
// world fixture next to the repository (tests only, never copied into the repo) and a small world in the game's formats.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WorldResponse } from "@dsbot/protocol";
import { expect } from "vitest";
import type { App } from "../src/app.js";
import { worlds } from "../src/db/schema.js";
import { parseAllies, parsePlayers, parseVillages } from "../src/modules/worlds/world-records.js";
import { replaceWorldData } from "../src/modules/worlds/world-import.js";

export interface MultipartPart {
  /** The form field name. */
  name: string;
  /** A file part when set (even empty); a plain field otherwise. */
  filename?: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body for fastify.inject: `{ payload, headers }`. */
export function multipartBody(parts: readonly MultipartPart[], boundary = `----dsbot${randomBytes(8).toString("hex")}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    const type = part.contentType ?? (part.filename === undefined ? undefined : "application/octet-stream");
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Files by the name the game gives them, each as a file part of that name. */
export function worldUpload(files: Record<string, string | Buffer>) {
  return multipartBody(Object.entries(files).map(([name, content]) => ({ name: "files", filename: name, content })));
}

/** The repository root (apps/server/test → ../../..). */
/** The world routes as an admin uses them in tests: create a world (201) and upload its files. */
export function worldAdminCalls(app: App, admin: Record<string, string>) {
  return {
    async createWorld(world: string, server = "die-staemme.de"): Promise<WorldResponse["world"]> {
      const response = await app.fastify.inject({ method: "POST", url: "/api/worlds", headers: admin, payload: { server, world } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<WorldResponse>().world;
    },
    /** POST …/import with a multipart body (answer not checked: refusals are tested too). */
    upload(worldId: number, body: ReturnType<typeof multipartBody>, headers = admin) {
      return app.fastify.inject({ method: "POST", url: `/api/worlds/${worldId}/import`, headers: { ...headers, ...body.headers }, payload: body.payload });
    },
  };
}

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
/**
 * Real files of a real world: a `shared/fixtures/world-real` folder next to the repository's folder (see
 * its NOTICE.md); absent elsewhere.
 */
export const realWorldDir = path.resolve(repoRoot, "../shared/fixtures/world-real");
export const hasRealWorld = existsSync(path.join(realWorldDir, "village.txt"));

export function realWorldFile(name: string): Buffer {
  return readFileSync(path.join(realWorldDir, name));
}

/** A tiny world in the game's formats: 4 villages (one barbarian, one bonus), 3 players, 2 tribes. */
export const smallWorld = {
  "village.txt": [
    "1,Dorf+von+Anna,500,500,101,1200,0",
    "2,%C5%9Awi%C4%99ty+Gaj,501,499,101,800,0",
    "3,Barbarendorf,498,503,0,150,4",
    "7,Bert%27s+Burg,510,490,102,9000,0",
  ].join("\n"),
  "player.txt": ["101,Anna+Apfel,11,2,2000,2", "102,Bert,11,1,9000,1", "103,Carla+%25_x,12,0,0,3"].join("\n"),
  "ally.txt": ["11,Die+Ersten,ERST,2,3,11000,11000,1", "12,Zweite+Reihe,Z%26R,1,0,0,0,2"].join("\n"),
};

export const smallConfigXml = `<?xml version="1.0" encoding="UTF-8" ?>
<config><speed>2</speed><unit_speed>0.5</unit_speed><night><active>1</active><start_hour>0</start_hour><end_hour>8</end_hour></night></config>`;

export const smallUnitInfoXml = `<?xml version="1.0" encoding="UTF-8" ?>
<config>${[
  ["spear", 18, 1],
  ["light", 10, 4],
  ["snob", 35, 100],
]
  .map(([unit, speed, pop]) => `<${unit}><build_time>600</build_time><pop>${pop}</pop><speed>${speed}</speed><attack>10</attack><defense>15</defense><defense_cavalry>45</defense_cavalry><defense_archer>20</defense_archer><carry>25</carry></${unit}>`)
  .join("")}</config>`;

const matrixWorlds = new WeakMap<App, Promise<number>>();

/** One world with the small world's data per app, made straight in the database (security matrix). */
export function matrixWorldId(app: App): Promise<number> {
  let id = matrixWorlds.get(app);
  if (!id) {
    id = (async () => {
      const [row] = await app.db.insert(worlds).values({ server: "die-staemme.de", world: "de999" }).returning();
      if (!row) throw new Error("no world");
      await replaceWorldData(app.db, row.id, {
        villages: parseVillages(smallWorld["village.txt"]),
        players: parsePlayers(smallWorld["player.txt"]),
        allies: parseAllies(smallWorld["ally.txt"]),
      });
      return row.id;
    })();
    matrixWorlds.set(app, id);
  }
  return id;
}

/** An attack between two villages of the small world (the matrix's plans), arriving in 2030 with milliseconds. */
export const MATRIX_ATTACK = {
  from: "500|500",
  to: "510|490",
  type: "attack",
  units: { spear: 10 },
  arrival: Date.UTC(2030, 0, 1, 12, 0, 0, 123),
} as const;
