// Starts the real built server for the e2e suite on a fresh data directory (embedded PGlite).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-"));

// E2E_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a run.
const server = spawn(process.execPath, [...(process.env.E2E_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean), "--enable-source-maps", path.join(root, "apps/server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DSBOT_DATA_DIR: dataDir },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
