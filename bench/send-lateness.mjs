// The headline figure: how close to the planned millisecond the bots land. The built server
// (apps/server/dist) and the built runner (apps/runner/dist/dsbot.mjs, `dsbot run`, as a player runs it)
// play the demo world's sandbox: N bots of one user on one runner process (or on two, half each), their
// Offplaner Scanner on for one plan of 1,000 attacks imported through the REST API (JSON), sent within the
// same few minutes: trains (four attacks of one village on one target, on the same or consecutive
// milliseconds, as a noble train leaves; of one unit each, since the sandbox's villages hold no nobles),
// groups of attacks of different bots on exactly one millisecond, the rest spread out. Per attack:
// |real arrival − planned arrival| as the bot reported it (the sandbox's command; arrival = send + travel,
// so this is the send's lateness), against the budgets p99 ≤ 10 ms, max ≤ 50 ms, none missed (not
// reported sent 30 s after the last send time), none sent twice (more "geschickt" lines in a runner's log
// for a bot than it has attacks; each bot attacks one target). On PGlite and on PostgreSQL (a fresh
// database; skipped with a note when none answers). Needs `npm run build -w @dsbot/server` and
// `npm run build -w @dsbot/runner`. Runs TypeScript sources (the world generator, the sandbox), so tsx.
//   node --import tsx bench/send-lateness.mjs                 (100 bots, 1,000 attacks in 5 minutes, 1 and 2 runners, both databases)
//   node --import tsx bench/send-lateness.mjs --short         (20 bots, 100 attacks in 1 minute, 1 runner, PGlite; errors only fail)
//   options: --bots N --attacks N --minutes N --runners 1|2 --pglite|--postgres
// BENCH_RUNNER_LOGS=1 shows the runners' log.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { attackTimes, baseUnitSpeeds, DEMO_WORLD, generateWorld, units as unitNames } from "@dsbot/protocol";
import { SandboxWorld } from "@dsbot/sandbox";
import { exportJson } from "../packages/protocol/src/attack-plans/formats/json.ts";
import { seededRandom } from "../packages/protocol/src/random.ts";
import { createPgDatabase, importGeneratedWorld, machineFacts, percentile, pool, root, startBenchServer, writeResultsSection } from "./lib.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
};
const SHORT = flag("short");
const BOTS = Math.round(option("bots", SHORT ? 20 : 100));
const ATTACKS = Math.round(option("attacks", SHORT ? 100 : 1000));
const MINUTES = option("minutes", SHORT ? 1 : 5);
const RUNNER_MODES = args.includes("--runners") ? [option("runners", 1)] : SHORT ? [1] : [1, 2];
const DATABASES = flag("pglite") ? ["pglite"] : flag("postgres") ? ["postgres"] : SHORT ? ["pglite"] : ["pglite", "postgres"];
const PORT = Number(process.env.BENCH_SEND_PORT ?? 3710);
const ADMIN = { username: "admin", password: "bench-passwort-123" };
const USER = { username: "offplaner", password: "bench-passwort-123" };
const WORLD = { server: "die-staemme.de", world: "de231" };
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const P99_BUDGET_MS = 10;
const MAX_BUDGET_MS = 50;
/** The first send this long after the import: the scanner's lead (30 s) plus a margin for its first claim. */
const FIRST_SEND_AFTER_MS = 40_000;
const speeds = Object.fromEntries(unitNames.map((u) => [u, { speed: baseUnitSpeeds[u] }]));

/** The bots' players: players of the demo world whose first garrisoned village has enough of one unit. */
function pickPlayers(count, attacksPerBot) {
  const map = generateWorld(DEMO_WORLD);
  const sandbox = new SandboxWorld({ seed: DEMO_WORLD.seed, map: DEMO_WORLD });
  const picked = [];
  for (const p of map.players) {
    if (picked.length === count) break;
    const player = sandbox.player(p.name);
    for (const id of player.villageIds) {
      const village = sandbox.village(id);
      const unit = ["spear", "sword", "axe", "light"].find((u) => (village?.units[u] ?? 0) >= attacksPerBot * 3);
      if (!village || !unit) continue;
      picked.push({ name: p.name, village: { id: village.id, x: village.x, y: village.y }, unit });
      break;
    }
  }
  if (picked.length < count) throw new Error(`only ${picked.length} players of the demo world have enough units`);
  // A target per bot: the nearest village not its own.
  const byPlace = map.villages.filter((v) => !picked.some((p) => p.village.id === v.id));
  for (const p of picked) {
    let best;
    for (const v of byPlace) {
      const d = (v.x - p.village.x) ** 2 + (v.y - p.village.y) ** 2;
      if (d > 0 && (!best || d < best.d)) best = { v, d };
    }
    p.target = { x: best.v.x, y: best.v.y };
  }
  return picked;
}

