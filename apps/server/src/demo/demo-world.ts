// The demo world: the project's world generator writes the game's own files into
// `<data>/demo-world/`, and they go through the same reader and importer as an admin's upload. The
// demo runner's sandbox builds the same world from the same options (DEMO_WORLD), so the demo bots'
// players and villages are the ones on the map. Imported once; a later start with the same generator
// version and options keeps the data. The demo world (demoGameWorld, on a server that never
// resolves) is created with its sync off and is never synced from the game.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  DEMO_WORLD,
  WORLD_GENERATOR_VERSION,
  demoGameWorld,
  generateWorld,
  worldFiles,
  type World,
  type WorldGeneratorOptions,
  type WorldImportFile,
} from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { worlds, type WorldRow } from "../db/schema.js";
import { createWorld, replaceWorldData, updateWorld, worldDataFromUpload } from "../modules/worlds/index.js";

export interface DemoWorldOptions {
  /** The game world the demo plays on (the demo user's). */
  world?: World;
  /** The generator's options; tests take a smaller world. */
  generator?: WorldGeneratorOptions;
  log?: Pick<FastifyBaseLogger, "info">;
}

const MARKER = "generator.json";

/** Writes the generated world's files (txt files gzipped, as the game serves them) into `dir`. */
export function writeGeneratedWorldFiles(options: WorldGeneratorOptions, dir: string): Map<WorldImportFile, string> {
  mkdirSync(dir, { recursive: true });
  const files = worldFiles(generateWorld(options));
  const written = new Map<WorldImportFile, string>();
  for (const [name, text] of Object.entries(files) as [WorldImportFile, string][]) {
    const gzip = name.endsWith(".txt");
    const file = path.join(dir, gzip ? `${name}.gz` : name);
    writeFileSync(file, gzip ? gzipSync(Buffer.from(text)) : text);
    written.set(name, file);
  }
  return written;
}

/** Creates (or finds) the demo world, never synced, and imports the generated files when missing or outdated. */
export async function ensureDemoWorld(db: Database, dataDir: string, options: DemoWorldOptions = {}): Promise<WorldRow> {
  const world = options.world ?? demoGameWorld;
  const generator = options.generator ?? DEMO_WORLD;
  const dir = path.join(dataDir, "demo-world");
  const marker = JSON.stringify({ version: WORLD_GENERATOR_VERSION, seed: generator.seed, villages: generator.villages, namedPlayers: generator.namedPlayers ?? [] });

  const [existing] = await db.select().from(worlds).where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)));
  let row = existing ?? (await createWorld(db, world, { syncEnabled: false }));
  if (row.syncEnabled) row = (await updateWorld(db, row.id, { syncEnabled: false })) ?? row;
  if (row.dataVersion > 0 && readMarker(dir) === marker) return row;

  const started = Date.now();
  const written = writeGeneratedWorldFiles(generator, dir);
  const files = new Map([...written].map(([name, file]) => [name, readFileSync(file)] as const));
  const data = await worldDataFromUpload(files);
  row = (await replaceWorldData(db, row.id, data)) ?? row;
  writeFileSync(path.join(dir, MARKER), marker);
  options.log?.info({ world: `${world.server}/${world.world}`, villages: data.villages.length, ms: Date.now() - started }, "demo world imported");
  return row;
}

function readMarker(dir: string): string | null {
  try {
    return readFileSync(path.join(dir, MARKER), "utf8");
  } catch {
    return null;
  }
}
