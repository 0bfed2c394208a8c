// `npm start` stopped with Ctrl+C and started again: the demo runner is its
// own process, the server shuts down without touching the bots' status, and the next start's runner
// resumes them — a running demo bot is online again within 10 s, with no "connection lost" on the way.
// Runs `node scripts/start.mjs` (what `npm start` runs) in its own process group on its own port and
// data folder, and sends SIGINT to the whole group as a terminal's Ctrl+C does.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { botLogMessages } from "@dsbot/protocol";
import { expect, test, users } from "../fixtures";
import { E2E_PORT } from "../users";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = E2E_PORT + 11;
const base = `http://127.0.0.1:${port}`;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(dataDir: string): Started {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DSBOT_DATA_DIR: dataDir,
      DSBOT_ADMIN_PASSWORD: "admin-passwort-123",
      DSBOT_DEMO_PASSWORD: users.demo.password,
      DSBOT_WORLD_SYNC: "0",
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
    },
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Ctrl+C in the terminal: SIGINT to the whole foreground process group. */
async function ctrlC(started: Started): Promise<void> {
  process.kill(-(started.child.pid as number), "SIGINT");
  expect(await started.exited, started.output()).toBe(0);
}

async function api<T>(pathname: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}${pathname}`, {
    method: init.method ?? "GET",
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function healthy(): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 60_000, intervals: [100] })
    .toBe(200);
}

const login = async () => (await api<{ token: string }>("/api/auth/login", { method: "POST", body: users.demo })).token;
const statusOf = async (token: string, id: number) => (await api<{ dsbot: { status: string | null } }>(`/api/dsbot/${id}`, { token })).dsbot.status;

test.describe("demo restart", () => {
  let dataDir: string;
  const processes: Started[] = [];
  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-restart-"));
  });
  test.afterEach(() => {
    for (const started of processes.splice(0)) {
      try {
        process.kill(-(started.child.pid as number), "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a running demo bot is online again within 10 s after npm start restarts, without a lost connection", async () => {
    test.setTimeout(150_000);
    const first = npmStart(dataDir);
    processes.push(first);
    await healthy();
    let token = await login();
    const bots = await api<{ dsbots: { id: number; dsPlayer: { name: string } }[] }>("/api/dsbot?perPage=25", { token });
    const kalle = bots.dsbots.find((b) => b.dsPlayer.name === "Kalle");
    expect(kalle).toBeDefined();
    const botId = kalle?.id as number;

    // The demo runner (its own process) announces the demo bots; start Kalle on its connection.
    const connectionOf = async () =>
      (await api<{ websocketConnections: { id: number; origin: string }[] }>(`/api/dsbot/${botId}/connections`, { token })).websocketConnections;
    await expect.poll(async () => (await connectionOf()).filter((c) => c.origin === "bot-user").length, { timeout: 20_000 }).toBe(1);
    const runnerConnection = (await connectionOf()).find((c) => c.origin === "bot-user");
    await api(`/api/dsbot/${botId}/start`, { method: "POST", token, body: { websocketConnectionId: runnerConnection?.id } });
    await expect.poll(() => statusOf(token, botId), { timeout: 20_000 }).toBe("online");

    await ctrlC(first);

    const second = npmStart(dataDir);
    processes.push(second);
    await healthy();
    const restartedAt = Date.now();
    token = await login();
    // Online again, with its own bot socket back (not just the old status left in the database).
    await expect
      .poll(async () => (await connectionOf()).map((c) => c.origin).sort(), { timeout: 10_000, intervals: [100] })
      .toEqual(["bot", "bot-user"]);
    expect(await statusOf(token, botId)).toBe("online");
    expect(Date.now() - restartedAt).toBeLessThan(10_000);

    const logs = await api<{ logs: { message: string }[] }>(`/api/dsbot/${botId}/logs?perPage=100`, { token });
    expect(logs.logs.map((l) => l.message)).not.toContain(botLogMessages.connectionLost);
    const notifications = await api<{ notifications: { title: string; message: string }[] }>("/api/user-notifications", { token });
    // No word of Kalle's bot going offline or failing (his scanner's noble alarms are something else).
    expect(notifications.notifications.filter((n) => n.message.includes("Kalle") && n.title !== "Adelung erkannt")).toEqual([]);
    await ctrlC(second);
  });
});
