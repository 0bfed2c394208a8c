// The attack table's page request on a plan with 20,000 attacks, on embedded PGlite and on
// PostgreSQL (a fresh database, created and dropped here; skipped with a note when none answers).
// A generated 20k-village world is imported through the admin API, the attacks arrive through the
// plan's DS Workbench import, and then every sortable column in both directions, a name search, a
// coordinate search and a status filter are paged through. Runs TypeScript sources, so:
//   node --import tsx bench/attack-table.mjs
// Exits 1 when the p99 misses the budget.
import { exportDswb, villageLookup } from "../packages/protocol/src/attack-plans/formats/dswb.ts";
import { DEMO_WORLD, generateWorld } from "../packages/protocol/src/game/world-generator.ts";
import { seededRandom } from "../packages/protocol/src/random.ts";
import { apiClient, createPgDatabase, importGeneratedWorld, login, startBenchServer } from "./lib.mjs";

const PORT = 3596;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "admin", password: "bench-passwort-123" };
const WORLD_VILLAGES = 20_000;
const ATTACKS = 20_000;
const P99_BUDGET_MS = 20;
const REQUESTS_PER_QUERY = Number(process.env.BENCH_ATTACK_TABLE_REQUESTS ?? 40);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const types = ["attack", "attack", "attack", "fake", "fake", "conquer", "wallbreaker", "support"];
const templates = {
  attack: { axe: 3000, light: 1000, ram: 250 },
  fake: { ram: 1, spy: 1 },
  conquer: { axe: 100, snob: 1 },
  wallbreaker: { axe: 200, ram: 200 },
  support: { spear: 2000, sword: 2000 },
};

/** 20,000 attacks between random villages of the generated world, arrivals over the next week. */
function attackLines() {
  const world = generateWorld({ ...DEMO_WORLD, villages: WORLD_VILLAGES });
  const random = seededRandom(12);
  const pick = () => world.villages[Math.floor(random() * world.villages.length)];
  const now = Date.now();
  const attacks = [];
  while (attacks.length < ATTACKS) {
    const from = pick();
    const to = pick();
    if (from.id === to.id) continue;
    const type = types[Math.floor(random() * types.length)];
    const units = templates[type];
    attacks.push({
      from: { x: from.x, y: from.y },
      to: { x: to.x, y: to.y },
      type,
      units,
      unit: Object.keys(units).includes("snob") ? "snob" : Object.keys(units).includes("ram") ? "ram" : "sword",
      arrival: now + 3_600_000 + Math.floor(random() * 7 * 86_400_000),
      priority: 1 + Math.floor(random() * 5),
    });
  }
  const result = exportDswb(attacks, villageLookup(world.villages));
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.value;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Every query of the table, each paged `REQUESTS_PER_QUERY` times over random pages. */
function queries(totals) {
  const list = [];
  for (const field of ["sendTime", "arrivalTime", "attacker", "defender", "startVillage", "targetVillage"]) {
    list.push({ sortBy: field }, { sortBy: `-${field}` });
  }
  list.push({ sortBy: "sendTime", searchVal: "bar" }, { sortBy: "sendTime", searchVal: "50|" }, { sortBy: "sendTime", statusFilter: "planned,due" });
  return list.map((q) => ({ ...q, pages: Math.max(1, Math.ceil(totals / 10)) }));
}

async function measure(label, env) {
  const server = await startBenchServer({ port: PORT, admin: ADMIN, env });
  try {
    const token = await login(BASE, ADMIN);
    const api = apiClient(BASE, token);
    const world = { server: "die-staemme.de", world: "de120" };
    await importGeneratedWorld(api, { villages: WORLD_VILLAGES, world });
    const { attackPlan } = await api("POST", "/api/attack-plans", { name: "Bench", world });
    const text = attackLines();
    const importStarted = performance.now();
    const { imported } = await api("POST", `/api/attack-plans/${attackPlan.id}/import`, { format: "dswb", text });
    const importMs = Math.round(performance.now() - importStarted);
    if (imported !== ATTACKS) throw new Error(`imported ${imported} of ${ATTACKS}`);

    const random = seededRandom(3);
    const times = [];
    const perQuery = [];
    for (const query of queries(ATTACKS)) {
      const own = [];
      for (let i = 0; i < REQUESTS_PER_QUERY + 3; i++) {
        const params = new URLSearchParams({ perPage: "10", activePage: String(1 + Math.floor(random() * query.pages)) });
        for (const key of ["sortBy", "searchVal", "statusFilter"]) if (query[key]) params.set(key, query[key]);
        const started = performance.now();
        const answer = await api("GET", `/api/attack-plans/${attackPlan.id}/attacks?${params}`);
        const ms = performance.now() - started;
        if (!Array.isArray(answer.attacks)) throw new Error("no attacks in the answer");
        if (i >= 3) {
          // the first requests of a query warm its plan
          times.push(ms);
          own.push(ms);
        }
      }
      own.sort((a, b) => a - b);
      perQuery.push(`${[query.sortBy, query.searchVal && `"${query.searchVal}"`, query.statusFilter].filter(Boolean).join(" ")} ${percentile(own, 50).toFixed(1)}/${percentile(own, 99).toFixed(1)}`);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const within = p99 <= P99_BUDGET_MS;
    console.log(
      `  ${label.padEnd(10)} import ${importMs} ms; page request p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${times.length} requests (budget p99 ≤ ${P99_BUDGET_MS} ms) ${within ? "ok" : "MISSED"}`,
    );
    if (process.env.BENCH_VERBOSE) console.log(`    p50/p99 ms per query: ${perQuery.join(", ")}`);
    return within;
  } finally {
    await server.stop();
  }
}


export async function runAttackTableBench() {
  console.log(`\nattack table (${ATTACKS} attacks in one plan, 10 rows per page, ${REQUESTS_PER_QUERY} requests × 15 queries)`);
  let failed = 0;
  if (!(await measure("PGlite", {}))) failed++;
  const database = await createPgDatabase(PG_ADMIN_URL, "dsbot_bench");
  if (!database) {
    console.log(`  PostgreSQL skipped: no server at ${PG_ADMIN_URL}`);
  } else {
    try {
      if (!(await measure("PostgreSQL", { DATABASE_URL: database.url }))) failed++;
    } finally {
      await database.drop();
    }
  }
  return { failed };
}

const { failed } = await runAttackTableBench();
if (failed > 0) process.exitCode = 1;
