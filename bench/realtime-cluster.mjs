// Two-instance realtime bench: two built servers on one fresh PostgreSQL database, 5,000
// bot sockets and 500 website sockets spread over them, bot status reports at 500/s. A tribe's shape:
// 500 players with 10 bots each; a player's runner and bots sit on one instance and the player's
// browser on the other, so every event crosses instances (socket.io's PostgreSQL adapter). Measures
// bot:status → the owner's botUpdateStatus (latency p50/p99, delivery). Budget: p99 ≤ 50 ms, 100 %.
// `--soak [--minutes 10]` keeps reporting (BENCH_SOAK_RATE/s, default 200) and prints each
// instance's RSS every 30 s: memory must stay flat and no event may be lost.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
// BENCH_CLUSTER_TRACE=<file>: writes [sent at (ms since the epoch), latency ms] per report, to find stalls.
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { io as connect } from "socket.io-client";
import { createPgDatabase, machineFacts, percentile, pool, startBenchServer, writeResultsSection } from "./lib.mjs";

const ADMIN = { username: "admin", password: "bench-passwort-123" };
const USERS = Number(process.env.BENCH_CLUSTER_USERS ?? 500);
const BOTS_PER_USER = Number(process.env.BENCH_CLUSTER_BOTS_PER_USER ?? 10);
const RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 20);
const P99_BUDGET_MS = 50;
const SOAK_P99_BUDGET_MS = 50;
const SOAK_MAX_BUDGET_MS = 250;
const PORTS = [Number(process.env.BENCH_CLUSTER_PORT ?? 3595), Number(process.env.BENCH_CLUSTER_PORT ?? 3595) + 1];
const WORLD = { server: "die-staemme.de", world: "de230" };


/** Each player comes from its own address (the login and pairing limits are per address; the servers trust the proxy header). */
const addressOf = (u) => `10.${(u >> 16) & 255}.${(u >> 8) & 255}.${u & 255}`;

function client(base, { token, ip } = {}) {
  return async (method, url, body) => {
    const headers = {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    };
    const res = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

function open(base, auth) {
  const socket = connect(base, { transports: ["websocket"], reconnection: false, auth, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(new Error(`${auth.origin}: ${error.message}`)));
  });
}


function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return line ? Number(line.replace(/\D+/g, "")) / 1024 : NaN;
}

