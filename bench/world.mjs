// Issue 11 §4: the 100k-village world. Generates it with the project's generator (the demo world's
// layout at 100,000 villages), imports it through the built server's admin API on embedded PGlite
// and prints the import time against its budget; then hands the running server to the map figures
// (map.mjs: bytes on the wire, frame time while panning).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, startBenchServer } from "./lib.mjs";

const PORT = 3595;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "admin", password: "bench-passwort-123" };
export const BENCH_WORLD_VILLAGES = 100_000;
const IMPORT_BUDGET_MS = 3_000;

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** `body`: FormData as is, anything else as JSON. */
async function api(token, method, url, body) {
  const json = body !== undefined && !(body instanceof FormData);
  const headers = { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) };
  const response = await fetch(`${BASE}${url}`, { method, headers, body: json ? JSON.stringify(body) : body });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Runs the world figures; `withWorld({ base, token, worldId, villages })` (optional) runs more figures on
 * the imported world before the server stops. Answers { importMs, failed }.
 */
export async function runWorldBench(withWorld) {
  const server = await startBenchServer({ port: PORT, admin: ADMIN });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-bench-world-"));
  let failed = 0;
  try {
    const generated = Date.now();
    await run(process.execPath, ["--import", "tsx", "apps/server/src/cli/world-generate.ts", "--villages", String(BENCH_WORLD_VILLAGES), filesDir]);
    const generateMs = Date.now() - generated;
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = await login.json();
    const { world } = await api(token, "POST", "/api/worlds", { server: "die-staemme.de", world: "de100" });
    const form = new FormData();
    let uploadBytes = 0;
    for (const file of readdirSync(filesDir)) {
      const bytes = readFileSync(path.join(filesDir, file));
      uploadBytes += bytes.length;
      form.append(file, new Blob([bytes]), file);
    }
    const started = performance.now();
    const result = await api(token, "POST", `/api/worlds/${world.id}/import`, form);
    const wallMs = Math.round(performance.now() - started);
    const importMs = result.durationMs;
    const within = importMs <= IMPORT_BUDGET_MS;
    if (!within || result.imported.villages !== BENCH_WORLD_VILLAGES) failed++;
    console.log(`\nworld import (${result.imported.villages} villages, ${result.imported.players} players, ${result.imported.allies} tribes; generated in ${generateMs} ms)`);
    console.log(`  upload ${(uploadBytes / 1024 / 1024).toFixed(1)} MB gzip, request ${wallMs} ms`);
    console.log(`  import ${importMs} ms on PGlite (budget ≤ ${IMPORT_BUDGET_MS} ms) ${within ? "ok" : "MISSED"}`);
    if (withWorld) {
      const more = await withWorld({ base: BASE, token, worldId: world.id, villages: BENCH_WORLD_VILLAGES });
      failed += more?.failed ?? 0;
    }
    return { importMs, failed };
  } finally {
    await server.stop();
    rmSync(filesDir, { recursive: true, force: true });
  }
}
