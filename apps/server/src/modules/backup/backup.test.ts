// Backup and restore end to end, on the database the suite runs on: PGlite in a temporary data
// directory, or — with DATABASE_URL (CI) — a fresh PostgreSQL database, restored into a second one.
// Data made through the real app; `npm run backup` (the CLI as its own process) while the app runs
// (PGlite: through the control socket); `npm run restore` into an empty place; a new app there has
// the same users, bots, plans, attacks, incomings and templates, and the password logs in.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { asc, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, newAttack, newPlan, PLAN_WORLD, villageAt } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, login, loginAs } from "../../../test/factories.js";
import { templateFile } from "../../../test/pglite-template.js";
import { tempDir, testConfig } from "../../../test/test-app.js";
import { createTestDatabase } from "../../../test/test-database.js";
import type { App } from "../../app.js";
import { buildApp } from "../../app.js";
import type { Config } from "../../core/config.js";
import type { Database } from "../../db/client.js";
import { SLOW_STATEMENT_MS } from "../../db/client.js";
import { PgliteThread } from "../../db/pglite-thread.js";
import { attackPlans, attacks, builderTemplates, dsbots, incomings, users } from "../../db/schema.js";
import { replaceBotIncomings } from "../incomings/bot-incomings.service.js";
import { detectBackupKind } from "./backup-files.js";
import { takeBackup } from "./backup.js";
import { controlSocketPath } from "./control-channel.js";
import { pgDump } from "./postgres-backup.js";

const onPostgres = Boolean(process.env.DATABASE_URL);
const kind = onPostgres ? "postgres" : "pglite";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
const folder = tempDir("dsbot-backup-");
const SLOW = { timeout: 180_000 };

/** A place for a database: a data directory (PGlite) or a database of its own (PostgreSQL). */
interface Place {
  config: Config;
  drop: () => Promise<void>;
}

/** A statement on the server's maintenance connection (DATABASE_URL). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The source is migrated already (as after an earlier start); the target is empty. */
async function place(name: string, seeded: boolean): Promise<Place> {
  const dataDir = path.join(folder.dir, name);
  if (onPostgres && seeded) {
    const database = await createTestDatabase();
    return { config: testConfig({ databaseUrl: database.url, dataDir }), drop: database.drop };
  }
  if (onPostgres) {
    // A truly empty database (the test databases are copies of a migrated template).
    const url = new URL(process.env.DATABASE_URL!);
    const database = `${url.pathname.slice(1) || "dsbot"}_bk_${randomBytes(5).toString("hex")}`;
    await onServer(`create database "${database}"`);
    url.pathname = `/${database}`;
    return { config: testConfig({ databaseUrl: url.toString(), dataDir }), drop: () => onServer(`drop database if exists "${database}" with (force)`) };
  }
  // A migrated snapshot instead of initdb: the server's start finds a database as after an earlier run.
  mkdirSync(dataDir, { recursive: true });
  if (seeded) await (await PgliteThread.start({ dataDir: path.join(dataDir, "pglite"), loadDataDir: await templateFile(), slowMs: SLOW_STATEMENT_MS })).close();
  return { config: testConfig({ databaseUrl: undefined, dataDir }), drop: async () => {} };
}

/** `npm run backup` / `npm run restore` as their own process, on the place's settings. */
function cli(command: "backup" | "restore", args: string[], target: Place): Promise<{ code: number | null; out: string; err: string }> {
  const env = { ...process.env, DSBOT_DATA_DIR: target.config.dataDir, DATABASE_URL: target.config.databaseUrl ?? "" };
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repoRoot, "apps/server/src/cli", `${command}.ts`), ...args], { cwd: repoRoot, env });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out, err })));
}