/** Starts both instances and builds the tribe; answers what the phases need. */
async function setUp(databaseUrl) {
  const env = { DATABASE_URL: databaseUrl, DSBOT_TRUST_PROXY: "1", DSBOT_WORKERS: "1" };
  // A first: it migrates the database; B finds it migrated.
  const a = await startBenchServer({ port: PORTS[0], admin: ADMIN, env });
  const b = await startBenchServer({ port: PORTS[1], admin: ADMIN, env }).catch(async (error) => {
    await a.stop();
    throw error;
  });
  const servers = [a, b];
  const setupStarted = Date.now();
  const admin = (await client(a.base, { ip: addressOf(0) })("POST", "/api/auth/login", ADMIN)).token;
  // Users and bots go only on a world the server knows.
  await client(a.base, { token: admin, ip: addressOf(0) })("POST", "/api/worlds", WORLD);
  const players = await pool(Array.from({ length: USERS }, (_, u) => u), 8, async (u) => {
    const home = servers[u % 2].base;
    const ip = addressOf(u + 1);
    const credentials = { username: `tribe${u}`, password: "bench-passwort-123" };
    await client(home, { token: admin, ip })("POST", "/api/users", { ...credentials, role: "user", world: WORLD });
    const web = (await client(home, { ip })("POST", "/api/auth/login", credentials)).token;
    const api = client(home, { token: web, ip });
    const device = await client(home, { ip })("POST", "/api/dsbot-auth/device", { name: `PC ${u}` });
    await api("POST", "/api/dsbot-auth/approve", { userCode: device.userCode });
    const runnerToken = (await client(home, { ip })("POST", "/api/dsbot-auth/token", { deviceCode: device.deviceCode })).token;
    const bots = [];
    for (let i = 0; i < BOTS_PER_USER; i++) bots.push((await api("POST", "/api/dsbot", { dsPlayer: { name: `Spieler ${u}-${i}` }, world: WORLD })).dsbot.id);
    return { u, web, ip, runnerToken, bots, botHome: servers[u % 2], webHome: servers[(u + 1) % 2] };
  });
  const accountsDone = Date.now();

  const sockets = [];
  const bySocket = [];
  await pool(players, 16, async (p) => {
    const runner = await open(p.botHome.base, { token: p.runnerToken, origin: "bot-user" });
    sockets.push(runner);
    const hello = await runner.timeout(30_000).emitWithAck("runner:hello", { name: `PC ${p.u}`, version: "1.0.0", bots: p.bots });
    if (!hello.ok || hello.accepted.length !== p.bots.length) throw new Error(`hello: ${JSON.stringify(hello).slice(0, 200)}`);
    const { websocketConnections } = await client(p.webHome.base, { token: p.web, ip: p.ip })("GET", "/api/websocket-connections");
    const connectionOf = new Map(websocketConnections.map((c) => [c.dsbotId, c.id]));
    // Started through the other instance: the command crosses to the runner.
    for (const id of p.bots) await client(p.webHome.base, { token: p.web, ip: p.ip })("POST", `/api/dsbot/${id}/start`, { websocketConnectionId: connectionOf.get(id) });
    p.website = await open(p.webHome.base, { token: p.web, origin: "website" });
    sockets.push(p.website);
    for (const id of p.bots) {
      const botSocket = await open(p.botHome.base, { token: p.runnerToken, origin: "bot", dsbotId: id });
      sockets.push(botSocket);
      const online = await botSocket.timeout(30_000).emitWithAck("bot:status", { status: "online" });
      if (!online.ok) throw new Error(`online: ${JSON.stringify(online)}`);
      bySocket.push({ id, socket: botSocket, player: p, status: "online" });
    }
  });
  const connectDone = Date.now();
  return {
    servers,
    players,
    bots: bySocket,
    sockets,
    timings: { accountsS: (accountsDone - setupStarted) / 1000, connectS: (connectDone - accountsDone) / 1000 },
  };
}

