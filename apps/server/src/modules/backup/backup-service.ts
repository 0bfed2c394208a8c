// What the running server does for backups: the control socket for `npm run backup` (embedded
// database on disk) and the scheduled backups (DSBOT_BACKUP_DIR). One backup at a time.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../core/config.js";
import type { DatabaseHandle } from "../../db/client.js";
import { refuseExisting, writeBackupFile } from "./backup-files.js";
import { startBackupSchedule } from "./backup-schedule.js";
import type { BackupSchedule } from "./backup-schedule.js";
import { openControlChannel } from "./control-channel.js";
import type { ControlChannel } from "./control-channel.js";
import { pgDump } from "./postgres-backup.js";

export interface BackupService {
  /** The control socket's path, when it is open. */
  controlSocket: string | undefined;
  close: () => Promise<void>;
}

type WriteBackup = (target: string, force: boolean) => Promise<{ bytes: number }>;

/** Runs the backups one after another (a requested one and a scheduled one never at once). */
function oneAtATime(write: WriteBackup): WriteBackup {
  let last: Promise<unknown> = Promise.resolve();
  return (target, force) => {
    const next = last.then(() => write(target, force));
    last = next.catch(() => {});
    return next;
  };
}

/** The writer for this database: PGlite's dump from its thread, or pg_dump. */
function backupWriter(config: Config, database: Pick<DatabaseHandle, "kind" | "dump">): WriteBackup | undefined {
  const { dump } = database;
  if (dump) {
    return async (target, force) => {
      await refuseExisting(target, force);
      const bytes = await dump();
      await writeBackupFile(target, bytes, force);
      return { bytes: bytes.length };
    };
  }
  const url = config.databaseUrl;
  if (database.kind === "postgres" && url) return (target, force) => pgDump(url, target, force);
  return undefined;
}

/** Starts the control socket and the schedule as configured; failures are logged, never thrown. */
export async function startBackups(config: Config, database: Pick<DatabaseHandle, "kind" | "dump">, log: FastifyBaseLogger): Promise<BackupService> {
  const writer = backupWriter(config, database);
  if (!writer) return { controlSocket: undefined, close: async () => {} };
  const write = oneAtATime(writer);
  // Only the embedded database on disk is one process's; PostgreSQL is dumped by pg_dump from anywhere.
  const channel: ControlChannel | undefined =
    database.kind === "pglite" && config.databaseUrl === undefined ? await openControlChannel({ dataDir: config.dataDir, backup: write, log }) : undefined;
  const schedule: BackupSchedule | undefined = config.backup
    ? startBackupSchedule({ dir: config.backup.dir, keep: config.backup.keep, intervalMs: config.backup.intervalHours * 3_600_000, kind: database.kind, backup: write, log })
    : undefined;
  return {
    controlSocket: channel?.path,
    close: async () => {
      await channel?.close();
      await schedule?.stop();
    },
  };
}
