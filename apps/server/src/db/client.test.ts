// The live handle (runner reports): on PostgreSQL its commits do not wait for the WAL flush, the main
// handle's do; on PGlite it is the main handle. The realtime adapter's pool commits asynchronously too.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteFromTemplate } from "../../test/pglite-template.js";
import { createTestDatabase } from "../../test/test-database.js";
import type { TestDatabase } from "../../test/test-database.js";
import type { DatabaseHandle } from "./client.js";
import { openDatabase } from "./client.js";

if (!process.env.DATABASE_URL) console.info("client.test.ts: the extra pools' settings are checked only with DATABASE_URL (PGlite has no extra pools; CI runs it)");

let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.kind === "postgres" ? await openDatabase({ databaseUrl: testDatabase.url, dataDir: "" }) : await openPgliteFromTemplate();
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

const setting = async (db: DatabaseHandle["db"]) =>
  ((await db.execute(sql`show synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit;

describe("the live database handle", () => {
  it("commits without waiting for the disk on PostgreSQL, and is the main handle on PGlite", async () => {
    if (database.kind === "pglite") {
      expect(database.live).toBe(database.db);
      return;
    }
    expect(await setting(database.live)).toBe("off");
    expect(await setting(database.db)).toBe("on");
  });

  it("sees what the main handle committed, and the other way round", async () => {
    await database.db.execute(sql`create table live_probe (id int primary key, v text)`);
    await database.db.execute(sql`insert into live_probe values (1, 'main')`);
    await database.live.execute(sql`update live_probe set v = 'live' where id = 1`);
    const rows = ((await database.db.execute(sql`select v from live_probe`)) as unknown as { rows: { v: string }[] }).rows;
    expect(rows).toEqual([{ v: "live" }]);
  });

  it.skipIf(!process.env.DATABASE_URL)("gives extra pools their session settings", async () => {
    const pool = database.newPool!(1, "dsbot-test", { synchronous_commit: "off" });
    try {
      expect((await pool.query("show synchronous_commit")).rows[0]).toEqual({ synchronous_commit: "off" });
    } finally {
      await pool.end();
    }
  });
});