/** What must survive: rows of every kind, with fields that tell them apart (the password hash too). */
async function snapshot(db: Database) {
  return {
    users: await db.select({ id: users.id, username: users.username, role: users.role, hash: users.passwordHash }).from(users).orderBy(asc(users.id)),
    bots: await db.select({ id: dsbots.id, owner: dsbots.ownerId, player: dsbots.playerName }).from(dsbots).orderBy(asc(dsbots.id)),
    plans: await db.select({ id: attackPlans.id, name: attackPlans.name }).from(attackPlans).orderBy(asc(attackPlans.id)),
    attacks: await db.select({ id: attacks.id, plan: attacks.planId, from: attacks.sourceName, to: attacks.targetName }).from(attacks).orderBy(asc(attacks.id)),
    incomings: await db.select({ id: incomings.id, command: incomings.commandId, arrival: incomings.arrivalAt }).from(incomings).orderBy(asc(incomings.id)),
    templates: await db.select({ id: builderTemplates.id, name: builderTemplates.name, steps: builderTemplates.steps }).from(builderTemplates).orderBy(asc(builderTemplates.id)),
  };
}

const anna = { username: "anna_sicherung", password: "anna-passwort-123" };
const backupFile = path.join(folder.dir, onPostgres ? "sicherung.dump" : "sicherung.tar.gz");
let source: Place;
let target: Place;
let app: App;
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  source = await place("quelle", true);
  target = await place("ziel", false);
  app = await buildApp(source.config);
  await importPlanWorld(app);
  await createUser(app, { ...anna, world: PLAN_WORLD });
  const token = await loginAs(app, anna);
  const call = caller(app, token);
  const bot = await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world });
  const plan = await newPlan(call, "Sicherungsplan");
  await newAttack(call, plan.id, { from: "500|500", to: "510|490" });
  await newAttack(call, plan.id, { from: "501|499", to: "520|480" });
  const [alpha, delta] = [villageAt("500|500"), villageAt("520|480")];
  await replaceBotIncomings(app.ctx, bot.id, {
    scannedAt: Date.now(),
    incomings: [
      {
        commandId: 4711,
        origin: { villageId: delta.id, x: delta.x, y: delta.y, name: null, playerName: "Carla 100%_x" },
        target: { villageId: alpha.id, x: alpha.x, y: alpha.y, name: null },
        arrivesAt: Date.now() + 3_600_000,
        label: "Angriff",
      },
    ],
  });
  const template = await call("POST", "/api/account-manager/templates", { name: "Grundausbau", steps: [{ building: "wood", level: 1 }, { building: "main", level: 2 }] });
  expect(template.statusCode, template.body).toBe(201);
  before = await snapshot(app.db);
  expect([before.bots.length, before.plans.length, before.attacks.length, before.incomings.length, before.templates.length]).toEqual([1, 1, 2, 1, 1]);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await source?.drop();
  await target?.drop();
  folder.remove();
}, 60_000);

