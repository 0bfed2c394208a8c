// Keeps the worlds in step with the game: every world a user or bot plays on, and every
// other known world, is fetched from DSBOT_WORLD_SOURCE and goes through the same parsers and the
// same atomic importer as an upload. A failure keeps the old data, is logged and is stored as the
// world's German `lastSyncError`. Instances share the work through `sync_due_at` (world-sync-schedule.ts).
import type { WorldImportFile } from "@dsbot/protocol";
import { worldMessages } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import type { StoredSourceValidators, WorldRow } from "../../db/schema.js";
import { worlds } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";
import { WorldFileError } from "./world-files.js";
import { replaceWorldData } from "./world-import.js";
import type { FetchedFile, FetchOptions } from "./world-source.js";
import { fetchWorldFile, worldSourceFiles, worldSourceUrl, WorldSourceError } from "./world-source.js";
import { worldConfigFromUpload, worldDataFromUpload } from "./world-upload.js";
import { getWorld } from "./worlds.service.js";

/** How long one file (request and body) may take. */
export const WORLD_SYNC_TIMEOUT_MS = 60_000;

export interface WorldSyncDeps {
  db: Database;
  /** The DSBOT_WORLD_SOURCE template. */
  source: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** Aborts the fetches (the server is closing). */
  signal?: AbortSignal;
  /** The worlds being synced now: each world is in it while its sync runs (the Welten page shows it). */
  syncing?: Set<number>;
}

const recordFiles = ["village.txt", "player.txt", "ally.txt"] as const satisfies readonly WorldImportFile[];

/** What one sync did, for the log. */
type SyncOutcome =
  | { kind: "imported"; villages: number; players: number; allies: number }
  | { kind: "config" }
  | { kind: "unchanged" }
  | { kind: "turned-off" };

function fetchOptions(deps: WorldSyncDeps): FetchOptions {
  return { timeoutMs: deps.timeoutMs ?? WORLD_SYNC_TIMEOUT_MS, ...(deps.signal ? { signal: deps.signal } : {}) };
}

/** All files of the world, conditionally; the first failure (in the files' order) is thrown. */
async function fetchAll(deps: WorldSyncDeps, world: WorldRow): Promise<Map<WorldImportFile, FetchedFile>> {
  const options = fetchOptions(deps);
  const results = await Promise.allSettled(
    worldSourceFiles.map((file) => fetchWorldFile(worldSourceUrl(deps.source, world, file.path), file.label, world.sourceValidators[file.name], options)),
  );
  const fetched = new Map<WorldImportFile, FetchedFile>();
  results.forEach((result, index) => {
    const file = worldSourceFiles[index];
    if (!file) return;
    if (result.status === "rejected") throw result.reason;
    fetched.set(file.name, result.value);
  });
  return fetched;
}

/**
 * The importer replaces villages, players and tribes together: when only some of them changed, the
 * unchanged ones are fetched again in full (the game renews all three at once, so this is rare).
 */
async function completeRecordFiles(deps: WorldSyncDeps, world: WorldRow, fetched: Map<WorldImportFile, FetchedFile>): Promise<void> {
  for (const file of worldSourceFiles) {
    if (!(recordFiles as readonly string[]).includes(file.name) || fetched.get(file.name)?.modified) continue;
    const full = await fetchWorldFile(worldSourceUrl(deps.source, world, file.path), file.label, undefined, fetchOptions(deps));
    if (!full.modified) throw new WorldSourceError(worldMessages.syncHttpStatus(file.label, 304));
    fetched.set(file.name, full);
  }
}

/** Sync turned off while the files were on their way (e.g. the demo world being set up): leave it alone. */
async function turnedOff(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ syncEnabled: worlds.syncEnabled }).from(worlds).where(eq(worlds.id, id));
  return !row?.syncEnabled;
}

