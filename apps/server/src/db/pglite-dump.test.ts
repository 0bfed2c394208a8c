// A dump of the embedded database (the backup's source) is taken on its thread between transactions:
// asked for while a transaction is open, it waits for the commit, holds what was committed before it
// and nothing written after it, and loads into a fresh PGlite. Several dumps asked at once all answer.
import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateFile } from "../../test/pglite-template.js";
import { tempDir } from "../../test/test-app.js";
import { SLOW_STATEMENT_MS } from "./client.js";
import { PgliteThread } from "./pglite-thread.js";

const folder = tempDir("dsbot-dump-");
const threads: PgliteThread[] = [];

async function start(loadDataDir: string): Promise<{ thread: PgliteThread; client: pg.Client }> {
  const thread = await PgliteThread.start({ dataDir: null, loadDataDir, slowMs: SLOW_STATEMENT_MS });
  threads.push(thread);
  const client = new pg.Client({ stream: () => thread.socket() } as pg.ClientConfig);
  await client.connect();
  return { thread, client };
}

let source: { thread: PgliteThread; client: pg.Client };

beforeAll(async () => {
  source = await start(await templateFile());
});
afterAll(async () => {
  await source?.client.end();
  for (const thread of threads) await thread.close();
  folder.remove();
});

describe("dumping the embedded database", () => {
  it("waits for an open transaction to end and holds exactly what was committed before it", { timeout: 60_000 }, async () => {
    const { client, thread } = source;
    await client.query("create table dump_probe (id int primary key, note text)");
    await client.query("insert into dump_probe values (1, 'vorher')");
    await client.query("begin");
    await client.query("insert into dump_probe values (2, 'in der Transaktion')");
    let settled = false;
    const dumping = thread.dump().finally(() => (settled = true));
    // The transaction's statements still run while the dump waits.
    await client.query("insert into dump_probe values (3, 'auch in der Transaktion')");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    await client.query("commit");
    const bytes = await dumping;
    await client.query("insert into dump_probe values (4, 'danach')");
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);

    const file = path.join(folder.dir, "dump.tar.gz");
    writeFileSync(file, bytes);
    const copy = await start(file);
    try {
      const rows = await copy.client.query<{ id: number; note: string }>("select id, note from dump_probe order by id");
      expect(rows.rows.map((row) => row.id)).toEqual([1, 2, 3]);
    } finally {
      await copy.client.end();
    }
  });

  it("answers several dumps asked at once", { timeout: 60_000 }, async () => {
    const [a, b] = await Promise.all([source.thread.dump(), source.thread.dump()]);
    expect([a[0], a[1], b[0], b[1]]).toEqual([0x1f, 0x8b, 0x1f, 0x8b]);
  });
});
