// The embedded database's clock of commits that change what the tribe's access statement reads: it
// moves on exactly those commits, before their answer arrives, and answers null while not listening.
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteFromTemplate } from "../../test/pglite-template.js";
import { tribeAccessClock, type ChangeClock } from "./change-clock.js";
import type { DatabaseHandle } from "./client.js";
import { users } from "./schema.js";

let handle: DatabaseHandle;
let clock: ChangeClock;

beforeAll(async () => {
  handle = await openPgliteFromTemplate();
  const found = tribeAccessClock(handle.db);
  if (!found) throw new Error("no clock on the embedded database");
  clock = found;
  await handle.db.insert(users).values({ username: "clockwork", usernameKey: "clockwork", passwordHash: "x", role: "user", worldServer: "die-staemme.de", worldWorld: "de1" });
});
afterAll(async () => {
  await handle?.close();
});

const tick = () => {
  const now = clock.now();
  if (now === null) throw new Error("not listening");
  return now;
};

describe("the tribe access clock (PGlite)", () => {
  it("moves on with a commit that changes what the access statement reads, by the time the commit answers", async () => {
    const before = tick();
    await handle.db.execute(sql`update users set username = 'clockwork2' where username_key = 'clockwork'`);
    expect(tick()).toBeGreaterThan(before);
  });

  it("moves on at the commit of a transaction, not before", async () => {
    const before = tick();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into incoming_versions (scope, version) values ('u:999999', 1) on conflict (scope) do update set version = incoming_versions.version + 1`);
      expect(tick()).toBe(before);
    });
    expect(tick()).toBeGreaterThan(before);
  });

  it("stands still for writes the statement does not read, and for a rolled-back change", async () => {
    const before = tick();
    await handle.db.execute(sql`update users set updated_at = now() where username_key = 'clockwork'`);
    await handle.db.execute(sql`select count(*) from tribe_members`);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update users set username = 'rolled back' where username_key = 'clockwork'`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(tick()).toBe(before);
  });

  it("answers null once its connection ends, and moves on when the next one listens", async () => {
    const before = tick();
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const ended = new Promise((resolve) => client.once("end", resolve));
    client.release(true);
    await ended;
    expect(clock.now()).toBeNull();
    await handle.db.execute(sql`select 1`);
    expect(tick()).toBeGreaterThan(before);
  });
});
