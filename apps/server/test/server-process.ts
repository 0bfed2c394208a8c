// The server as its own process (tsx, no build needed), for tests that kill it: multi-instance
// failover and alert delivery across a restart.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { TEST_ADMIN } from "./test-app.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Below Linux's ephemeral range (32768–60999), where no `listen(0)` of another test lands. */
const STABLE_PORTS = { from: 20_000, to: 30_000 };

/**
 * A free port for a server that is stopped and started again on it (a restart test): taken below the
 * ephemeral range, so no other test listening on port 0 can take it while it is free between the two.
 */
export async function stablePort(): Promise<number> {
  for (;;) {
    const port = STABLE_PORTS.from + Math.floor(Math.random() * (STABLE_PORTS.to - STABLE_PORTS.from));
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * Starts `src/main.ts` with the test admin, no demo and no world sync, plus `env` (DATABASE_URL or
 * DSBOT_DATA_DIR, …; a variable set to undefined is removed); resolves once it listens.
 */
export async function startServerProcess(env: Record<string, string | undefined>, port?: number): Promise<{ child: ChildProcess; port: number }> {
  const listenOn = port ?? (await freePort());
  const serverDir = path.resolve(import.meta.dirname, "..");
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(listenOn),
    HOST: "127.0.0.1",
    DSBOT_ADMIN_USERNAME: TEST_ADMIN.username,
    DSBOT_ADMIN_PASSWORD: TEST_ADMIN.password,
    DSBOT_DEMO: "0",
    DSBOT_WORLD_SYNC: "0",
    LOG_LEVEL: "warn",
    ...env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("dsbot läuft")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    setTimeout(() => reject(new Error(`server did not listen within 60 s:\n${output}`)), 60_000).unref();
  });
  return { child, port: listenOn };
}

/** SIGKILL, and wait until the process is gone. */
export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGKILL");
  await gone;
}
