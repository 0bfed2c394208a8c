// Each test file gets its own empty database: in-memory PGlite by default, or — when DATABASE_URL is
// set (CI) — a freshly created PostgreSQL database on that server, so files can run in parallel.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { MEMORY_URL } from "../src/db/client.js";

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
  await adminQuery(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: "postgres",
    drop: () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}