/** Reports at `rate`/s for `seconds`, round robin over the bots; calls `tick` every second. */
async function report(world, rate, seconds, tick = () => {}) {
  const sentAt = new Map();
  const latencies = [];
  const trace = [];
  let received = 0;
  for (const p of world.players) {
    p.website.on("message", (message) => {
      if (message?.type !== "botUpdateStatus") return;
      const key = `${message.data.dsbot.id}:${message.data.dsbot.status}`;
      const sent = sentAt.get(key);
      if (sent === undefined) return;
      sentAt.delete(key);
      received += 1;
      const now = performance.now();
      latencies.push(now - sent);
      if (process.env.BENCH_CLUSTER_TRACE) trace.push([Math.round(performance.timeOrigin + sent), Math.round(now - sent)]);
    });
  }
  // The load generator's own event loop: a latency figure is only as good as its delay.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const total = Math.round(rate * seconds);
  let sent = 0;
  let failed = 0;
  const acks = [];
  const intervalMs = 1000 / rate;
  const phaseStart = performance.now();
  let nextTick = phaseStart + 1000;
  for (let n = 0; n < total; n++) {
    const wait = phaseStart + n * intervalMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (performance.now() >= nextTick) {
      nextTick += 1000;
      tick(Math.round((performance.now() - phaseStart) / 1000), latencies);
    }
    const bot = world.bots[n % world.bots.length];
    bot.status = bot.status === "online" ? "paused" : "online";
    sentAt.set(`${bot.id}:${bot.status}`, performance.now());
    sent += 1;
    const ack = bot.socket
      .timeout(10_000)
      .emitWithAck("bot:status", { status: bot.status })
      .then((a) => (a.ok ? undefined : (failed += 1)), () => (failed += 1));
    acks.push(ack);
    if (acks.length > 5000) await Promise.all(acks.splice(0, 2500));
  }
  await Promise.all(acks);
  const drainUntil = Date.now() + 5000;
  while (received < sent && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const phaseSeconds = (performance.now() - phaseStart) / 1000;
  loopDelay.disable();
  if (process.env.BENCH_CLUSTER_TRACE) (await import("node:fs")).writeFileSync(process.env.BENCH_CLUSTER_TRACE, JSON.stringify(trace));
  latencies.sort((x, y) => x - y);
  return {
    sent,
    failed,
    received,
    achieved: sent / phaseSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    generatorLoopP99: loopDelay.percentile(99) / 1e6,
  };
}

async function tearDown(world) {
  for (const s of world?.sockets ?? []) s.disconnect();
  for (const server of world?.servers ?? []) await server.stop();
}

/** The two-instance run of `npm run bench`. Answers null (and says why) without PostgreSQL. */
export async function runRealtimeClusterBench({ soakMinutes = 0 } = {}) {
  const database = await createPgDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", "dsbot_bench_cluster");
  if (!database) {
    console.log("\nrealtime, two instances: skipped — no PostgreSQL at BENCH_DATABASE_URL");
    return null;
  }
  let world;
  try {
    world = await setUp(database.url);
    const bots = world.bots.length;
    const sockets = bots + 2 * world.players.length;
    console.log(`\nrealtime, two instances on one PostgreSQL — ${bots} bot sockets, ${world.players.length} website sockets (${sockets} sockets in all), every event crossing instances`);
    console.log(`setup: ${world.players.length} players with runner tokens and ${bots} bots ${world.timings.accountsS.toFixed(1)} s, start + connect ${world.timings.connectS.toFixed(1)} s`);
    if (soakMinutes > 0) return await soak(world, soakMinutes);
    const result = await report(world, RATE, SECONDS);
    const delivered = result.received / result.sent;
    const ok = result.failed === 0 && result.received === result.sent && result.p99 <= P99_BUDGET_MS;
    console.log(`reports ${result.sent} at ${result.achieved.toFixed(0)}/s (target ${RATE}/s), failed ${result.failed}; the load generator's event loop delay p99 ${result.generatorLoopP99.toFixed(1)} ms`);
    console.log(`delivered ${result.received} of ${result.sent} (${(100 * delivered).toFixed(2)} %, budget 100 %)`);
    console.log(
      `bot:status → owner's botUpdateStatus across instances: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (budget ≤ ${P99_BUDGET_MS} ms), max ${result.max.toFixed(1)} ms ${ok ? "ok" : "MISSED"}`,
    );
    return { ...result, bots, websites: world.players.length, rate: RATE, ok, p99BudgetMs: P99_BUDGET_MS };
  } finally {
    await tearDown(world);
    await database.drop();
  }
}

async function soak(world, minutes) {
  const rate = Number(process.env.BENCH_SOAK_RATE ?? 200);
  const curve = [];
  // Per 30 s window: RSS per instance, the window's latency p99 and max, and the load generator's own
  // event-loop delay max (a stall there shows as latency without being the servers').
  let windowStart = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const sample = (second, latencies = []) => {
    const window = latencies.slice(windowStart).sort((x, y) => x - y);
    windowStart = latencies.length;
    curve.push({
      second,
      rss: world.servers.map((s) => rssMb(s.pid)),
      p99: percentile(window, 99),
      max: window.at(-1) ?? NaN,
      generatorMax: loopDelay.max / 1e6,
    });
    loopDelay.reset();
  };
  sample(0);
  console.log(`soak: ${minutes} min at ${rate} reports/s; per 30 s: RSS per instance, latency p99/max, the generator's loop delay max`);
  const result = await report(world, rate, minutes * 60, (second, latencies) => {
    if (second % 30 !== 0) return;
    sample(second, latencies);
    const last = curve.at(-1);
    console.log(
      `  ${String(second).padStart(4)} s  A ${last.rss[0].toFixed(0)} MB  B ${last.rss[1].toFixed(0)} MB  p99 ${last.p99.toFixed(1)} ms  max ${last.max.toFixed(1)} ms  generator ${last.generatorMax.toFixed(1)} ms`,
    );
  });
  loopDelay.disable();
  // Flat: the last third's mean within 10 % of the second third's (the first third warms up).
  const third = Math.max(1, Math.floor(curve.length / 3));
  const mean = (rows, i) => rows.reduce((sum, r) => sum + r.rss[i], 0) / rows.length;
  const growth = [0, 1].map((i) => mean(curve.slice(-third), i) / mean(curve.slice(third, 2 * third), i) - 1);
  const flat = growth.every((g) => g <= 0.1);
  const ok = flat && result.failed === 0 && result.received === result.sent && result.p99 <= SOAK_P99_BUDGET_MS && result.max <= SOAK_MAX_BUDGET_MS;
  console.log(`soak: ${result.sent} reports, failed ${result.failed}, delivered ${result.received} (${((100 * result.received) / result.sent).toFixed(2)} %)`);
  console.log(`soak: latency p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (budget ≤ ${SOAK_P99_BUDGET_MS} ms), max ${result.max.toFixed(1)} ms (budget ≤ ${SOAK_MAX_BUDGET_MS} ms)`);
  console.log(`soak: RSS growth last third vs middle third: A ${(100 * growth[0]).toFixed(1)} %, B ${(100 * growth[1]).toFixed(1)} % (budget ≤ 10 %) ${ok ? "ok" : "MISSED"}`);
  return { ...result, rate, curve, growth, flat, ok, soakMinutes: minutes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const minutesAt = process.argv.indexOf("--minutes");
  const soakMinutes = process.argv.includes("--soak") ? (minutesAt > 0 ? Number(process.argv[minutesAt + 1]) : 10) : 0;
  const result = await runRealtimeClusterBench({ soakMinutes });
  if (result && !result.ok) process.exitCode = 1;
  if (result && soakMinutes > 0) writeSoakSection(result);
  if (result && soakMinutes === 0) writeClusterSection(result);
}

/** Run alone, the two-instance figures get their own section of bench/results.md. */
function writeClusterSection(result) {
  writeResultsSection(
    "cluster",
    [
      "## Realtime on two instances (`node bench/realtime-cluster.mjs`)",
      "",
      machineFacts([`- ${result.bots} bot sockets and ${result.websites} website sockets on two instances on one PostgreSQL, ${result.rate} status reports/s for ${SECONDS} s; every event crosses instances`]),
      "",
      `- reports ${result.sent} at ${result.achieved.toFixed(0)}/s, failed ${result.failed}; the load generator's own event loop delay p99 ${result.generatorLoopP99.toFixed(1)} ms`,
      `- delivered ${result.received} of ${result.sent} (${((100 * result.received) / result.sent).toFixed(2)} %, budget 100 %)`,
      `- bot:status → owner's botUpdateStatus: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (budget ≤ ${result.p99BudgetMs} ms), max ${result.max.toFixed(1)} ms ${result.ok ? "ok" : "MISSED"}`,
    ].join("\n"),
  );
  console.log("bench/results.md: two-instance section written");
}

/** One decimal, or a dash where a window had no figure. */
function fixed(value) {
  return Number.isFinite(value) ? value.toFixed(1) : "–";
}

/** The soak's section of bench/results.md: its figures and the RSS curve per instance. */
function writeSoakSection(result) {
  writeResultsSection(
    "soak",
    [
      "## `npm run bench:soak`",
      "",
      machineFacts([`- ${result.soakMinutes} min, ${USERS * BOTS_PER_USER} bot sockets and ${USERS} website sockets on two instances, ${result.rate} status reports/s`]),
      "",
      `- reports ${result.sent}, failed ${result.failed}, delivered ${result.received} (${((100 * result.received) / result.sent).toFixed(2)} %, budget 100 %)`,
      `- p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (budget ≤ ${SOAK_P99_BUDGET_MS} ms), max ${result.max.toFixed(1)} ms (budget ≤ ${SOAK_MAX_BUDGET_MS} ms)`,
      `- RSS growth, last third against the middle third: A ${(100 * result.growth[0]).toFixed(1)} %, B ${(100 * result.growth[1]).toFixed(1)} % (budget ≤ 10 %) ${result.ok ? "ok" : "MISSED"}`,
      "",
      "The 30 s before each row: latency p99 and max, and the load generator's own event-loop delay max.",
      "",
      "| second | instance A RSS (MB) | instance B RSS (MB) | p99 (ms) | max (ms) | generator loop max (ms) |",
      "| ---: | ---: | ---: | ---: | ---: | ---: |",
      ...result.curve.map(
        (row) => `| ${row.second} | ${row.rss[0].toFixed(0)} | ${row.rss[1].toFixed(0)} | ${fixed(row.p99)} | ${fixed(row.max)} | ${fixed(row.generatorMax)} |`,
      ),
    ].join("\n"),
  );
  console.log("bench/results.md: soak section written");
}
