// A real app (real database, real routes) for route tests via fastify.inject or a real listener.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { App } from "../src/app.js";
import { buildApp } from "../src/app.js";
import type { Config } from "../src/core/config.js";
import type { DatabaseHandle } from "../src/db/client.js";
import { MEMORY_URL, openDatabase } from "../src/db/client.js";
import { openPgliteFromTemplate } from "./pglite-template.js";
import type { TestDatabase } from "./test-database.js";
import { createTestDatabase } from "./test-database.js";

export const TEST_ADMIN = { username: "admin", password: "admin-passwort-123" } as const;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: path.join(os.tmpdir(), "dsbot-test-unused"),
    databaseUrl: "memory://",
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    demo: false,
    demoPassword: "demo1234",
    allowedOrigins: [],
    apiBases: {},
    webDir: path.join(os.tmpdir(), "dsbot-test-no-web"),
    runnerDir: path.join(os.tmpdir(), "dsbot-test-no-runner"),
    userscriptDir: path.join(os.tmpdir(), "dsbot-test-no-userscript"),
    exportMaxChars: 20_000_000,
    trustProxy: false,
    // Tests deliver alerts to receivers on this machine, when and where they choose.
    allowPrivateTargets: true,
    secretKey: "dsbot-test-secret-key",
    alertDelivery: false,
    alertHosts: { discord: "http://127.0.0.1:9", telegram: "http://127.0.0.1:9" },
    // Tests never reach the game: a sync runs only where a test starts it, against its own server.
    worldSource: "http://127.0.0.1:9/{server}/{world}",
    worldSync: false,
    workers: 1,
    plannerTimeoutMs: 20_000,
    // Tests move attacks with advanceAttacks(ctx, now) at the instants they choose.
    attackClock: false,
    logLevel: "silent",
    ...overrides,
  };
}

export interface TestApp extends App {
  testDatabase: TestDatabase;
  /** The open connection; closing it simulates a database outage. */
  databaseHandle: DatabaseHandle;
  /** Close the app and drop its database. */
  dispose: () => Promise<void>;
}

/** One app per test file (a fresh database costs ~1 s), shared by the file's tests. */
export async function createTestApp(overrides: Partial<Config> = {}, options: { logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const config = testConfig({ databaseUrl: testDatabase.url, ...overrides });
  const database =
    testDatabase.kind === "pglite" && config.databaseUrl === MEMORY_URL
      ? await openPgliteFromTemplate()
      : await openDatabase(config);
  const app = await buildApp(config, { database, logStream: options.logStream });
  return {
    ...app,
    testDatabase,
    databaseHandle: database,
    dispose: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}

export function tempDir(prefix = "dsbot-test-"): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A second server instance on the same database, as behind a load balancer: on PostgreSQL with its own
 * connection pool; on PGlite sharing the one embedded database (closing it leaves the database open).
 */
export async function createSecondInstance(first: TestApp): Promise<App> {
  const config = testConfig({ databaseUrl: first.testDatabase.url });
  const database: DatabaseHandle =
    first.testDatabase.kind === "postgres"
      ? await openDatabase(config)
      : { ...first.databaseHandle, close: async () => {} };
  return buildApp(config, { database });
}

/** A log stream for `createTestApp(…, { logStream })`: every JSON line the app wrote, parsed. */
export function captureLog(): { stream: NodeJS.WritableStream; lines: () => Record<string, unknown>[]; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join("");
  return {
    stream,
    text,
    lines: () =>
      text()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
