// Helpers shared by the bench scripts.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Resolves once `url` answers 2xx; polls every 200 ms, gives up after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/**
 * The built server (apps/server/dist/main.js) on 127.0.0.1:`port` with a fresh data directory, the
 * given admin, no demo data and no world sync; `env` adds or overrides settings. Answers once it is
 * healthy; `stop()` ends it and removes the data directory.
 */
export async function startBenchServer({ port, admin, env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-bench-"));
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DSBOT_DATA_DIR: dataDir,
      DSBOT_ADMIN_USERNAME: admin.username,
      DSBOT_ADMIN_PASSWORD: admin.password,
      DSBOT_DEMO: "0",
      DSBOT_WORLD_SYNC: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
