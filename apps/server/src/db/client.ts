// Opens the database: embedded PGlite (on disk or in memory) or PostgreSQL via node-postgres,
// runs the committed migrations, and hands out one drizzle handle with the same schema for both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { migrationsDir } from "../paths.js";
import { PgliteThread } from "./pglite-thread.js";
import * as schema from "./schema.js";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Human-readable location for the start banner (never contains a password). */
  location: string;
  /** PostgreSQL only: a fresh, unconnected client outside the pool (the session cache LISTENs on one). */
  newClient?: () => pg.Client;
  close: () => Promise<void>;
  /** PGlite on its thread: where its warnings go (a statement holding it > SLOW_STATEMENT_MS, the thread dying). */
  warnWith?: (warn: (details: object, message: string) => void) => void;
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

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const thread = await PgliteThread.start({ dataDir: dir ?? null, slowMs: SLOW_STATEMENT_MS });
  return usePgliteThread(thread, dir ?? "im Speicher (PGlite)");
}

/**
 * PGlite on its own thread (pglite-thread.ts), spoken to by node-postgres like PostgreSQL: one
 * connection, since PGlite is one session. Migrates; closing the handle closes the thread.
 */
export async function usePgliteThread(thread: PgliteThread, location: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, stream: () => thread.socket() });
  // A connection failing while idle (the thread died) must not end the process; the next query reconnects.
  pool.on("error", (error: Error) => process.emitWarning(`PGlite: idle connection lost (${error.message})`));
  const db = drizzlePg({ client: pool, schema });
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
  return { db, kind: "pglite", location, close, warnWith: (warn) => (thread.warn = warn) };
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
  return { db, kind: "postgres", location: redactUrl(url), newClient, close: once(() => pool.end()) };
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
