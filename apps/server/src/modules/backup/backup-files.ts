// Backup files: what kind a file is (by its first bytes), writing one without ever leaving a half-written
// file under its name or overwriting one unasked, and the scheduled backups' names and retention.
import { randomBytes } from "node:crypto";
import { access, link, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { constants as zlibConstants, gunzipSync } from "node:zlib";

/** A PGlite data directory as PGlite's gzip tarball, or a pg_dump in its custom format. */
export type BackupKind = "pglite" | "postgres";

/** A failure with a German message for the user (the CLI prints it, the schedule logs it). */
export class BackupError extends Error {
  override name = "BackupError";
}

export const BACKUP_EXTENSIONS: Record<BackupKind, string> = { pglite: "tar.gz", postgres: "dump" };
export const KIND_NAMES: Record<BackupKind, string> = { pglite: "eingebettete Datenbank (PGlite)", postgres: "PostgreSQL" };

/** The scheduled backups' names: `dsbot-YYYYMMDD-HHmmss.<ext>`, the time in UTC. */
const SCHEDULED_NAME = /^dsbot-(\d{8})-(\d{6})\.(tar\.gz|dump)$/;

const PGDMP = "PGDMP";
/** Enough of a gzip file's start to hold the tar archive's first header once unpacked. */
const HEAD_BYTES = 4096;

/**
 * The kind of a backup by its first bytes: gzip holding a tar archive (its first header's "ustar" at
 * offset 257) is PGlite's dump, "PGDMP" is pg_dump's custom format. Anything else is refused.
 */
export async function detectBackupKind(file: string): Promise<BackupKind> {
  let head: Buffer;
  try {
    const handle = await open(file, "r");
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BackupError(`Die Datei ${file} lässt sich nicht lesen (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  if (head.subarray(0, PGDMP.length).toString("latin1") === PGDMP) return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) {
    let tar = Buffer.alloc(0);
    try {
      // The file's start only: a flush instead of the end, so the cut-off stream is no error.
      tar = gunzipSync(head, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    } catch {
      // not gzip after all
    }
    if (tar.subarray(257, 262).toString("latin1") === "ustar") return "pglite";
  }
  throw new BackupError(
    `Die Datei ${file} ist keine dsbot-Sicherung: erwartet wird ein Abzug der eingebetteten Datenbank (gzip-Tar, .tar.gz) oder ein pg_dump im Custom-Format (.dump).`,
  );
}

const exists = (file: string) => access(file).then(() => true, () => false);

/** Refuses an existing `target` unless `force` (checked before the work, and again when the file is put in place). */
export async function refuseExisting(target: string, force: boolean): Promise<void> {
  if (!force && (await exists(target))) throw existsError(target);
}

const existsError = (target: string) => new BackupError(`Die Datei ${target} gibt es schon. Mit --force wird sie überschrieben.`);

/** A temporary name next to `target` (same folder, so the final rename stays on one filesystem). */
export function partialPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.partial`);
}

/**
 * Puts the finished `partial` file under `target`: with `force` by rename (atomic, replaces), without by
 * a hard link, which fails when `target` appeared meanwhile. Filesystems without hard links get a check
 * and a rename. `partial` is gone afterwards, also on failure.
 */
export async function finishBackupFile(partial: string, target: string, force: boolean): Promise<void> {
  try {
    if (force) return await rename(partial, target);
    try {
      await link(partial, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw existsError(target);
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EXDEV") throw error;
      await refuseExisting(target, false);
      return await rename(partial, target);
    }
  } finally {
    await rm(partial, { force: true });
  }
}

/** Why a backup file could not be written, in German. */
export function writeFailure(target: string, error: unknown): BackupError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new BackupError(`Der Ordner ${path.dirname(target)} existiert nicht.`);
  return new BackupError(`Die Sicherung ließ sich nicht nach ${target} schreiben (${code ?? String(error)}).`);
}

/**
 * Writes `bytes` to `target` (mode 0600: a backup holds password hashes) through a temporary file that
 * is flushed to disk first; asynchronous, so a big dump never holds the event loop.
 */
export async function writeBackupFile(target: string, bytes: Uint8Array, force: boolean): Promise<void> {
  await refuseExisting(target, force);
  const partial = partialPath(target);
  try {
    const handle = await open(partial, "wx", 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw writeFailure(target, error);
  }
  await finishBackupFile(partial, target, force);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** `dsbot-YYYYMMDD-HHmmss.<ext>` for a scheduled backup taken at `at` (UTC). */
export function scheduledBackupName(kind: BackupKind, at: Date): string {
  const day = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `dsbot-${day}-${time}.${BACKUP_EXTENSIONS[kind]}`;
}

/** The time in a scheduled backup's name (UTC), or undefined for any other name. */
export function scheduledBackupTime(name: string): number | undefined {
  const match = SCHEDULED_NAME.exec(name);
  if (!match) return undefined;
  const [day, time] = [match[1]!, match[2]!];
  const at = Date.UTC(+day.slice(0, 4), +day.slice(4, 6) - 1, +day.slice(6, 8), +time.slice(0, 2), +time.slice(2, 4), +time.slice(4, 6));
  return Number.isNaN(at) ? undefined : at;
}

/** The scheduled backups in `dir`, newest first (other files are not theirs and stay out of it). */
export async function scheduledBackups(dir: string): Promise<{ name: string; at: number }[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return names
    .map((name) => ({ name, at: scheduledBackupTime(name) }))
    .filter((entry): entry is { name: string; at: number } => entry.at !== undefined)
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` scheduled backups in `dir`; answers the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await scheduledBackups(dir)).slice(keep).map((entry) => entry.name);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

const decimal = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1 });

/** "12,3 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} KB`;
  return `${decimal.format(bytes / 1024 / 1024)} MB`;
}