/**
 * The plan: `total` attacks sent between `start` and `start + minutes`, as planned send times (the
 * arrival is worked out from them with the world's speeds). A tenth are noble trains of four (every
 * other on one millisecond, the rest 1 ms apart), a tenth come in groups of ten bots on one millisecond.
 */
function planAttacks(players, total, start, minutes) {
  const random = seededRandom(31);
  const span = minutes * 60_000;
  const at = () => start + Math.floor(random() * span);
  const planned = [];
  const add = (p, sendTime, kind) => {
    const units = { [p.unit]: 1 };
    const travel = attackTimes({ from: p.village, to: p.target, units, arrival: 0, unitInfo: speeds }).travelSeconds * 1000;
    planned.push({ player: p, kind, units, arrival: sendTime + Math.round(travel) });
  };
  const trains = Math.floor(total / 40);
  for (let t = 0; t < trains; t++) {
    const p = players[(t * 7) % players.length];
    const sendTime = at();
    for (let i = 0; i < 4; i++) add(p, sendTime + (t % 2 === 0 ? 0 : i), "train");
  }
  const groupSize = Math.min(10, players.length);
  const groups = Math.floor(total / 10 / groupSize);
  for (let g = 0; g < groups; g++) {
    const sendTime = at();
    for (let i = 0; i < groupSize; i++) add(players[(g * 3 + i) % players.length], sendTime, "same ms");
  }
  for (let i = 0; planned.length < total; i++) add(players[i % players.length], at(), "spread");
  return planned;
}

