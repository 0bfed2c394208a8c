// Scheduled backups (DSBOT_BACKUP_DIR): one every DSBOT_BACKUP_INTERVAL_HOURS into the folder as
// `dsbot-YYYYMMDD-HHmmss.<ext>` (UTC), keeping the newest DSBOT_BACKUP_KEEP of that name pattern.
// The first one is due an interval after the newest in the folder (a restart does not put it off),
// but never sooner than `firstDelayMs` after the start.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { BackupKind } from "./backup-files.js";
import { pruneBackups, scheduledBackupName, scheduledBackups } from "./backup-files.js";

export const FIRST_BACKUP_DELAY_MS = 60_000;

export interface BackupScheduleOptions {
  dir: string;
  keep: number;
  intervalMs: number;
  kind: BackupKind;
  /** Writes one backup to `target` (refusing an existing file). */
  backup: (target: string, force: boolean) => Promise<{ bytes: number }>;
  log: FastifyBaseLogger;
  firstDelayMs?: number;
}

export interface BackupSchedule {
  /** Ends the timer and waits for a backup in flight (it uses the database). */
  stop: () => Promise<void>;
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { dir, keep, intervalMs, kind, log } = options;
  const firstDelayMs = options.firstDelayMs ?? FIRST_BACKUP_DELAY_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = async () => {
    const started = Date.now();
    const file = path.join(dir, scheduledBackupName(kind, new Date(started)));
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const { bytes } = await options.backup(file, false);
      const deleted = await pruneBackups(dir, keep);
      log.info({ file, bytes, ms: Date.now() - started, deleted }, "scheduled backup written");
    } catch (error) {
      log.error({ err: error, file }, "scheduled backup failed");
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };

  void scheduledBackups(dir).then(
    (existing) => {
      const newest = existing[0]?.at;
      const due = newest === undefined ? 0 : newest + intervalMs - Date.now();
      schedule(Math.min(intervalMs, Math.max(firstDelayMs, due)));
    },
    (error: unknown) => {
      log.warn({ err: error, dir }, "backup folder unreadable; trying the first scheduled backup anyway");
      schedule(firstDelayMs);
    },
  );
  log.info({ dir, keep, intervalHours: intervalMs / 3_600_000 }, "scheduled backups on");

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
