// `npm run bench`: throughput figures printed as ratios against a bare Fastify route on this machine,
// then the realtime figure (bot status report → website event latency, see realtime.mjs).
// Each server runs in its own process so the load generator (autocannon, here) does not share its event loop.
import { spawn } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import { runRealtimeBench } from "./realtime.mjs";
import { runRealtimeClusterBench } from "./realtime-cluster.mjs";
import { runWebBytesBench } from "./web-bytes.mjs";
import { runMapBench } from "./map.mjs";
import { runWorldBench } from "./world.mjs";
import { machineFacts, root, startBenchServer, waitFor, writeResultsSection } from "./lib.mjs";

// Everything the benches print is also kept for bench/results.md (written at the end).
const printed = [];
const print = console.log;
console.log = (...args) => {
  printed.push(args.join(" "));
  print(...args);
};

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function startProcess(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout.resume();
  return child;
}


function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
  });
}

function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const bare = startProcess(["bench/bare-fastify.mjs"], { BENCH_PORT: "3591" });
const ADMIN = { username: "admin", password: "bench-passwort-123" };

const server = await startBenchServer({ port: 3592, admin: ADMIN });
try {
  await waitFor("http://127.0.0.1:3591/ping");
  const login = await fetch("http://127.0.0.1:3592/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = await login.json();

  console.log(`dsbot bench — ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} cores\n`);
  const baseline = summary(await load("http://127.0.0.1:3591/ping"));
  const me = summary(await load("http://127.0.0.1:3592/api/auth/me", { authorization: `Bearer ${token}` }));
  const rows = [
    ["bare Fastify GET /ping", baseline],
    ["GET /api/auth/me (bearer, cached session)", me],
  ];
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(44)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`);
  }
  // An authenticated request answered from the session cache, on this 2-core machine.
  const AUTH_ME_BUDGET = 0.3;
  const ratio = me.rps / baseline.rps;
  const withinBudget = ratio >= AUTH_ME_BUDGET;
  console.log(`\nauth/me ÷ bare Fastify: ${ratio.toFixed(2)} (budget ≥ ${AUTH_ME_BUDGET.toFixed(2)}) ${withinBudget ? "ok" : "MISSED"}`);
  if (me.errors > 0 || !withinBudget) process.exitCode = 1;
} finally {
  bare.kill();
  await server.stop();
}

const realtime = await runRealtimeBench();
if (realtime.failed > 0 || realtime.received < realtime.expected) process.exitCode = 1;

// 5,000 bot and 500 website sockets on two instances on PostgreSQL.
const cluster = await runRealtimeClusterBench();
if (cluster && !cluster.ok) process.exitCode = 1;

const webBytes = await runWebBytesBench();
if (webBytes.failed > 0) process.exitCode = 1;

const world = await runWorldBench(runMapBench);
if (world.failed > 0) process.exitCode = 1;

/** A bench script over TypeScript sources of the protocol package, in its own process with tsx; answers its exit code. */
function runTsx(file) {
  const child = spawn(process.execPath, ["--import", "tsx", file], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  let rest = "";
  child.stdout.on("data", (chunk) => {
    const text = rest + chunk.toString("utf8");
    const lines = text.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) console.log(line);
  });
  return new Promise((resolve) => child.on("exit", (code) => (rest && console.log(rest), resolve(code))));
}

// The planner on 2,000 × 500; the attack table on 20,000 attacks, PGlite and PostgreSQL.
if ((await runTsx("bench/planner.mjs")) !== 0) process.exitCode = 1;
// The Raubzug optimiser on 5,000 villages.
if ((await runTsx("bench/scavenge.mjs")) !== 0) process.exitCode = 1;
if ((await runTsx("bench/attack-table.mjs")) !== 0) process.exitCode = 1;
// The incomings page with 10,000 incomings and 500-village inventory scans, PGlite and PostgreSQL.
if ((await runTsx("bench/war-room.mjs")) !== 0) process.exitCode = 1;
// Der Stamm's board: 100 members, 10,000 incomings, the page and the update to 100 browsers, PGlite and PostgreSQL.
if ((await runTsx("bench/tribe-board.mjs")) !== 0) process.exitCode = 1;
// The stall probe, health every 100 ms while each heavy operation runs at its limits.
if ((await runTsx("bench/stall.mjs")) !== 0) process.exitCode = 1;
// The headline figure: 100 sandbox bots on the built runner send 1,000 attacks to the millisecond
// (one and two runner processes, PGlite and PostgreSQL; about 7 minutes a run).
if ((await runTsx("bench/send-lateness.mjs")) !== 0) process.exitCode = 1;

// bench/results.md: the machine, every line that names a budget, then everything printed.
const budgetLines = printed.filter((line) => /budget/i.test(line)).map((line) => line.trim());
const missed = budgetLines.filter((line) => /MISSED|OVER BUDGET|FAILED/i.test(line));
writeResultsSection(
  "bench",
  [
    "## `npm run bench`",
    "",
    machineFacts([`- exit: ${process.exitCode ? "some budget missed" : "every budget held"}`]),
    "",
    `### Figures with a budget (${budgetLines.length}, ${missed.length} missed)`,
    "",
    ...budgetLines.map((line) => `- ${line.replace(/\|/g, "\\|")}`),
    "",
    "### Everything it printed",
    "",
    "```text",
    ...printed,
    "```",
  ].join("\n"),
);
console.log("\nbench/results.md written");
