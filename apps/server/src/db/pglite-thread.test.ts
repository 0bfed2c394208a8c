// The embedded database on its own thread: node-postgres speaks to it as to PostgreSQL, a
// long statement leaves the main thread free, a connection's transaction ends with it, the files are
// complete after a close, and a thread that dies is started again by the next query.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateFile } from "../../test/pglite-template.js";
import { PgliteThread } from "./pglite-thread.js";

const warnings: object[] = [];

async function open(dataDir: string | null = null, slowMs = 10_000) {
  const thread = await PgliteThread.start({ dataDir, loadDataDir: dataDir ? undefined : await templateFile(), slowMs });
  thread.warn = (details) => warnings.push(details);
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, stream: () => thread.socket() });
  pool.on("error", () => undefined);
  return { thread, pool, close: async () => (await pool.end(), await thread.close()) };
}

let db: Awaited<ReturnType<typeof open>>;
beforeAll(async () => {
  db = await open(null, 150);
});
afterAll(() => db?.close());

describe("PGlite on its own thread", () => {
  it("answers queries with parameters and PostgreSQL's types, in node-postgres' forms", async () => {
    const { rows } = await db.pool.query("select $1::int + 1 as n, $2::text as t, $3::timestamptz as at, '{\"a\":[1]}'::jsonb as j, 9007199254740993::int8 as big", [
      41,
      "Grüße ‹ä› 🏰",
      "2031-05-06T10:20:30.456Z",
    ]);
    expect(rows).toEqual([{ n: 42, t: "Grüße ‹ä› 🏰", at: new Date("2031-05-06T10:20:30.456Z"), j: { a: [1] }, big: "9007199254740993" }]);
    // The migrated snapshot: the schema is there.
    const tables = await db.pool.query("select count(*)::int as n from information_schema.tables where table_name = 'attacks'");
    expect(tables.rows[0]).toEqual({ n: 1 });
  });

  it("answers a big result whole", async () => {
    const { rows } = await db.pool.query("select g, repeat('x', 100) as pad from generate_series(1, 50000) g");
    expect(rows).toHaveLength(50_000);
    expect(rows.at(-1)).toEqual({ g: 50_000, pad: "x".repeat(100) });
  });

  it("keeps the main thread free while a long statement runs, and reports the statement as slow", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await db.pool.query("select count(*) from generate_series(1, 4000000) a cross join generate_series(1, 2) b");
    const tookMs = performance.now() - started;
    clearInterval(timer);
    // In the main thread (PGlite's own client) the statement held every timer: no tick until it ended.
    expect(tookMs).toBeGreaterThan(300);
    // At least one tick per 100 ms even on a loaded machine (in-process PGlite: none at all).
    expect(ticks).toBeGreaterThan(tookMs / 100);
    expect(warnings).toContainEqual(expect.objectContaining({ statement: expect.stringContaining("generate_series(1, 4000000)") }));
  });

  it("reports an error in a transaction like PostgreSQL; the rollback leaves nothing, and the connection goes on", async () => {
    await db.pool.query("create table if not exists thread_t (id int primary key)");
    const client = await db.pool.connect();
    try {
      await client.query("begin");
      await client.query("insert into thread_t values (1)");
      await expect(client.query("insert into thread_t values (1)")).rejects.toMatchObject({ code: "23505" });
      await expect(client.query("select 1")).rejects.toMatchObject({ code: "25P02" });
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect((await db.pool.query("select count(*)::int as n from thread_t")).rows[0]).toEqual({ n: 0 });
  });

  it("rolls back the transaction of a connection that ends in the middle of it", async () => {
    await db.pool.query("create table if not exists thread_u (id int primary key)");
    const client = await db.pool.connect();
    await client.query("begin");
    await client.query("insert into thread_u values (7)");
    client.release(true); // destroys the connection
    // PGlite is one session: had the transaction stayed open, this query would run in it and see the row.
    const { rows } = await db.pool.query("select count(*)::int as n from thread_u");
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("gives each connection a fresh session: an ended one's prepared statements and settings are gone", async () => {
    const statement = { name: "thread_prepared", text: "select $1::int * 2 as n", values: [21] };
    const client = await db.pool.connect();
    expect((await client.query(statement)).rows).toEqual([{ n: 42 }]);
    await client.query("set application_name = 'alte Sitzung'");
    client.release(true); // a new node-postgres client next, which prepares the statement again
    expect((await db.pool.query(statement)).rows).toEqual([{ n: 42 }]);
    expect((await db.pool.query("show application_name")).rows[0]).not.toEqual({ application_name: "alte Sitzung" });
  });

  it("starts the thread again when it died: the query in flight fails, the next one works", async () => {
    const { thread, pool, close } = await open();
    try {
      await pool.query("create table gone (id int)");
      const dying = pool.query("select count(*) from generate_series(1, 20000000)");
      await new Promise((resolve) => setTimeout(resolve, 20));
      await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      await expect(dying).rejects.toThrow("Die eingebettete Datenbank ist ausgefallen");
      expect(warnings).toContainEqual(expect.objectContaining({ reason: expect.any(String) }));
      // In memory: the new thread starts from the snapshot again.
      expect((await pool.query("select count(*)::int as n from information_schema.tables where table_name in ('attacks', 'gone')")).rows[0]).toEqual({ n: 1 });
    } finally {
      await close();
    }
  });

  it("keeps the data in its directory across a close and a new start", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-pglite-thread-"));
    try {
      const first = await open(dir);
      await first.pool.query("create table kept (note text)");
      await first.pool.query("insert into kept values ('noch da')");
      await first.close();
      const second = await open(dir);
      try {
        expect((await second.pool.query("select note from kept")).rows).toEqual([{ note: "noch da" }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses new connections once closed, in German", async () => {
    const { thread, pool } = await open();
    await pool.end();
    await thread.close();
    const late = new pg.Client({ stream: () => thread.socket() });
    await expect(late.connect()).rejects.toThrow("Die eingebettete Datenbank ist geschlossen.");
  });
});
