// Opens the database: embedded PGlite (on disk or in memory) or PostgreSQL via node-postgres,
// runs the committed migrations, and hands out one drizzle handle with the same schema for both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../paths.js";
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
}

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
  return usePglite(dir ? new PGlite(dir) : new PGlite(), dir ?? "im Speicher (PGlite)");
}

/** Migrate and wrap an already created PGlite (tests start theirs from a pre-migrated snapshot). */
export async function usePglite(client: PGlite, location: string): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: migrationsDir });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: "pglite", location, close: once(() => client.close()) };
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