describe(`backup and restore (${kind})`, () => {
  it("backs up while the server runs, and never over an existing file unasked", SLOW, async () => {
    if (!onPostgres) expect(statSync(controlSocketPath(source.config.dataDir)).isSocket()).toBe(true);
    const done = await cli("backup", ["--out", backupFile], source);
    expect(done.err).toBe("");
    expect(done.code).toBe(0);
    expect(done.out).toContain(`Sicherung geschrieben: ${backupFile}`);
    expect(done.out).toContain(onPostgres ? "mit pg_dump" : "vom laufenden Server erstellt");
    expect(await detectBackupKind(backupFile)).toBe(kind);
    await expect(takeBackup(source.config, backupFile, false)).rejects.toThrow(`Die Datei ${backupFile} gibt es schon. Mit --force wird sie überschrieben.`);
  });

  it("restores into an empty place, where a new server has the same data and the password logs in", SLOW, async () => {
    const done = await cli("restore", [backupFile], target);
    expect(done.err).toBe("");
    expect(done.code).toBe(0);
    expect(done.out).toContain("Wiederhergestellt");
    const restored = await buildApp(target.config);
    try {
      expect(await snapshot(restored.db)).toEqual(before);
      expect((await login(restored, anna)).statusCode).toBe(200);
      expect((await login(restored, { ...anna, password: "falsches-passwort" })).statusCode).toBe(401);
      // Only here: a --force restore must take it away again.
      await createUser(restored, { username: "nur_im_ziel" });
    } finally {
      await restored.close();
    }
  });

  it("refuses a place that is not empty unless --force, which replaces it", SLOW, async () => {
    const refused = await cli("restore", [backupFile], target);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(onPostgres ? /ist nicht leer \(\d+ Tabellen\)\. Mit --force/ : /liegt schon eine Datenbank\. Mit --force/);
    const forced = await cli("restore", ["--force", backupFile], target);
    expect(forced.err).toBe("");
    expect(forced.code).toBe(0);
    if (!onPostgres) expect(readdirSync(target.config.dataDir)).toEqual(["pglite"]);
    const restored = await buildApp(target.config);
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it("leaves the old content in place when a --force restore fails", SLOW, async () => {
    const broken = path.join(folder.dir, onPostgres ? "kaputt.dump" : "kaputt.tar.gz");
    const bytes = readFileSync(backupFile);
    writeFileSync(broken, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const failed = await cli("restore", ["--force", broken], target);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(onPostgres ? /pg_restore ist fehlgeschlagen/ : /ließ sich nicht laden/);
    // Nothing half-restored is left beside the database.
    if (!onPostgres) expect(readdirSync(target.config.dataDir)).toEqual(["pglite"]);
    const kept = await buildApp(target.config);
    try {
      expect(await snapshot(kept.db)).toEqual(before);
      if (onPostgres) {
        const schemas = await kept.db.select({ name: sql<string>`nspname` }).from(sql`pg_namespace`).where(sql`nspname like '%before_restore%'`);
        expect(schemas).toEqual([]);
      }
    } finally {
      await kept.close();
    }
  });

  it("refuses a restore under the running server, even with --force", SLOW, async () => {
    const refused = await cli("restore", ["--force", backupFile], source);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(onPostgres ? /laufen noch 1 dsbot-Instanzen: vor der Wiederherstellung alle beenden/ : /Der Server \(PID \d+\) läuft auf dem Datenordner .*: vor der Wiederherstellung beenden/);
    expect(await snapshot(app.db)).toEqual(before);
  });

  it("refuses a backup of the other database kind, and a file that is no backup", SLOW, async () => {
    const other = path.join(folder.dir, "andere-art");
    if (onPostgres) {
      const header = Buffer.alloc(1024);
      header.write("ustar", 257, "latin1");
      writeFileSync(other, gzipSync(header));
    } else writeFileSync(other, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(64)]));
    const wrong = await cli("restore", [other], target);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(
      onPostgres
        ? "ist eine Sicherung für eingebettete Datenbank (PGlite), eingestellt ist aber PostgreSQL"
        : "ist eine Sicherung für PostgreSQL, eingestellt ist aber eingebettete Datenbank (PGlite)",
    );
    const garbage = path.join(folder.dir, "notizen.txt");
    writeFileSync(garbage, "keine Sicherung");
    const none = await cli("restore", [garbage], target);
    expect(none.code).toBe(1);
    expect(none.err).toContain("ist keine dsbot-Sicherung");
  });

  it("says in German when pg_dump is missing", async () => {
    const saved = process.env.PATH;
    process.env.PATH = folder.dir;
    try {
      await expect(pgDump("postgres://dsbot@127.0.0.1:1/dsbot", path.join(folder.dir, "x.dump"), false)).rejects.toThrow(/pg_dump wurde nicht gefunden/);
    } finally {
      process.env.PATH = saved;
    }
  });

  it.skipIf(onPostgres)("backs up a stopped data directory itself", SLOW, async () => {
    await app.close();
    const file = path.join(folder.dir, "gestoppt.tar.gz");
    const result = await takeBackup(source.config, file, false);
    expect(result).toMatchObject({ kind: "pglite", via: "direct", file });
    expect(await detectBackupKind(file)).toBe("pglite");
    // The data directory is free again: a server starts on it.
    app = await buildApp(source.config);
    expect(await snapshot(app.db)).toEqual(before);
  });
});
