// The adapter pool's NOTIFY batching: order kept, a repeated payload never folded away, at most one
// statement in flight, a failed batch sent again one by one; on PostgreSQL, every notification arrives,
// in order, in fewer statements, and one PostgreSQL refuses costs only itself.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { adapterPool, NOTIFY_BATCH_MAX, NOTIFY_PAYLOAD_MAX_BYTES, NOTIFY_STATEMENT, notifyBatcher } from "./adapter-pool.js";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) console.info("adapter-pool.test.ts: the PostgreSQL part is skipped without DATABASE_URL (CI runs it)");

function recorder() {
  const statements: { text: string; values: string[] }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const gates: (() => void)[] = [];
  const run = (text: string, values: string[]) => {
    statements.push({ text, values });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<pg.QueryResult>((resolve) => {
      gates.push(() => {
        inFlight -= 1;
        resolve({ rows: [] } as unknown as pg.QueryResult);
      });
    });
  };
  const answerAll = async () => {
    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { run, statements, answerAll, maxInFlight: () => maxInFlight };
}

describe("notifyBatcher", () => {
  it("sends what queued behind a statement in flight as one, in order, one statement at a time", async () => {
    const r = recorder();
    const batcher = notifyBatcher(r.run);
    const done = ["a", "b", "c", "d"].map((p) => batcher.notify("ch", p));
    await r.answerAll();
    await Promise.all(done);
    expect(r.statements.map((s) => s.values)).toEqual([
      ["ch", "a"],
      ["ch", "b", "ch", "c", "ch", "d"],
    ]);
    expect(r.statements[1]!.text).toBe("SELECT pg_notify($1, $2), pg_notify($3, $4), pg_notify($5, $6)");
    expect(r.maxInFlight()).toBe(1);
  });

  it("ends a batch before a repeated payload (PostgreSQL folds repeats within a transaction)", async () => {
    const r = recorder();
    const batcher = notifyBatcher(r.run);
    const done = ["x", "a", "b", "a", "a", "c"].map((p) => batcher.notify("ch", p));
    await r.answerAll();
    await Promise.all(done);
    expect(r.statements.map((s) => s.values.filter((_, i) => i % 2 === 1))).toEqual([["x"], ["a", "b"], ["a"], ["a", "c"]]);
  });

  it(`puts at most ${NOTIFY_BATCH_MAX} in one statement`, async () => {
    const r = recorder();
    const batcher = notifyBatcher(r.run);
    const done = Array.from({ length: 2 * NOTIFY_BATCH_MAX + 2 }, (_, i) => batcher.notify("ch", String(i)));
    await r.answerAll();
    await Promise.all(done);
    expect(r.statements.map((s) => s.values.length / 2)).toEqual([1, NOTIFY_BATCH_MAX, NOTIFY_BATCH_MAX, 1]);
  });

  it("sends a failed batch again one by one, so only the NOTIFY that fails is lost, and goes on with the next", async () => {
    const r = recorder();
    const batcher = notifyBatcher(async (text, values) => {
      r.statements.push({ text, values });
      await new Promise((resolve) => setImmediate(resolve));
      if (values.includes("bad")) throw new Error("payload string too long");
      return { rows: [] } as unknown as pg.QueryResult;
    });
    const results = await Promise.allSettled(["a", "b", "bad", "c"].map((p) => batcher.notify("ch", p)));
    const later = await Promise.allSettled([batcher.notify("ch", "d")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(later[0]!.status).toBe("fulfilled");
    expect(r.statements.map((s) => s.values.filter((_, i) => i % 2 === 1))).toEqual([["a"], ["b", "bad", "c"], ["b"], ["bad"], ["c"], ["d"]]);
  });

  it("matches the statement socket.io's PostgreSQL adapter publishes with", () => {
    const require = createRequire(import.meta.url);
    const util = path.join(path.dirname(require.resolve("@socket.io/postgres-adapter")), "util.js");
    expect(readFileSync(util, "utf8")).toContain(`"${NOTIFY_STATEMENT}"`);
  });
});

describe.skipIf(!onPostgres)("the adapter pool on PostgreSQL", () => {
  it("delivers every NOTIFY, repeats included, in order, in fewer statements than notifications", async () => {
    const url = process.env.DATABASE_URL!;
    const inner = new pg.Pool({ connectionString: url, max: 2 });
    const sent: string[] = [];
    const query = inner.query.bind(inner) as (...args: unknown[]) => Promise<pg.QueryResult>;
    (inner as unknown as { query: (...args: unknown[]) => Promise<pg.QueryResult> }).query = (...args: unknown[]) => {
      sent.push(String(args[0]));
      return query(...args);
    };
    const facade = adapterPool(inner);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const channel = `batch_test_${process.pid}`;
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.query(`LISTEN "${channel}"`);
      const payloads = Array.from({ length: 300 }, (_, i) => (i % 7 === 3 ? "same" : `m${i}`));
      await Promise.all(payloads.map((p) => facade.pool.query(NOTIFY_STATEMENT, [channel, p])));
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(payloads.length);
      expect(heard).toEqual(payloads);
      expect(sent.length).toBeLessThan(payloads.length);
    } finally {
      await listener.end();
      await facade.close();
    }
  });
  it("a payload PostgreSQL refuses (8,000 bytes) fails alone: the rest of its batch is delivered, in order", async () => {
    const url = process.env.DATABASE_URL!;
    const facade = adapterPool(new pg.Pool({ connectionString: url, max: 2 }));
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const channel = `bad_batch_test_${process.pid}`;
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.query(`LISTEN "${channel}"`);
      const tooLong = "x".repeat(NOTIFY_PAYLOAD_MAX_BYTES + 1);
      const payloads = Array.from({ length: 20 }, (_, i) => (i === 5 ? tooLong : `m${i}`));
      const results = await Promise.allSettled(payloads.map((p) => facade.pool.query(NOTIFY_STATEMENT, [channel, p])));
      expect(results.map((r) => r.status)).toEqual(payloads.map((p) => (p === tooLong ? "rejected" : "fulfilled")));
      // The last one's NOTIFY answered after the others, so all the listener gets are on their way.
      await expect.poll(() => heard.at(-1), { timeout: 10_000 }).toBe("m19");
      expect(heard).toEqual(payloads.filter((p) => p !== tooLong));
      // The largest payload the adapter still sends by NOTIFY is one PostgreSQL takes.
      await facade.pool.query(NOTIFY_STATEMENT, [channel, "y".repeat(NOTIFY_PAYLOAD_MAX_BYTES)]);
      await expect.poll(() => heard.at(-1)?.length, { timeout: 10_000 }).toBe(NOTIFY_PAYLOAD_MAX_BYTES);
    } finally {
      await listener.end();
      await facade.close();
    }
  });
});
