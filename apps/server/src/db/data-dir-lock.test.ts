// The embedded database is one process's: a second process on the same folder is refused with a
// German message; a lock left by a process that died is taken over.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/test-app.js";
import { DataDirBusyError, lockDataDir } from "./client.js";

const dirs: (() => void)[] = [];
afterEach(() => dirs.splice(0).forEach((remove) => remove()));

function folder(): string {
  const { dir, remove } = tempDir("dsbot-lock-");
  dirs.push(remove);
  return path.join(dir, "pglite");
}

describe("data folder lock", () => {
  it("is taken, refused to a second process while that one lives, and released", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    // The parent of this test process is alive: as if it held the folder.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir)).toThrow(`wird schon von einem anderen dsbot-Prozess (PID ${process.ppid}) benutzt`);
  });

  it("takes over a lock whose process has ended", () => {
    const dir = folder();
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(`${dir}.lock`, ended.stdout);
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});
