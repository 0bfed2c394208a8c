// The dsbot command line against a real server: pairing through the device flow, the config file,
// the local bot list, and `dsbot run` as a real process that stops cleanly on SIGTERM.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createTestApp, eventually, listen, restClient, type TestApp } from "../../test/harness.js";
import { readRunnerConfig, writeRunnerConfig } from "../config-file.js";
import { pairDevice } from "../pairing.js";
import { createRunner } from "../runner.js";
import { main } from "./main.js";
import type { CliOutput } from "./output.js";

let app: TestApp;
let url: string;
let dir: string;

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(() => app?.dispose());
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function tempConfig(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), "dsbot-runner-"));
  return path.join(dir, "nested", "runner.json");
}

function recorder(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

const codeIn = (lines: string[]) => lines.map((l) => /^Dein Kopplungscode: (\S+)$/.exec(l)?.[1]).find(Boolean);

describe("dsbot pair", () => {
  it("shows the code and link, waits for the approval in the dashboard and stores server and token with mode 0600", async () => {
    const { web } = await createAccount(app);
    const file = await tempConfig();
    const output = recorder();
    const pairing = main(["pair", "--server", `${url}/`, "--name", "Mein PC", "--config", file], output);
    const code = await eventually(async () => {
      const found = codeIn(output.lines);
      expect(found).toBeDefined();
      return found as string;
    });
    expect(output.lines).toContain(`Öffne ${url}/dsbot-auth?code=${code} und bestätige den Code (gültig 10 Minuten).`);
    expect((await restClient(app, web).post("/api/dsbot-auth/approve", { userCode: code })).statusCode).toBe(200);
    expect(await pairing).toBe(0);

    const stored = JSON.parse(await readFile(file, "utf8"));
    expect(stored).toEqual({ server: url, token: expect.any(String), name: "Mein PC", bots: [] });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const runner = createRunner({ serverUrl: url, token: stored.token, name: "Mein PC", version: "0.1.0", bots: [], driverFactory: () => { throw new Error("unused"); } });
    expect(await runner.ready()).toEqual({ accepted: [], rejected: [] });
    await runner.stop();
  });

  it("ends with a German message when the user denies the pairing", async () => {
    const { web } = await createAccount(app);
    const output = recorder();
    const pairing = main(["pair", "--server", url, "--config", await tempConfig()], output);
    const code = await eventually(async () => codeIn(output.lines) ?? Promise.reject(new Error("no code yet")));
    await restClient(app, web).post("/api/dsbot-auth/deny", { userCode: code });
    expect(await pairing).toBe(1);
    expect(output.errors).toEqual(["Die Kopplung wurde abgelehnt."]);
  });

  it("adds five seconds to its polling interval on slow_down", async () => {
    const { web } = await createAccount(app);
    const waits: number[] = [];
    let userCode = "";
    const paired = await pairDevice({
      server: url,
      name: "Eilig",
      onCode: (code) => (userCode = code.userCode),
      // Two polls at once provoke slow_down; the third waits for real after the approval.
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length < 3) return;
        await restClient(app, web).post("/api/dsbot-auth/approve", { userCode });
        await new Promise((resolve) => setTimeout(resolve, 2000));
      },
    });
    expect(paired.name).toBe("Eilig");
    expect(waits).toEqual([2000, 2000, 7000]);
  });
});

describe("dsbot bots", () => {
  it("adds and lists local bots in the file named by DSBOT_RUNNER_CONFIG, keeping the pairing", async () => {
    const file = await tempConfig();
    await writeRunnerConfig(file, { server: url, token: "t", name: "PC", bots: [] });
    const env = { DSBOT_RUNNER_CONFIG: file };
    const output = recorder();
    expect(await main(["bots", "add", "--id", "7", "--player", "Hans", "--password", "pw"], output, env)).toBe(0);
    expect(await main(["bots", "add", "--id", "3", "--player", "Grete", "--password", "pw2"], output, env)).toBe(0);
    expect(await main(["bots", "add", "--id", "7", "--player", "Hansi", "--password", "pw3"], output, env)).toBe(0);
    expect(await main(["bots", "list"], output, env)).toBe(0);
    expect(output.lines.slice(-2)).toEqual(["Bot 3: Grete", "Bot 7: Hansi"]);
    expect(await readRunnerConfig(file)).toMatchObject({ server: url, token: "t", bots: [{ dsbotId: 3 }, { dsbotId: 7, password: "pw3" }] });
    expect(await main(["bots", "add", "--id", "x"], output, env)).toBe(1);
    expect(output.errors.at(-1)).toMatch(/^Bitte gib --id/);
  });

  it("refuses to run without a pairing and explains unknown options in German", async () => {
    const output = recorder();
    const env = { DSBOT_RUNNER_CONFIG: await tempConfig() };
    expect(await main(["run"], output, env)).toBe(1);
    expect(output.errors).toEqual(["Nicht gekoppelt. Bitte zuerst: dsbot pair --server URL"]);
    expect(await main(["run", "--tempo"], output, env)).toBe(1);
    expect(output.errors.at(-1)).toBe("Unbekannte Option --tempo. Hilfe: dsbot --help");
    expect(await main(["--help"], output, env)).toBe(0);
    expect(output.lines.at(-1)).toContain("dsbot pair --server URL");
  });

  it("refuses a unit speed that is not a positive number before it connects", async () => {
    const output = recorder();
    const file = await tempConfig();
    await writeRunnerConfig(file, { server: url, token: "t", name: "PC", bots: [] });
    expect(await main(["run", "--unit-speed", "0"], output, { DSBOT_RUNNER_CONFIG: file })).toBe(1);
    expect(output.errors.at(-1)).toBe("--unit-speed muss eine positive Zahl sein");
  });
});

describe("dsbot run", () => {
  it("connects with the stored pairing, announces the local bots and exits cleanly on SIGTERM", async () => {
    const account = await createAccount(app);
    const file = await tempConfig();
    await writeRunnerConfig(file, {
      server: url,
      token: account.runnerToken,
      name: "Prozess-PC",
      bots: [{ dsbotId: account.bot.id, playerName: account.player, password: "geheim" }],
    });
    const cli = fileURLToPath(new URL("../cli.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", cli, "run", "--config", file, "--seed", "3"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await eventually(async () => expect(stdout).toContain("Mit dem Server verbunden als „Prozess-PC“, 1 Bot(s) bereit"), { timeoutMs: 15_000 });
    const connections = await restClient(app, account.web).get("/api/websocket-connections");
    // The dashboard names a runner by its pairing (the harness paired it as "Test-PC").
    expect(connections.json().websocketConnections).toEqual([expect.objectContaining({ dsbotId: account.bot.id, origin: "bot-user" })]);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout).toContain("Runner beendet");
  });
});
