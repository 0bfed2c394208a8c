// The control socket: only its owner may connect (0600), it takes only a backup to an absolute path,
// one request per connection, and goes away with the server; a socket left by a dead server is no server.
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../../test/test-app.js";
import { BackupError } from "./backup-files.js";
import type { ControlChannel } from "./control-channel.js";
import { controlSocketPath, openControlChannel, requestBackup } from "./control-channel.js";

const folder = tempDir("dsbot-ctl-");
const log = pino({ level: "silent" });
const asked: { target: string; force: boolean }[] = [];
let channel: ControlChannel;

beforeAll(async () => {
  channel = await openControlChannel({
    dataDir: folder.dir,
    log,
    backup: async (target, force) => {
      asked.push({ target, force });
      if (target.endsWith("exists.tar.gz")) throw new BackupError("Die Datei gibt es schon.");
      if (target.endsWith("broken.tar.gz")) throw new Error("disk on fire");
      return { bytes: 1234 };
    },
  });
});
afterAll(async () => {
  await channel?.close();
  folder.remove();
});

/** Sends raw text and reads the answer line. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(folder.dir));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(text));
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the control socket", () => {
  it("lives in the data directory, readable and writable by its owner only", () => {
    expect(channel.path).toBe(path.join(folder.dir, "dsbot-control.sock"));
    const stat = statSync(channel.path!);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it("writes a backup to an absolute path on request, passing --force along", async () => {
    const target = path.join(folder.dir, "a.tar.gz");
    expect(await requestBackup(folder.dir, target, false)).toEqual({ bytes: 1234 });
    expect(await requestBackup(folder.dir, target, true)).toEqual({ bytes: 1234 });
    expect(asked.slice(-2)).toEqual([
      { target, force: false },
      { target, force: true },
    ]);
  });

  it("answers a refusal in German and hides nothing else", async () => {
    await expect(requestBackup(folder.dir, path.join(folder.dir, "exists.tar.gz"), false)).rejects.toThrow("Die Datei gibt es schon.");
    await expect(requestBackup(folder.dir, path.join(folder.dir, "broken.tar.gz"), false)).rejects.toThrow("Die Sicherung ist fehlgeschlagen: disk on fire");
  });

  it("takes nothing but a backup to an absolute path", async () => {
    const before = asked.length;
    for (const request of [
      { type: "exec", command: "rm -rf /" },
      { type: "backup", path: "relativ.tar.gz" },
      { type: "backup", path: "/tmp/x.tar.gz", force: "yes" },
      { type: "backup", path: "/tmp/x.tar.gz", extra: 1 },
    ]) {
      expect(JSON.parse(await raw(`${JSON.stringify(request)}\n`))).toMatchObject({ ok: false, message: expect.stringContaining("Unbekannte Anfrage") });
    }
    expect(JSON.parse(await raw("kein json\n"))).toMatchObject({ ok: false });
    expect(JSON.parse(await raw(`${"x".repeat(10_000)}\n`))).toEqual({ ok: false, message: "Die Anfrage ist zu groß." });
    expect(asked.length).toBe(before);
  });

  it("is no server when nobody listens: no socket, or one a dead server left", async () => {
    const other = tempDir("dsbot-ctl-none-");
    try {
      expect(await requestBackup(other.dir, "/tmp/x.tar.gz", false)).toBeUndefined();
      // A socket file nobody listens on, as a killed server leaves it: bound elsewhere, moved, closed.
      const dead = net.createServer();
      const bound = path.join(other.dir, "bound.sock");
      await new Promise<void>((resolve) => dead.listen(bound, resolve));
      renameSync(bound, controlSocketPath(other.dir));
      await new Promise<void>((resolve) => dead.close(() => resolve()));
      expect(statSync(controlSocketPath(other.dir)).isSocket()).toBe(true);
      expect(await requestBackup(other.dir, "/tmp/x.tar.gz", false)).toBeUndefined();
      rmSync(controlSocketPath(other.dir));
      writeFileSync(controlSocketPath(other.dir), "kein Socket");
      await expect(requestBackup(other.dir, "/tmp/x.tar.gz", false)).rejects.toThrow(/ist kein Socket/);
    } finally {
      other.remove();
    }
  });

  it("is removed when the server closes, and replaces a socket a dead server left", async () => {
    const other = tempDir("dsbot-ctl-close-");
    try {
      const first = await openControlChannel({ dataDir: other.dir, log, backup: async () => ({ bytes: 1 }) });
      // The next server on the folder (the first one died without closing): its socket takes the place.
      const second = await openControlChannel({ dataDir: other.dir, log, backup: async () => ({ bytes: 2 }) });
      expect(await requestBackup(other.dir, "/tmp/x.tar.gz", false)).toEqual({ bytes: 2 });
      // The dead one's close leaves the new socket alone.
      await first.close();
      expect(await requestBackup(other.dir, "/tmp/x.tar.gz", false)).toEqual({ bytes: 2 });
      await second.close();
      expect(existsSync(controlSocketPath(other.dir))).toBe(false);
      expect(await requestBackup(other.dir, "/tmp/x.tar.gz", false)).toBeUndefined();
    } finally {
      other.remove();
    }
  });
});
