// A fresh PGlite costs ~7 s (initdb in WebAssembly); loading a migrated snapshot costs ~1 s.
// The snapshot is cached in the temp dir, keyed by the migrations and the PGlite version.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "../src/db/client.js";
import { SLOW_STATEMENT_MS, usePgliteThread } from "../src/db/client.js";
import { PgliteThread } from "../src/db/pglite-thread.js";
import { migrationsDir } from "../src/core/paths.js";

/** The package's exports hide package.json, so find it next to the resolved entry point. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite") return pkg.version ?? "";
    }
    dir = path.dirname(dir);
  }
  return "";
}

/** A hash of the committed migrations (with the PGlite version for the PGlite snapshot). */
export function migrationsKey(extra = ""): string {
  const hash = createHash("sha256");
  hash.update(extra);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  return hash.digest("hex").slice(0, 16);
}

const templateKey = () => migrationsKey(pgliteVersion());

/** The migrated snapshot's file (made once per migrations and PGlite version). */
export async function templateFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `dsbot-pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir("none");
  await client.close();
  // Write then rename: test files starting in parallel never read a half-written snapshot.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** A throw-away in-memory database with all migrations applied, on its own thread as in production. */
export async function openPgliteFromTemplate(): Promise<DatabaseHandle> {
  const thread = await PgliteThread.start({ dataDir: null, loadDataDir: await templateFile(), slowMs: SLOW_STATEMENT_MS });
  return usePgliteThread(thread, "im Speicher (PGlite, Test)");
}