function client(base, token) {
  return async (method, url, body) => {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { "content-type": "application/json" } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** A runner token through the device flow (as `dsbot pair` gets one). */
async function pairRunner(base, web, name) {
  const anonymous = client(base);
  const device = await anonymous("POST", "/api/dsbot-auth/device", { name });
  await web("POST", "/api/dsbot-auth/approve", { userCode: device.userCode });
  return (await anonymous("POST", "/api/dsbot-auth/token", { deviceCode: device.deviceCode })).token;
}

/** `dsbot run` of the built runner on the demo world's sandbox; counts its "geschickt" lines per bot, keeps its warnings. */
function startRunner(base, token, name, bots, dir) {
  const config = path.join(dir, `${name}.json`);
  writeFileSync(config, JSON.stringify({ server: base, token, name, bots }), { mode: 0o600 });
  const child = spawn(process.execPath, ["apps/runner/dist/dsbot.mjs", "run", "--config", config, "--seed", String(DEMO_WORLD.seed)], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, DSBOT_EXIT_WITH_PARENT: "1" },
  });
  const sent = new Map();
  const late = [];
  const warnings = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (process.env.BENCH_RUNNER_LOGS === "1") console.log(`    [${name}] ${line}`);
    const bot = /\[Bot (\d+)\] (.*)$/.exec(line);
    if (!bot) return;
    if (/ geschickt, Ankunft /.test(bot[2])) sent.set(Number(bot[1]), (sent.get(Number(bot[1])) ?? 0) + 1);
    if (/ (WARN|ERROR) /.test(line)) warnings.push(line.slice(0, 200));
    const lateMs = /Zeitgenaue Aufgabe (\d+) ms zu spät/.exec(bot[2]);
    if (lateMs) late.push(Number(lateMs[1]));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    pid: child.pid,
    sent,
    late,
    warnings,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check, timeoutMs, what) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timeout: ${what}`);
    await sleep(500);
  }
}

/** Every attack of the plan (the table's pages of 100). */
async function planAttacksOf(web, planId) {
  const all = [];
  for (let page = 1; ; page++) {
    const { attacks, totals } = await web("GET", `/api/attack-plans/${planId}/attacks?perPage=100&activePage=${page}`);
    all.push(...attacks);
    if (attacks.length === 0 || all.length >= totals) return all;
  }
}

async function measure(label, runnerCount, env, players) {
  console.log(`\n  ${label}, ${runnerCount} runner process${runnerCount > 1 ? "es" : ""}: ${BOTS} bots, ${ATTACKS} attacks within ${MINUTES} min`);
  const server = await startBenchServer({ port: PORT, admin: ADMIN, env: { DSBOT_TRUST_PROXY: "1", ...env } });
  const dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-bench-runner-"));
  const runners = [];
  try {
    const admin = client(server.base, (await client(server.base)("POST", "/api/auth/login", ADMIN)).token);
    const { result } = await importGeneratedWorld(admin, { villages: DEMO_WORLD.villages, world: WORLD });
    if (result.imported.villages !== DEMO_WORLD.villages) throw new Error(`world import: ${JSON.stringify(result).slice(0, 200)}`);
    await admin("POST", "/api/users", { ...USER, role: "user", world: WORLD });
    const web = client(server.base, (await client(server.base)("POST", "/api/auth/login", USER)).token);
    const bots = await pool(players, 8, async (p) => ({ ...p, id: (await web("POST", "/api/dsbot", { dsPlayer: { name: p.name }, world: WORLD })).dsbot.id }));
    for (let r = 0; r < runnerCount; r++) {
      const token = await pairRunner(server.base, web, `Bench-PC ${r + 1}`);
      const mine = bots.filter((_, i) => i % runnerCount === r).map((b) => ({ dsbotId: b.id, playerName: b.name, password: "bench" }));
      runners.push(startRunner(server.base, token, `runner${r + 1}`, mine, dir));
    }
    const { attackPlan } = await web("POST", "/api/attack-plans", { name: "Sendegenauigkeit", world: WORLD });
    const scanner = { enabled: true, attackPlanIds: [attackPlan.id], leadTimeSeconds: 30, sendOffsetMs: 0, onMissingUnits: "skip" };
    let connections = [];
    await eventually(async () => {
      connections = (await web("GET", "/api/websocket-connections")).websocketConnections;
      return bots.every((b) => connections.some((c) => c.dsbotId === b.id));
    }, 60_000, "the runners' connections");
    await pool(bots, 8, async (b) => {
      await web("POST", `/api/dsbot/${b.id}/module`, { moduleName: "attack-planner-scanner", module: scanner });
      await web("POST", `/api/dsbot/${b.id}/start`, { websocketConnectionId: connections.find((c) => c.dsbotId === b.id).id });
    });
    await eventually(async () => {
      const statuses = await pool(bots, 8, async (b) => (await web("GET", `/api/dsbot/${b.id}`)).dsbot.status);
      return statuses.every((s) => s === "online");
    }, 60_000, "the bots online");

    const start = Date.now() + FIRST_SEND_AFTER_MS;
    const planned = planAttacks(players, ATTACKS, start, MINUTES);
    const json = exportJson(
      planned.map((a) => ({ from: a.player.village, to: a.player.target, type: "attack", units: a.units, unit: a.player.unit, arrival: a.arrival, priority: 3 })),
      { name: "Sendegenauigkeit" },
    );
    const imported = await web("POST", `/api/attack-plans/${attackPlan.id}/import`, { format: "json", text: json });
    if (imported.imported !== ATTACKS) throw new Error(`imported ${imported.imported} of ${ATTACKS}`);
    const stored = await planAttacksOf(web, attackPlan.id);
    const lastSend = Math.max(...stored.map((a) => a.sendTime));
    const sameMs = new Map();
    for (const a of stored) sameMs.set(a.sendTime, (sameMs.get(a.sendTime) ?? 0) + 1);
    console.log(`    sending from ${new Date(start).toISOString().slice(11, 19)} to ${new Date(lastSend).toISOString().slice(11, 19)} UTC; up to ${Math.max(...sameMs.values())} on one millisecond`);

    // Done when every attack is reported, at the latest 30 s after the last send time.
    let final = stored;
    await sleep(Math.max(0, lastSend - Date.now() + 2_000));
    const deadline = lastSend + 30_000;
    while (Date.now() < deadline) {
      final = await planAttacksOf(web, attackPlan.id);
      if (final.every((a) => a.status === "sent" || a.status === "failed")) break;
      await sleep(2_000);
    }
    // Sent twice: a runner logged more "geschickt" lines for a bot than the bot has attacks (each bot
    // sends to one target only, so its lines count its commands).
    let twice = 0;
    for (const b of bots) {
      const logged = runners.reduce((sum, r) => sum + (r.sent.get(b.id) ?? 0), 0);
      twice += Math.max(0, logged - final.filter((a) => a.startVillage.id === b.village.id).length);
    }
    const logged = runners.reduce((sum, r) => sum + [...r.sent.values()].reduce((a, b) => a + b, 0), 0);
    const sent = final.filter((a) => a.status === "sent" && a.realArrivalTime !== null);
    const off = sent.map((a) => Math.abs(a.realArrivalTime - a.arrivalTime)).sort((a, b) => a - b);
    const failed = final.filter((a) => a.status === "failed");
    const notSent = final.filter((a) => a.status !== "sent");
    if (notSent.length > 0) console.log(`    not sent: ${notSent.slice(0, 5).map((a) => `#${a.id} ${a.status} at ${new Date(a.sendTime).toISOString().slice(11, 23)}`).join(", ")}`);
    for (const runner of runners) for (const line of runner.warnings.slice(0, 10)) console.log(`    runner: ${line}`);
    const worst = [...sent].sort((a, b) => Math.abs(b.realArrivalTime - b.arrivalTime) - Math.abs(a.realArrivalTime - a.arrivalTime)).slice(0, 5);
    console.log(`    worst: ${worst.map((a) => `${a.realArrivalTime - a.arrivalTime} ms (send ${new Date(a.sendTime).toISOString().slice(17, 23)}, ${sameMs.get(a.sendTime)} on it)`).join(", ")}`);
    const missed = final.length - sent.length;
    const late = runners.flatMap((r) => r.late);
    const p50 = percentile(off, 50);
    const p99 = percentile(off, 99);
    const max = off.at(-1) ?? NaN;
    const ok = missed === 0 && twice === 0 && p99 <= P99_BUDGET_MS && max <= MAX_BUDGET_MS;
    const lines = [
      `    |real − planned arrival| of ${sent.length} sent: p50 ${p50} ms, p99 ${p99} ms (budget ≤ ${P99_BUDGET_MS} ms) ${p99 <= P99_BUDGET_MS ? "ok" : "MISSED"}, max ${max} ms (budget ≤ ${MAX_BUDGET_MS} ms) ${max <= MAX_BUDGET_MS ? "ok" : "MISSED"}`,
      `    missed (not sent by the last send time + 30 s): ${missed} of ${final.length} (budget 0) ${missed === 0 ? "ok" : "MISSED"}; sent twice: ${twice} (budget 0) ${twice === 0 ? "ok" : "MISSED"}`,
      `    ${logged} "geschickt" lines; ${late.length} late-start warnings${late.length ? ` (max ${Math.max(...late)} ms)` : ""}; ${failed.length} failed${failed.length ? `: ${[...new Set(failed.map((a) => a.error))].slice(0, 3).join(" / ")}` : ""}`,
    ];
    for (const line of lines) console.log(line.replace("    ", `    ${label}, ${runnerCount}R: `));
    return { label, runners: runnerCount, p50, p99, max, missed, twice, failed: failed.length, ok, lines };
  } finally {
    for (const runner of runners) await runner.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSendLatenessBench() {
  if (!existsSync(path.join(root, "apps/server/dist/main.js")) || !existsSync(path.join(root, "apps/runner/dist/dsbot.mjs"))) {
    throw new Error("build first: npm run build -w @dsbot/server && npm run build -w @dsbot/runner");
  }
  console.log(`\nsend lateness: ${BOTS} sandbox bots, ${ATTACKS} attacks within ${MINUTES} min${SHORT ? " (short)" : ""}`);
  const players = pickPlayers(BOTS, Math.ceil((ATTACKS / BOTS) * 3));
  const results = [];
  const notes = [];
  for (const database of DATABASES) {
    let env = {};
    let drop = async () => {};
    if (database === "postgres") {
      const created = await createPgDatabase(PG_ADMIN_URL, "dsbot_send");
      if (!created) {
        notes.push(`PostgreSQL skipped: no server at ${PG_ADMIN_URL}`);
        console.log(`\n  ${notes.at(-1)}`);
        continue;
      }
      env = { DATABASE_URL: created.url };
      drop = created.drop;
    }
    try {
      for (const runnerCount of RUNNER_MODES) {
        if (database === "postgres" && runnerCount !== RUNNER_MODES[0]) {
          // A fresh database per run: the server migrates an empty one.
          await drop();
          const created = await createPgDatabase(PG_ADMIN_URL, "dsbot_send");
          env = { DATABASE_URL: created.url };
          drop = created.drop;
        }
        results.push(await measure(database === "pglite" ? "PGlite" : "PostgreSQL", runnerCount, env, players));
      }
    } finally {
      await drop();
    }
  }
  writeResultsSection(
    "send-lateness",
    [
      "## Send lateness (`node --import tsx bench/send-lateness.mjs`)",
      "",
      machineFacts([`- ${BOTS} sandbox bots, ${ATTACKS} attacks within ${MINUTES} min${SHORT ? " (--short)" : ""}`, ...notes.map((n) => `- ${n}`)]),
      "",
      "| database | runners | p50 ms | p99 ms (≤ 10) | max ms (≤ 50) | missed | sent twice | failed |",
      "|---|---|---|---|---|---|---|---|",
      ...results.map((r) => `| ${r.label} | ${r.runners} | ${r.p50} | ${r.p99} | ${r.max} | ${r.missed} | ${r.twice} | ${r.failed} |`),
    ].join("\n"),
  );
  return results;
}

const results = await runSendLatenessBench();
if (results.length === 0 || (!SHORT && results.some((r) => !r.ok))) process.exitCode = 1;
