// The Raubzug optimiser on 5,000 villages (each with up to five kinds of units, all four options free)
// against its 100 ms budget, per hour and per run within two hours. Runs the TypeScript source, so:
//   node --import tsx bench/scavenge.mjs
// Exits 1 when the median misses the budget.
import os from "node:os";
import { planScavenge, scavengeWorld } from "../packages/protocol/src/game/scavenge.ts";
import { machineFacts, writeResultsSection } from "./lib.mjs";

const VILLAGES = 5_000;
const BUDGET_MS = 100;
const RUNS = Number(process.env.BENCH_SCAVENGE_RUNS ?? 9);

/** A fixed army per village (a small linear congruential generator: the same villages every run). */
function villages() {
  let seed = 1;
  const next = (max) => Math.floor(((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647) * max);
  return Array.from({ length: VILLAGES }, () => ({ spear: next(3_000), sword: next(2_000), axe: next(3_000), light: next(1_000), heavy: next(200) }));
}

export function runScavengeBench() {
  const world = scavengeWorld(1);
  const armies = villages();
  const lines = [];
  const say = (line) => (lines.push(line), console.log(line));
  say(`\nRaubzug optimiser (${VILLAGES} villages, four options, ${RUNS} runs)`);
  let missed = false;
  for (const [measure, maxSeconds] of [["hour", undefined], ["run", 7_200]]) {
    const once = () => {
      let haul = 0;
      for (const units of armies) {
        const plan = planScavenge(world, { units, options: [1, 2, 3, 4], measure, ...(maxSeconds ? { maxSeconds } : {}) });
        haul += measure === "hour" ? plan.perHour : plan.perRun;
      }
      return haul;
    };
    once();
    const times = [];
    let haul = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      haul = once();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const within = median <= BUDGET_MS;
    missed ||= !within;
    const label = measure === "hour" ? "per hour" : "per run ≤ 2 h";
    say(
      `  ${label.padEnd(14)} median ${median.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (budget ≤ ${BUDGET_MS} ms) ${within ? "ok" : "MISSED"}` +
        ` — ${Math.round(haul).toLocaleString("en-US")} resources ${measure === "hour" ? "an hour" : "a run"} in all`,
    );
  }
  return { missed, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const load = os.loadavg()[0].toFixed(1);
  const { missed, lines } = runScavengeBench();
  if (missed) process.exitCode = 1;
  writeResultsSection(
    "scavenge",
    ["## Raubzug optimiser (`node --import tsx bench/scavenge.mjs`, part of `npm run bench`)", "", machineFacts([`- load average ${load} at the start`]), "", "```text", ...lines.map((l) => l.trim()).filter(Boolean), "```"].join("\n"),
  );
}
