// Scheduled backups: named by their UTC time, the newest N of that pattern kept and nothing else touched,
// the first one due an interval after the newest in the folder; the settings read from the environment.
// And the backup files themselves: their kind told by the first bytes, never written over unasked.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../../../test/test-app.js";
import { loadConfig } from "../../core/config.js";
import { detectBackupKind, pruneBackups, scheduledBackupName, scheduledBackupTime, writeBackupFile } from "./backup-files.js";
import { startBackupSchedule } from "./backup-schedule.js";

const folder = tempDir("dsbot-schedule-");
afterAll(() => folder.remove());
const log = pino({ level: "silent" });

/** A tar archive's first header, gzipped: what PGlite's dump starts with. */
function fakePgliteDump(): Buffer {
  const header = Buffer.alloc(1024);
  header.write("/PG_VERSION", 0, "latin1");
  header.write("ustar\u000000", 257, "latin1");
  return gzipSync(header);
}

describe("backup settings", () => {
  it("are off by default and read with their defaults", () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ DSBOT_BACKUP_DIR: "" }).backup).toBeUndefined();
    expect(loadConfig({ DSBOT_BACKUP_DIR: "sicherungen" }).backup).toEqual({ dir: path.resolve("sicherungen"), keep: 7, intervalHours: 24 });
    expect(loadConfig({ DSBOT_BACKUP_DIR: "/b", DSBOT_BACKUP_KEEP: "3", DSBOT_BACKUP_INTERVAL_HOURS: "6" }).backup).toEqual({ dir: "/b", keep: 3, intervalHours: 6 });
  });

  it("refuses nonsense in German", () => {
    expect(() => loadConfig({ DSBOT_BACKUP_KEEP: "0" })).toThrow(/DSBOT_BACKUP_KEEP: muss mindestens 1 sein/);
    expect(() => loadConfig({ DSBOT_BACKUP_KEEP: "viele" })).toThrow(/DSBOT_BACKUP_KEEP: muss eine Zahl sein/);
    expect(() => loadConfig({ DSBOT_BACKUP_INTERVAL_HOURS: "1.5" })).toThrow(/DSBOT_BACKUP_INTERVAL_HOURS: muss eine ganze Zahl sein/);
    expect(() => loadConfig({ DSBOT_BACKUP_INTERVAL_HOURS: "200" })).toThrow(/DSBOT_BACKUP_INTERVAL_HOURS: höchstens 168/);
  });
});

describe("backup files", () => {
  it("are told apart by their first bytes", async () => {
    const pglite = path.join(folder.dir, "a.bin");
    const postgres = path.join(folder.dir, "b.bin");
    const other = path.join(folder.dir, "c.bin");
    const gzipNoTar = path.join(folder.dir, "d.gz");
    writeFileSync(pglite, fakePgliteDump());
    writeFileSync(postgres, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(100)]));
    writeFileSync(other, "Hallo");
    writeFileSync(gzipNoTar, gzipSync(Buffer.from("nur Text")));
    expect(await detectBackupKind(pglite)).toBe("pglite");
    expect(await detectBackupKind(postgres)).toBe("postgres");
    await expect(detectBackupKind(other)).rejects.toThrow(/ist keine dsbot-Sicherung/);
    await expect(detectBackupKind(gzipNoTar)).rejects.toThrow(/ist keine dsbot-Sicherung/);
    await expect(detectBackupKind(path.join(folder.dir, "fehlt"))).rejects.toThrow(/lässt sich nicht lesen \(ENOENT\)/);
  });

  it("are written through a temporary file, mode 0600, and not over an existing one unless forced", async () => {
    const target = path.join(folder.dir, "w.tar.gz");
    await writeBackupFile(target, Buffer.from("eins"), false);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    await expect(writeBackupFile(target, Buffer.from("zwei"), false)).rejects.toThrow(`Die Datei ${target} gibt es schon. Mit --force wird sie überschrieben.`);
    expect(readFileSync(target, "utf8")).toBe("eins");
    await writeBackupFile(target, Buffer.from("drei"), true);
    expect(readFileSync(target, "utf8")).toBe("drei");
    await expect(writeBackupFile(path.join(folder.dir, "nicht-da", "x.tar.gz"), Buffer.from("x"), false)).rejects.toThrow(/Der Ordner .*nicht-da existiert nicht/);
    expect(readdirSync(folder.dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});

describe("scheduled backups", () => {
  it("are named by their UTC time", () => {
    const at = new Date(Date.UTC(2031, 0, 2, 3, 4, 5));
    expect(scheduledBackupName("pglite", at)).toBe("dsbot-20310102-030405.tar.gz");
    expect(scheduledBackupName("postgres", at)).toBe("dsbot-20310102-030405.dump");
    expect(scheduledBackupTime("dsbot-20310102-030405.dump")).toBe(at.getTime());
    expect(scheduledBackupTime("dsbot-manuell.tar.gz")).toBeUndefined();
    expect(scheduledBackupTime("dsbot-20310102-030405.tar.gz.partial")).toBeUndefined();
  });

  it("keep the newest N of their name pattern and leave every other file alone", async () => {
    const dir = path.join(folder.dir, "prune");
    mkdirSync(dir);
    const names = ["dsbot-20300101-000000.tar.gz", "dsbot-20300102-000000.dump", "dsbot-20300103-000000.tar.gz", "dsbot-20300104-000000.tar.gz"];
    const others = ["notizen.txt", "dsbot-manuell.tar.gz", "dsbot-20300101-000000.tar.gz.bak"];
    for (const name of [...names, ...others]) writeFileSync(path.join(dir, name), name);
    expect(await pruneBackups(dir, 2)).toEqual(["dsbot-20300102-000000.dump", "dsbot-20300101-000000.tar.gz"]);
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), ...others].sort());
  });

  it("run at once without an earlier backup, make their folder, keep N and stop with the server", { timeout: 20_000 }, async () => {
    const dir = path.join(folder.dir, "scheduled");
    const written: string[] = [];
    const forced: boolean[] = [];
    const schedule = startBackupSchedule({
      dir,
      keep: 2,
      intervalMs: 1100,
      kind: "pglite",
      firstDelayMs: 0,
      log,
      backup: async (target, force) => {
        forced.push(force);
        await writeBackupFile(target, fakePgliteDump(), force);
        written.push(path.basename(target));
        return { bytes: 1 };
      },
    });
    await expect.poll(() => written.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    await schedule.stop();
    const count = written.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(written.length).toBe(count);
    expect(forced.every((force) => !force)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(written.slice(-2).sort());
    for (const name of written) expect(scheduledBackupTime(name)).toBeGreaterThan(Date.now() - 60_000);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("wait for the interval when the newest backup is recent", async () => {
    const dir = path.join(folder.dir, "recent");
    mkdirSync(dir);
    writeFileSync(path.join(dir, scheduledBackupName("pglite", new Date())), "frisch");
    let runs = 0;
    const schedule = startBackupSchedule({ dir, keep: 7, intervalMs: 3_600_000, kind: "pglite", firstDelayMs: 0, log, backup: async () => ({ bytes: runs++ }) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await schedule.stop();
    expect(runs).toBe(0);
  });
});
