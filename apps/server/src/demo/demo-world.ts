// The demo world: the project's world generator writes the game's own files into
// `<data>/demo-world/`, and they go through the same reader and importer as an admin's upload. The
// demo runner's sandbox builds the same world from the same options (DEMO_WORLD), so the demo bots'
// players and villages are the ones on the map. Imported once; a later start with the same generator
// version and options keeps the data. The demo world (demoGameWorld, on a server that never
// resolves) is created with its sync off and is never synced from the game.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_WORLD, WORLD_GENERATOR_VERSION, demoGameWorld, type World, type WorldFilesOptions, type WorldGeneratorOptions, type WorldImportFile } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { worlds, type WorldRow } from "../db/schema.js";
import { createWorld, replaceWorldData, updateWorld, worldDataFromUpload } from "../modules/worlds/index.js";
import type { WorkerPool } from "../workers/worker-pool.js";
import { generatedWorldFilesTask, type GeneratedWorldFile } from "../workers/world-files-task.js";

export interface DemoWorldOptions {
  /** The game world the demo plays on (the demo user's). */
  world?: World;
  /** The generator's options; tests take a smaller world. */
  generator?: WorldGeneratorOptions;
  log?: Pick<FastifyBaseLogger, "info">;
  /** Generates the files on a worker (the server's pool): the generator's second of CPU holds no request. */
  workers?: WorkerPool;
}

/** Generating a demo-sized world on a worker takes a few seconds; this bounds a stuck one. */
const GENERATE_TIMEOUT_MS = 120_000;

const MARKER = "generator.json";

/** Writes the generated world's files (txt files gzipped, as the game serves them) into `dir` (the CLI's way). */
export function writeGeneratedWorldFiles(options: WorldGeneratorOptions, dir: string, fileOptions: WorldFilesOptions = {}): Map<WorldImportFile, string> {
  mkdirSync(dir, { recursive: true });
  const written = new Map<WorldImportFile, string>();
  for (const file of generatedWorldFilesTask(options, fileOptions)) {
    const target = path.join(dir, file.fileName);
    writeFileSync(target, file.bytes);
    written.set(file.name, target);
  }
  return written;
}

async function generatedFiles(options: WorldGeneratorOptions, workers: WorkerPool | undefined): Promise<GeneratedWorldFile[]> {
  return workers ? workers.run("generatedWorldFiles", options, { timeoutMs: GENERATE_TIMEOUT_MS }) : generatedWorldFilesTask(options);
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
  const generated = await generatedFiles(generator, options.workers);
  await mkdir(dir, { recursive: true });
  await Promise.all(generated.map((file) => writeFile(path.join(dir, file.fileName), file.bytes)));
  const files = new Map(generated.map((file) => [file.name, Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength)] as const));
  const data = await worldDataFromUpload(files);
  row = (await replaceWorldData(db, row.id, data)) ?? row;
  await writeFile(path.join(dir, MARKER), marker);
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
