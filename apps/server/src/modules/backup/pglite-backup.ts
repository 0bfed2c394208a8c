// The embedded database's backups without a running server. A backup takes the data directory's lock
// (db/client.ts), opens PGlite on its thread as it is (no migrations) and dumps it; a restore loads the
// tarball into a fresh folder next to `<DSBOT_DATA_DIR>/pglite`, checks that PGlite starts on it and
// only then puts it in place. A running server holds the lock: it answers backups itself
// (control-channel.ts), and a restore under it is always refused.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { DataDirBusyError, lockDataDir, SLOW_STATEMENT_MS } from "../../db/client.js";
import { PgliteThread } from "../../db/pglite-thread.js";
import { BackupError, writeBackupFile } from "./backup-files.js";
import { controlSocketPath } from "./control-channel.js";

/** Where the embedded database lives in the data directory (as db/client.ts opens it). */
export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, "pglite");

/** True when `dir` is missing or holds nothing. */
async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** The pid in the folder's lock file, for the message. */
async function lockHolder(dir: string): Promise<string> {
  return (await readFile(`${dir}.lock`, "utf8").catch(() => "?")).trim();
}

/** Takes the folder's lock; a live holder (the server) becomes `busy(pid)`'s German message. */
async function lock(dir: string, busy: (pid: string) => string): Promise<() => void> {
  try {
    return lockDataDir(dir);
  } catch (error) {
    if (error instanceof DataDirBusyError) throw new BackupError(busy(await lockHolder(dir)));
    throw error;
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Dumps the embedded database of `dataDir` into `target` while no server runs on it. */
export async function backupPgliteDirectly(dataDir: string, target: string, force: boolean): Promise<{ bytes: number }> {
  const dir = pgliteDirOf(dataDir);
  if (await isEmpty(dir)) throw new BackupError(`In ${dir} liegt keine eingebettete Datenbank (DSBOT_DATA_DIR prüfen).`);
  const unlock = await lock(
    dir,
    (pid) =>
      `Der Server (PID ${pid}) hält den Datenordner ${dir}, antwortet aber nicht über ${controlSocketPath(dataDir)} ` +
      "(eine ältere Version ohne Steuer-Socket, oder der Pfad ist für einen Unix-Socket zu lang: siehe das Log des Servers). " +
      "Den Server beenden und die Sicherung wiederholen, oder automatische Sicherungen nutzen (DSBOT_BACKUP_DIR).",
  );
  try {
    let bytes: Uint8Array;
    const thread = await PgliteThread.start({ dataDir: dir, slowMs: SLOW_STATEMENT_MS });
    try {
      bytes = await thread.dump();
    } finally {
      await thread.close();
    }
    await writeBackupFile(target, bytes, force);
    return { bytes: bytes.length };
  } finally {
    unlock();
  }
}

/**
 * Restores a PGlite dump into `<dataDir>/pglite`: into a missing or empty folder, or with `force` in
 * place of the database there. Always refused while a server runs on the folder.
 */
export async function restorePglite(file: string, dataDir: string, force: boolean): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  await mkdir(dataDir, { recursive: true });
  const unlock = await lock(dir, (pid) => `Der Server (PID ${pid}) läuft auf dem Datenordner ${dir}: vor der Wiederherstellung beenden (auch mit --force).`);
  const suffix = randomBytes(4).toString("hex");
  const staging = `${dir}.restore-${suffix}`;
  try {
    if (!force && !(await isEmpty(dir))) {
      throw new BackupError(`Im Datenordner ${dir} liegt schon eine Datenbank. Mit --force wird sie durch die Sicherung ersetzt.`);
    }
    try {
      // PGlite writes the tarball's files into the empty folder and starts on them; closing shuts it down cleanly.
      const thread = await PgliteThread.start({ dataDir: staging, loadDataDir: file, slowMs: SLOW_STATEMENT_MS });
      await thread.close();
    } catch (error) {
      throw new BackupError(`Die Sicherung ${file} ließ sich nicht laden: ${reason(error)}`);
    }
    if (await isEmpty(dir)) {
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir);
      return;
    }
    const replaced = `${dir}.replaced-${suffix}`;
    await rename(dir, replaced);
    await rename(staging, dir);
    await rm(replaced, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}
