// The attack planner on 2,000 attacker villages × 500 targets (8 attacks each, known troops,
// night-bonus avoidance) against its 1 s budget, both algorithms. Runs the TypeScript source, so:
//   node --import tsx bench/planner.mjs
// Exits 1 when the median misses the budget.
import { planAttacks } from "../packages/protocol/src/attack-plans/planner.ts";
import { plannerBenchInput } from "../packages/protocol/src/attack-plans/planner-fixture.ts";

const VILLAGES = 2_000;
const TARGETS = 500;
const BUDGET_MS = 1_000;
const RUNS = Number(process.env.BENCH_PLANNER_RUNS ?? 7);

/** Median and worst time of `RUNS` plans after one warm-up run; answers { medianMs, maxMs, result }. */
function measure(input) {
  let result = planAttacks(input);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = planAttacks(input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], result };
}

export function runPlannerBench() {
  console.log(`\nattack planner (${VILLAGES} attacker villages × ${TARGETS} targets, ${RUNS} runs)`);
  let missed = false;
  for (const algorithm of ["nearest", "random"]) {
    const { medianMs, maxMs, result } = measure({ ...plannerBenchInput(VILLAGES, TARGETS), algorithm, seed: 7 });
    const open = result.unserved.reduce((n, u) => n + u.requested - u.planned, 0);
    const within = medianMs <= BUDGET_MS;
    missed ||= !within;
    console.log(
      `  ${algorithm.padEnd(8)} median ${medianMs.toFixed(1)} ms, max ${maxMs.toFixed(1)} ms (budget ≤ ${BUDGET_MS} ms) ${within ? "ok" : "MISSED"}` +
        ` — ${result.attacks.length} attacks planned, ${open} not servable`,
    );
  }
  return { missed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { missed } = runPlannerBench();
  if (missed) process.exitCode = 1;
}
