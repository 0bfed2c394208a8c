// Each test file gets its own empty database: in-memory PGlite by default, or — when DATABASE_URL is
// set (CI) — a freshly created PostgreSQL database on that server, so files can run in parallel. The
// PostgreSQL databases are copies of a migrated template (CREATE DATABASE … TEMPLATE): migrating a
// fresh database costs ~2 s, copying the template a fraction of that.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { MEMORY_URL, openDatabase } from "../src/db/client.js";
import { migrationsKey } from "./pglite-template.js";

export interface TestDatabase {
  /** Value for config.databaseUrl. */
  url: string;
  kind: "pglite" | "postgres";
  drop: () => Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: MEMORY_URL, kind: "pglite", drop: async () => {} };

  // A database per file rather than a schema per file: the generated migrations reference
  // "public"."users" explicitly, so schema-level isolation would not hold.
  const name = `${new URL(baseUrl).pathname.slice(1) || "dsbot"}_t_${randomBytes(5).toString("hex")}`;
  await adminQuery(baseUrl, `create database "${name}" template "${await migratedTemplate(baseUrl)}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: "postgres",
    drop: () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Any number, the same in every test process: the advisory lock under which the template is made. */
const TEMPLATE_LOCK = 4_711_2026;
let template: Promise<string> | undefined;

/**
 * The migrated template on the server of `baseUrl`, named by the migrations' hash (kept for the next
 * run, like the PGlite snapshot in the temp dir). Made once, under an advisory lock, by whichever test
 * process comes first: migrated under a temporary name and renamed, so no file copies a half-made one.
 */
function migratedTemplate(baseUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `dsbot_test_template_${migrationsKey()}`;
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
      const found = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString("hex")}`;
        await client.query(`create database "${building}"`);
        const url = new URL(baseUrl);
        url.pathname = `/${building}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
        await handle.close();
        await client.query(`alter database "${building}" rename to "${name}"`);
      }
      return name;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
      await client.end();
    }
  })();
  template.catch(() => (template = undefined));
  return template;
}
