// The 100k-village world. Generates it with the project's generator (the demo world's
// layout at 100,000 villages), imports it through the built server's admin API on embedded PGlite
// and prints the import time against its budget; then hands the running server to the map figures
// (map.mjs: bytes on the wire, frame time while panning).
import { apiClient, importGeneratedWorld, login, startBenchServer } from "./lib.mjs";

const PORT = 3595;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "admin", password: "bench-passwort-123" };
export const BENCH_WORLD_VILLAGES = 100_000;
const IMPORT_BUDGET_MS = 3_000;

/**
 * Runs the world figures; `withWorld({ base, token, worldId, villages })` (optional) runs more figures on
 * the imported world before the server stops. Answers { importMs, failed }.
 */
export async function runWorldBench(withWorld) {
  const server = await startBenchServer({ port: PORT, admin: ADMIN });
  let failed = 0;
  try {
    const token = await login(BASE, ADMIN);
    const api = apiClient(BASE, token);
    const { world, result, generateMs, uploadBytes, wallMs } = await importGeneratedWorld(api, {
      villages: BENCH_WORLD_VILLAGES,
      world: { server: "die-staemme.de", world: "de100" },
    });
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
  }
}
