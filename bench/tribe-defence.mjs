// Verteidigung planen at tribe scale, for bench/tribe-board.mjs (which sets the tribe up): the leader
// previews the plan of a member's request over the other sharing members' villages (about 44,500; the
// nearest 5,000 are read and are the candidates; budget p99 ≤ 200 ms), a request
// the nearest cover and one nothing covers, while a probe asks /api/health every 10 ms (its slowest
// answer shows whether anything held the event loop or the database); and the allocation alone
// (planTribeDefence, what the worker runs) over 5,000 candidates in this process.
import { planTribeDefence } from "../packages/protocol/src/tribe-defence.ts";
import { seededRandom } from "../packages/protocol/src/random.ts";
import { percentile, probe } from "./lib.mjs";

export const PLAN_P99_BUDGET_MS = 200;
const PLAN_RUNS = Number(process.env.BENCH_TRIBE_PLANS ?? 50);

/**
 * PLAN_RUNS previews of one request by the leader (after two warm-ups), /api/health asked every 10 ms
 * meanwhile, from a process of its own (probe.mjs).
 */
async function previews(base, setup, requestId) {
  const { results, health, healthErrors } = await probe({
    base,
    token: setup.members[0].token,
    count: PLAN_RUNS,
    warmup: 2,
    health: true,
    requests: [{ label: "plan", method: "POST", url: `/api/tribes/${setup.tribeId}/requests/${requestId}/plan`, body: { save: false } }],
  });
  const [{ times, last }] = results;
  return { supports: last.supports.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1), probeMax: health.at(-1), probeP99: percentile(health, 99), probeErrors: healthErrors };
}

/**
 * Verteidigung planen over the whole tribe, against a member's two latest incomings: 1,000,000
 * Einwohner (the nearest villages cover it: about 90 supports), and a catapult, which no
 * support brings (the worst case: the nearest 5,000 read and walked, nothing planned).
 */
export async function measurePlanning(base, setup) {
  const asker = setup.members[7];
  const own = await asker.api("GET", "/api/incomings?perPage=100");
  const [latest, second] = [...own.incomings].sort((a, b) => b.arrivalTime - a.arrivalTime || a.id - b.id).filter((v, i, all) => all.findIndex((o) => o.target.coordinates === v.target.coordinates) === i);
  const ask = async (incoming, need) => (await asker.api("POST", `/api/tribes/${setup.tribeId}/requests`, { incomingId: incoming.id, marginSeconds: 60, need })).request.id;
  const sharing = setup.members.filter((m) => m.index % 10 !== 9 && m !== asker);
  const candidates = new Set(sharing.flatMap((m) => m.villages.map((v) => v.id))).size;
  const covered = await previews(base, setup, await ask(latest, { kind: "population", population: 1_000_000 }));
  const uncovered = await previews(base, setup, await ask(second, { kind: "units", units: { catapult: 1 } }));
  return { candidates, covered, uncovered };
}

/** The allocation alone (what the worker runs) over 5,000 candidates, in this process. */
export function allocationFigure(defensive) {
  const random = seededRandom(5);
  const candidates = Array.from({ length: 5_000 }, () => ({ x: 400 + Math.floor(random() * 200), y: 400 + Math.floor(random() * 200), units: { ...defensive } }));
  const unitInfo = { spear: { speed: 18 }, sword: { speed: 22 }, archer: { speed: 18 }, heavy: { speed: 11 } };
  const now = Date.now();
  const times = [];
  let planned;
  for (let i = 0; i < 22; i++) {
    const started = performance.now();
    planned = planTribeDefence({ candidates, target: { x: 500, y: 500 }, need: { kind: "population", population: 1_000_000 }, neededBy: now + 6 * 3_600_000, sendAt: now + 60_000, unitInfo, maxSupports: 300 });
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { supports: planned.supports.length, p50: percentile(times, 50), max: times.at(-1) };
}

