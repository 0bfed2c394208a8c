// `npm run world:import` (scripts/world-import.mjs) against a listening test server: logs in, creates
// the world, uploads with progress, prints the counts; German errors and a non-zero exit on failure.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { WorldsResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAdmin } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { TEST_ADMIN, tempDir } from "../../../test/test-app.js";
import { hasRealWorld, realWorldDir, repoRoot, smallConfigXml, smallUnitInfoXml, smallWorld } from "../../../test/worlds.js";

let app: TestApp;
let url: string;
useListeningApp((a, u) => {
  app = a;
  url = u;
});

const temp = tempDir("dsbot-world-cli-");
afterAll(() => temp.remove());

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, "scripts/world-import.mjs"), ...args],
      { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A folder with the small world: village.txt gzipped, the rest plain, plus a file the CLI ignores. */
function smallWorldDir(name: string, overrides: Record<string, string | Buffer> = {}): string {
  const dir = path.join(temp.dir, name);
  mkdirSync(dir);
  const files: Record<string, string | Buffer> = {
    "village.txt.gz": gzipSync(smallWorld["village.txt"]),
    "player.txt": smallWorld["player.txt"],
    "ally.txt": smallWorld["ally.txt"],
    "get_config.xml": smallConfigXml,
    "get_unit_info.xml": smallUnitInfoXml,
    "NOTICE.md": "not a world file",
    ...overrides,
  };
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), content);
  return dir;
}

const adminArgs = () => ["--url", url, "--username", TEST_ADMIN.username];
const adminEnv = { DSBOT_ADMIN_PASSWORD: TEST_ADMIN.password };

async function listedWorld(server: string, world: string) {
  const response = await app.fastify.inject({ method: "GET", url: "/api/worlds", headers: bearer(await loginAdmin(app)) });
  return response.json<WorldsResponse>().worlds.find((w) => w.server === server && w.world === world);
}

describe("npm run world:import", () => {
  beforeAll(() => expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/));

  it("creates the unknown world, uploads with progress and prints the counts", async () => {
    const run = await runCli([...adminArgs(), "--server", "Die-Staemme.de", "--world", "DE501", smallWorldDir("first")], adminEnv);
    expect(run.stderr).toContain("Hochladen: 100 %");
    expect(run.stderr).toContain("Importiere …");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Dateien: village.txt.gz, player.txt, ally.txt, get_config.xml, get_unit_info.xml");
    expect(run.stdout).toContain("Welt de501 (die-staemme.de) angelegt.");
    expect(run.stdout).toContain("Importiert in de501 (die-staemme.de): 4 Dörfer, 3 Spieler, 2 Stämme + Konfiguration + Einheiten.");
    expect(run.stdout).toMatch(/Dauer: \d+,\d s auf dem Server, \d+,\d s insgesamt\./);
    expect(await listedWorld("die-staemme.de", "de501")).toMatchObject({ villages: 4, players: 3, allies: 2, config: { speed: 2 } });

    // A second run re-imports into the same world.
    const again = await runCli([...adminArgs(), "--password", TEST_ADMIN.password, "--server", "die-staemme.de", "--world", "de501", smallWorldDir("again")]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain("angelegt");
    expect((await listedWorld("die-staemme.de", "de501"))?.dataVersion).toBe(2);
  });

  it("stops with the server's German message and keeps the data when a line is broken", async () => {
    await runCli([...adminArgs(), "--server", "die-staemme.de", "--world", "de502", smallWorldDir("good")], adminEnv);
    const broken = smallWorldDir("broken", { "player.txt": `${smallWorld["player.txt"]}\n104,Kaputt` });
    const run = await runCli([...adminArgs(), "--server", "die-staemme.de", "--world", "de502", broken], adminEnv);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Import abgelehnt \(HTTP 400\): player\.txt, Zeile 4: .+ Die bisherigen Daten der Welt bleiben erhalten\./);
    expect(await listedWorld("die-staemme.de", "de502")).toMatchObject({ players: 3, dataVersion: 1 });
  });

  it("refuses a wrong password, a plain user, missing files and a dead server in German", async () => {
    const dir = smallWorldDir("refusals");
    const wrong = await runCli([...adminArgs(), "--password", "falsch-falsch", "--server", "die-staemme.de", "--world", "de503", dir]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^Anmeldung als admin fehlgeschlagen: /);

    const plain = await createUser(app);
    const notAdmin = await runCli(["--url", url, "--username", plain.username, "--password", plain.password, "--server", "die-staemme.de", "--world", "de503", dir]);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.stderr).toContain("ist kein Administrator");

    const partial = path.join(temp.dir, "partial");
    mkdirSync(partial);
    writeFileSync(path.join(partial, "village.txt"), smallWorld["village.txt"]);
    const missing = await runCli([...adminArgs(), "--server", "die-staemme.de", "--world", "de503", partial], adminEnv);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("fehlen: player.txt[.gz], ally.txt[.gz]");

    const dead = await runCli(["--url", "http://127.0.0.1:9", "--server", "die-staemme.de", "--world", "de503", dir], adminEnv);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toMatch(/^Der Server http:\/\/127\.0\.0\.1:9 ist nicht erreichbar \(/);

    const usage = await runCli(["--world", "de503", dir], adminEnv);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--server fehlt");
    expect(await listedWorld("die-staemme.de", "de503")).toBeUndefined();
  });

  it.skipIf(!hasRealWorld)("imports the real world fixture folder as it is", async () => {
    const run = await runCli([...adminArgs(), "--server", "plemiona.pl", "--world", "pl998", realWorldDir], adminEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("38.219 Dörfer, 10.234 Spieler, 534 Stämme + Konfiguration + Einheiten.");
  }, 60_000);
  if (!hasRealWorld) console.info(`skipped the real world CLI import: the fixture is not at ${realWorldDir}`);
});
