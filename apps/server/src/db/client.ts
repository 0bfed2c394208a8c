// Opens the database: embedded PGlite (on disk or in memory) or PostgreSQL via node-postgres,
// runs the committed migrations, and hands out one drizzle handle with the same schema for both.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { migrationsDir } from "../core/paths.js";
import { registerChangeClock, watchTribeAccess } from "./change-clock.js";
import { PgliteThread } from "./pglite-thread.js";
import * as schema from "./schema.js";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Human-readable location for the start banner (never contains a password). */
  location: string;
  /**
   * The same database for live state a runner reports (a bot's status): commits that do not wait for
   * the WAL flush (PostgreSQL `synchronous_commit = off`; a crash may lose the last fraction of a
   * second, which the runners report again when they reconnect). PGlite: `db` itself.
   */
  live: Database;
  /** PostgreSQL only: a fresh, unconnected client outside the pool (the session cache LISTENs on one). */
  newClient?: () => pg.Client;
  /** PostgreSQL only: a separate small pool (socket.io's adapter holds one connection LISTENing). */
  newPool?: (max: number, applicationName: string, settings?: Record<string, string>) => pg.Pool;
  close: () => Promise<void>;
  /** PGlite only: its data directory as a gzip tarball, consistent while the server runs (modules/backup). */
  dump?: () => Promise<Uint8Array>;
  /** PGlite on its thread: where its warnings go (a statement holding it > SLOW_STATEMENT_MS, the thread dying). */
  warnWith?: (warn: (details: object, message: string) => void) => void;
  /** Queries waiting for a free connection of the pools (the metrics' dsbot_db_queue_depth); PGlite has one. */
  queueDepth?: () => number;
}

/** PGlite serves one statement at a time: one running longer than this holds every other request's queries. */
export const SLOW_STATEMENT_MS = 200;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

export const MEMORY_URL = "memory://";

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl && options.databaseUrl !== MEMORY_URL
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.databaseUrl === MEMORY_URL ? undefined : path.join(options.dataDir, "pglite"));
  return handle;
}

/** A second process on the same embedded database folder (PGlite is one process's database). */
export class DataDirBusyError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Der Datenordner ${dir} wird schon von einem anderen dsbot-Prozess (PID ${pid}) benutzt. ` +
        "Die eingebettete Datenbank erlaubt nur eine Instanz je Ordner: beende den anderen Prozess, " +
        "wähle mit DSBOT_DATA_DIR einen anderen Ordner oder setze für mehrere Instanzen DATABASE_URL auf eine PostgreSQL-Datenbank.",
    );
    this.name = "DataDirBusyError";
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<dir>.lock` (this process's pid) or throws DataDirBusyError while a live process holds it; a
 * lock left by a process that died is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) throw new DataDirBusyError(dir, pid);
      rmSync(lockPath, { force: true });
    }
  }
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (!dir) return usePgliteThread(await PgliteThread.start({ dataDir: null, slowMs: SLOW_STATEMENT_MS }), "im Speicher (PGlite)");
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    const handle = await usePgliteThread(await PgliteThread.start({ dataDir: dir, slowMs: SLOW_STATEMENT_MS }), dir);
    const close = once(async () => {
      await handle.close();
      unlock();
    });
    return { ...handle, close };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite on its own thread (pglite-thread.ts), spoken to by node-postgres like PostgreSQL: one
 * connection, since PGlite is one session. Migrates; closing the handle closes the thread.
 */
export async function usePgliteThread(thread: PgliteThread, location: string): Promise<DatabaseHandle> {
  const tribeAccess = watchTribeAccess();
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, stream: () => thread.socket(), onConnect: tribeAccess.onConnect });
  // A connection failing while idle (the thread died) must not end the process; the next query reconnects.
  pool.on("error", (error: Error) => process.emitWarning(`PGlite: idle connection lost (${error.message})`));
  const db = drizzlePg({ client: pool, schema });
  registerChangeClock(db, tribeAccess.clock);
  const close = once(async () => {
    await pool.end();
    await thread.close();
  });
  try {
    await migratePg(db, { migrationsFolder: migrationsDir });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, live: db, kind: "pglite", location, close, dump: () => thread.dump(), warnWith: (warn) => (thread.warn = warn), queueDepth: () => pool.waitingCount };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose connection ends (server restart, a terminated backend) is emitted here;
  // unhandled, that event would crash the process. The pool drops the client and the next query
  // connects afresh; queries in flight fail on their own.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") process.emitWarning(`PostgreSQL: idle connection lost (${error.code ?? error.message})`);
  });
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePg(db, { migrationsFolder: migrationsDir });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const newClient = () => new pg.Client({ connectionString: url, keepAlive: true, application_name: "dsbot-session-listener" });
  const newPool = (max: number, applicationName: string, settings: Record<string, string> = {}) => {
    // Session settings ride in the startup packet (`-c name=value`), so every connection of the pool has them.
    const options = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`).join(" ");
    const extra = new pg.Pool({ connectionString: url, max, application_name: applicationName, ...(options ? { options } : {}) });
    extra.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") process.emitWarning(`PostgreSQL: idle connection lost (${error.code ?? error.message})`);
    });
    return extra;
  };
  const livePool = newPool(3, "dsbot-live", { synchronous_commit: "off" });
  const live = drizzlePg({ client: livePool, schema });
  const close = once(async () => {
    await Promise.all([pool.end(), livePool.end()]);
  });
  const queueDepth = () => pool.waitingCount + livePool.waitingCount;
  return { db, live, kind: "postgres", location: redactUrl(url), newClient, newPool, close, queueDepth };
}

/** Closing twice (shutdown racing a failed start, tests) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** The database is reachable when a trivial query answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "PostgreSQL";
  }
}