async function fetchAndImport(deps: WorldSyncDeps, world: WorldRow): Promise<SyncOutcome> {
  const fetched = await fetchAll(deps, world);
  const changedRecords = recordFiles.filter((name) => fetched.get(name)?.modified);
  if (changedRecords.length > 0 && changedRecords.length < recordFiles.length) await completeRecordFiles(deps, world, fetched);
  if (await turnedOff(deps.db, world.id)) return { kind: "turned-off" };

  const files = new Map<WorldImportFile, Buffer>();
  const validators: StoredSourceValidators = {};
  for (const [name, file] of fetched) {
    if (file.modified) {
      files.set(name, file.bytes);
      validators[name] = file.validators;
    } else if (world.sourceValidators[name]) {
      validators[name] = world.sourceValidators[name];
    }
  }

  if (changedRecords.length > 0) {
    const data = await worldDataFromUpload(files);
    const progress = (p: object) => deps.log.debug({ worldId: world.id, ...p }, "world sync import");
    // Checked again under the import's row lock: a world whose sync was just turned off stays as it is.
    const written = await replaceWorldData(deps.db, world.id, data, progress, { sourceValidators: validators, onlyWhenSyncEnabled: true });
    if (!written) return { kind: "turned-off" };
    return { kind: "imported", villages: data.villages.length, players: data.players.length, allies: data.allies.length };
  }
  if (files.size === 0) return { kind: "unchanged" };
  const { config, unitInfo } = await worldConfigFromUpload(files);
  const [written] = await deps.db
    .update(worlds)
    .set({
      ...(config ? { configXml: config.xml, config: config.parsed } : {}),
      ...(unitInfo ? { unitInfoXml: unitInfo.xml, unitInfo: unitInfo.parsed } : {}),
      sourceValidators: validators,
      updatedAt: new Date(),
    })
    .where(and(eq(worlds.id, world.id), eq(worlds.syncEnabled, true)))
    .returning({ id: worlds.id });
  return written ? { kind: "config" } : { kind: "turned-off" };
}

/** The German text stored for a failed sync; anything unexpected stays in the log (every user sees the list). */
function failureDetail(error: unknown): string {
  if (error instanceof WorldSourceError || error instanceof WorldFileError) return error.message;
  if (error instanceof HttpError && error.statusCode < 500) return error.message;
  return "Interner Fehler beim Import (Details im Server-Log).";
}

/**
 * Fetches and imports one world now. Success sets `lastSyncAt` and clears the error; a failure keeps
 * the data as it was and stores the German error. Answers the world as it is afterwards.
 */
export async function syncWorld(deps: WorldSyncDeps, world: WorldRow): Promise<WorldRow> {
  deps.syncing?.add(world.id);
  try {
    return await fetchImportAndRecord(deps, world);
  } finally {
    deps.syncing?.delete(world.id);
  }
}

async function fetchImportAndRecord(deps: WorldSyncDeps, world: WorldRow): Promise<WorldRow> {
  const started = performance.now();
  const at = { worldId: world.id, server: world.server, world: world.world };
  let update: Partial<WorldRow>;
  try {
    const outcome = await fetchAndImport(deps, world);
    deps.log.info({ ...at, ...outcome, durationMs: Math.round(performance.now() - started) }, "world synced");
    if (outcome.kind === "turned-off") return (await getWorld(deps.db, world.id)) ?? world;
    update = { lastSyncAt: new Date(), lastSyncError: null };
  } catch (error) {
    if (deps.signal?.aborted) {
      // The server is closing: not the world's fault; due again at once for whoever starts next.
      deps.log.info(at, "world sync aborted");
      update = { syncDueAt: new Date() };
    } else {
      deps.log.warn({ ...at, err: error }, "world sync failed; the old data stays");
      update = { lastSyncError: worldMessages.syncFailed(failureDetail(error)) };
    }
  }
  // A failure of a world whose sync was turned off meanwhile is no news: its error is not stored.
  const where = update.lastSyncError ? and(eq(worlds.id, world.id), eq(worlds.syncEnabled, true)) : eq(worlds.id, world.id);
  const [row] = await deps.db.update(worlds).set(update).where(where).returning();
  return row ?? (await getWorld(deps.db, world.id)) ?? world;
}
