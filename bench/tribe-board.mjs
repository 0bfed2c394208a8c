// Der Stamm's board (Stammes-Eingänge) at tribe scale, PGlite and PostgreSQL: 100 members on a
// generated 100k-village world, each with a bot whose inventory scan holds 500 villages and a pasted
// troops overview of their player's villages, and 10,000 incomings pasted as SOS texts (100 a member,
// noble trains among them; 500 of them pasted by a second member too, one row each). Then the board's
// page is read as a member, pages 1, 10 and 100 and each filter, from a process of its own (probe.mjs;
// budget p99 ≤ 20 ms a query; the first read of page 1 after each change is shown too), and 100
// members' website sockets wait for `tribe-board-updated` while one member pastes a new SOS (budget
// p99 ≤ 50 ms from the request's start). Then Verteidigung planen: the leader previews the plan of one
// member's request over every other sharing member's villages (about 44,500, of which the nearest 5,000
// are candidates; budget p99 ≤ 200 ms), while a probe asks /api/health every 10 ms (its slowest answer shows whether the event loop
// was held); and the allocation alone over 5,000 candidates in this process. Writes its section of
// bench/results.md; exits 1 on a miss. BENCH_TRIBE_DATABASES=pglite (or postgres) measures one database only.
// Runs TypeScript sources of the protocol, so: node --import tsx bench/tribe-board.mjs.
import os from "node:os";
import { connect } from "socket.io-client";
import { DEMO_WORLD, generateWorld } from "../packages/protocol/src/game/world-generator.ts";
import { formatServerTime, repeatedHourOf } from "../packages/protocol/src/game/server-time.ts";
import { seededRandom } from "../packages/protocol/src/random.ts";
import { units as allUnits } from "../packages/protocol/src/units.ts";
import { allocationFigure, measurePlanning, PLAN_P99_BUDGET_MS } from "./tribe-defence.mjs";
import { apiClient, createPgDatabase, importGeneratedWorld, login, machineFacts, percentile, pool, probe, startBenchServer, writeResultsSection } from "./lib.mjs";

const PORT = Number(process.env.BENCH_TRIBE_PORT ?? 3598);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "admin", password: "bench-passwort-123" };
const PASSWORD = "bench-passwort-123";
const WORLD = { server: "die-staemme.de", world: "de124" };
const WORLD_VILLAGES = 100_000;
const MEMBERS = 100;
const VILLAGES_PER_MEMBER = 500;
const INCOMINGS_PER_MEMBER = 100;
/** Of each member's incomings: trains of four (the first clears the wall, three nobles), the rest single attacks. */
const TRAINS_PER_MEMBER = 5;
/** Each member's text also holds this many of the previous member's single attacks (the same SOS pasted twice). */
const SHARED_PER_MEMBER = 5;
const TARGETS_PER_MEMBER = 25;
/** Villages of players outside the tribe the attacks come from. */
const ATTACKER_VILLAGES = 10_000;
// 200 a query: its p99 is the second slowest, not the slowest of 30 (one scheduling hiccup on a shared machine).
const REQUESTS_PER_QUERY = Number(process.env.BENCH_TRIBE_REQUESTS ?? 200);
const CHANGES = Number(process.env.BENCH_TRIBE_CHANGES ?? 20);
const PAGE_P99_BUDGET_MS = 20;
const UPDATE_P99_BUDGET_MS = 50;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Which databases to measure (comma-separated: pglite, postgres); both by default. */
const DATABASES = (process.env.BENCH_TRIBE_DATABASES ?? "pglite,postgres").split(",").map((d) => d.trim());

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const coord = (v) => `${v.x}|${v.y}`;

function open(auth) {
  const socket = connect(BASE, { transports: ["websocket"], reconnection: false, auth });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(new Error(`${auth.origin}: ${error.message} ${error.description?.message ?? error.description ?? ""}`.trim())));
  });
}

/**
 * Each member plays one of the world's largest players (the generator gives a player at most 90
 * villages, here about 30), so their bot's scan adds other players' villages up to 500 (a scan may
 * hold any village); origins are villages of players outside the tribe.
 */
function tribePlan(world) {
  const byPlayer = new Map();
  for (const v of world.villages) if (v.playerId > 0) (byPlayer.get(v.playerId) ?? byPlayer.set(v.playerId, []).get(v.playerId)).push(v);
  const players = [...world.players].sort((a, b) => b.villages - a.villages || a.id - b.id).slice(0, MEMBERS);
  const taken = new Set(players.map((p) => p.id));
  const rest = world.villages.filter((v) => v.playerId > 0 && !taken.has(v.playerId));
  // The others' villages fill the members' scans; at least ATTACKER_VILLAGES stay the attackers'.
  const perMember = Math.min(VILLAGES_PER_MEMBER, Math.floor((players.reduce((n, p) => n + p.villages, 0) + rest.length - ATTACKER_VILLAGES) / MEMBERS));
  let next = 0;
  const members = players.map((player) => {
    const own = byPlayer.get(player.id) ?? [];
    const fill = rest.slice(next, next + Math.max(0, perMember - own.length));
    next += fill.length;
    return { player, own, villages: [...own, ...fill] };
  });
  const origins = rest.slice(next);
  const names = new Map(world.players.map((p) => [p.id, p.name]));
  return { members, origins, names, perMember };
}

/** 100 incomings of each member: five noble trains of four, 95 single attacks; arrivals 10 min to 2 days ahead. */
function memberIncomings(plan, zone, now) {
  const random = seededRandom(17);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const arrival = () => {
    let at = now + 600_000 + Math.floor(random() * 2 * 86_400_000);
    // Off the repeated autumn hour, whose times a paste must qualify.
    while (repeatedHourOf(at, zone) !== null) at += 3_600_000;
    return at;
  };
  return plan.members.map((m) => {
    const targets = Array.from({ length: TARGETS_PER_MEMBER }, () => pick(m.villages));
    const list = [];
    for (let t = 0; t < TRAINS_PER_MEMBER; t++) {
      const target = pick(targets);
      const origin = pick(plan.origins);
      const at = arrival();
      for (let k = 0; k < 4; k++) list.push({ target, origin, attacker: plan.names.get(origin.playerId), arrival: at + k * 150 });
    }
    while (list.length < INCOMINGS_PER_MEMBER) {
      const origin = pick(plan.origins);
      list.push({ target: pick(targets), origin, attacker: plan.names.get(origin.playerId), arrival: arrival() });
    }
    return list;
  });
}

/** The game's SOS text: one block per attacked village with its attacks. */
function sosText(incomings, zone) {
  const byTarget = new Map();
  for (const inc of incomings) (byTarget.get(coord(inc.target)) ?? byTarget.set(coord(inc.target), []).get(coord(inc.target))).push(inc);
  const lines = [];
  for (const [target, list] of byTarget) {
    lines.push("[b]Angegriffenes Dorf[/b]", `[coord]${target}[/coord]`, "");
    list.forEach((inc, i) =>
      lines.push(
        `[b]${i + 1}. Angriff[/b]`,
        `Angreifer: [player]${inc.attacker}[/player]`,
        `Herkunft: [coord]${coord(inc.origin)}[/coord]`,
        `Ankunftszeit: ${formatServerTime(inc.arrival, zone)}`,
        "",
      ),
    );
  }
  return lines.join("\n");
}

/** A premium troops overview of the villages (four rows each, one column per unit of the world). */
function troopsOverview(villages, worldUnits) {
  const row = (label, f) => `${label}\t${worldUnits.map((u, i) => f(u, i)).join("\t")}`;
  return villages
    .map((v, n) =>
      [
        `Dorf ${n + 1} (${coord(v)}) K${Math.floor(v.y / 100)}${Math.floor(v.x / 100)}\t${row("eigene", (_, i) => 100 * (i + 1) + n)}\tBefehle`,
        `${row("im Dorf", (_, i) => 120 * (i + 1) + n)}\tTruppen`,
        row("auswärts", () => 0),
        `${row("unterwegs", (_, i) => (i === 0 ? 50 : 0))}\tBefehle`,
      ].join("\n"),
    )
    .join("\n");
}

const defensive = { spear: 4000, sword: 3000, archer: 1000, heavy: 500, spy: 50 };

async function setUp(plan, sockets) {
  const timings = [];
  const lap = (() => {
    let last = performance.now();
    return (label) => {
      const now = performance.now();
      timings.push(`${label} ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    };
  })();
  const adminApi = apiClient(BASE, await login(BASE, ADMIN));
  const { result } = await importGeneratedWorld(adminApi, { villages: WORLD_VILLAGES, world: WORLD });
  if (result.imported.villages !== WORLD_VILLAGES) throw new Error(`world import: ${JSON.stringify(result.imported)}`);
  const zone = result.world.timeZone;
  const unitInfo = result.world.units;
  const worldUnits = unitInfo ? allUnits.filter((u) => unitInfo[u] !== undefined) : [...allUnits];
  lap("world");

  const members = await pool(plan.members, 8, async (m, i) => {
    const credentials = { username: `stamm${i}`, password: PASSWORD };
    const { user } = await adminApi("POST", "/api/users", { ...credentials, role: "user", world: WORLD });
    const token = await login(BASE, credentials);
    return { ...m, index: i, userId: user.id, token, api: apiClient(BASE, token) };
  });
  lap("users");
  const leader = members[0];
  const { tribe } = await leader.api("POST", "/api/tribes", { name: "Bench-Stamm", tag: "BENCH" });
  const { code } = await leader.api("POST", `/api/tribes/${tribe.id}/invites`, { expiresInHours: 24, maxUses: null });
  await pool(members.slice(1), 8, (m) => m.api("POST", "/api/tribes/join", { code }));
  await pool(members, 8, async (m) => {
    const troopSharing = m.index % 10 === 9 ? "none" : m.index % 10 === 8 ? "all" : "defensive";
    await m.api("PATCH", `/api/tribes/${tribe.id}/me`, { playerName: m.player.name, troopSharing });
    m.botId = (await m.api("POST", "/api/dsbot", { dsPlayer: { name: m.player.name }, world: WORLD })).dsbot.id;
  });
  lap("tribe and bots");

  // One runner (the admin's, who may run any bot) hosts the members' bots for their inventory scans.
  const device = await fetch(`${BASE}/api/dsbot-auth/device`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Bench-Runner" }) }).then((r) => r.json());
  await adminApi("POST", "/api/dsbot-auth/approve", { userCode: device.userCode });
  const { token: runnerToken } = await fetch(`${BASE}/api/dsbot-auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deviceCode: device.deviceCode }) }).then((r) => r.json());
  const runner = await open({ token: runnerToken, origin: "bot-user" });
  sockets.push(runner);
  const hello = await runner.timeout(30_000).emitWithAck("runner:hello", { name: "Bench-Runner", version: "1.0.0", bots: members.map((m) => m.botId) });
  if (!hello.ok || hello.accepted.length !== MEMBERS) throw new Error(`hello: ${JSON.stringify(hello).slice(0, 200)}`);
  const { websocketConnections } = await adminApi("GET", "/api/websocket-connections");
  await pool(members, 8, async (m) => {
    await adminApi("POST", `/api/dsbot/${m.botId}/start`, { websocketConnectionId: websocketConnections.find((c) => c.dsbotId === m.botId).id });
    const socket = await open({ token: runnerToken, origin: "bot", dsbotId: m.botId });
    sockets.push(socket);
    const villages = m.villages.map((v, n) => ({ villageId: v.id, x: v.x, y: v.y, name: v.name, units: { ...defensive, axe: 2000 + n, light: 800 }, inVillage: defensive, outside: {}, onTheWay: {} }));
    const ack = await socket.timeout(60_000).emitWithAck("bot:troops", { scannedAt: Date.now() - 60_000, villages });
    if (!ack.ok || ack.villages !== villages.length) throw new Error(`troops: ${JSON.stringify(ack).slice(0, 200)}`);
    const pasted = await m.api("POST", "/api/troops/import", { text: troopsOverview(m.own, worldUnits) });
    if (pasted.imported !== m.own.length) throw new Error(`troops overview: ${JSON.stringify(pasted)}`);
  });
  lap("troops");

  const incomings = memberIncomings(plan, zone, Date.now());
  await pool(members, 8, async (m, i) => {
    const shared = incomings[(i + MEMBERS - 1) % MEMBERS].slice(TRAINS_PER_MEMBER * 4, TRAINS_PER_MEMBER * 4 + SHARED_PER_MEMBER);
    const answer = await m.api("POST", "/api/incomings/import", { text: sosText([...incomings[i], ...shared], zone) });
    if (answer.imported !== INCOMINGS_PER_MEMBER + SHARED_PER_MEMBER) throw new Error(`SOS import: ${JSON.stringify(answer)}`);
  });
  lap("incomings");
  return { tribeId: tribe.id, members, sockets, zone, timings };
}

/**
 * REQUESTS_PER_QUERY reads of each page and filter as a member, one after the other, from a process of
 * its own (probe.mjs); answers per query p50/p99/max.
 */
async function measurePages(setup) {
  const viewer = setup.members[1];
  const other = setup.members[42];
  /** @type {{ label: string, query: Record<string, string> }[]} */
  const queries = [
    { label: "page 1", query: { activePage: "1" } },
    { label: "page 10", query: { activePage: "10" } },
    { label: "page 100", query: { activePage: "100" } },
    { label: "member", query: { member: String(other.userId) } },
    { label: "kind=noble", query: { kind: "noble" } },
    { label: "within=180", query: { within: "180" } },
  ];
  const { results } = await probe({
    base: BASE,
    token: viewer.token,
    count: REQUESTS_PER_QUERY,
    warmup: 2,
    requests: queries.map(({ label, query }) => ({ label, url: `/api/tribes/${setup.tribeId}/incomings?${new URLSearchParams({ perPage: "50", activePage: "1", ...query })}` })),
  });
  return results.map(({ label, times, last }) => {
    if (!Array.isArray(last.incomings) || last.incomings.length === 0) throw new Error(`${label}: no rows (totals ${last.totals})`);
    return { label, totals: last.totals, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1), answer: last };
  });
}

/** One member pastes a new SOS; every member's website socket waits for the board's update. */
async function measureUpdates(setup, plan) {
  const websites = await pool(setup.members, 10, (m) => open({ token: m.token, origin: "website" }));
  setup.sockets.push(...websites);
  let change = null;
  websites.forEach((socket, i) =>
    socket.on("message", (message) => {
      if (message?.type !== "tribe-board-updated" || message.data?.tribeId !== setup.tribeId || !change || change.seen.has(i)) return;
      change.seen.add(i);
      change.latencies.push(performance.now() - change.started);
      if (change.seen.size === websites.length) change.done();
    }),
  );
  const random = seededRandom(99);
  const latencies = [];
  const answered = [];
  let missed = 0;
  for (let c = 0; c < CHANGES; c++) {
    const member = setup.members[(c * 37) % MEMBERS];
    const origin = plan.origins[Math.floor(random() * plan.origins.length)];
    let at = Date.now() + 3_600_000 + Math.floor(random() * 86_400_000);
    while (repeatedHourOf(at, setup.zone) !== null) at += 3_600_000;
    const text = sosText([{ target: member.villages[c % member.villages.length], origin, attacker: plan.names.get(origin.playerId), arrival: at }], setup.zone);
    let done;
    const all = new Promise((resolve) => (done = resolve));
    const current = { started: performance.now(), seen: new Set(), latencies: [], done };
    change = current;
    const answer = await member.api("POST", "/api/incomings/import", { text });
    answered.push(performance.now() - current.started);
    if (answer.imported !== 1) throw new Error(`SOS import: ${JSON.stringify(answer)}`);
    await Promise.race([all, sleep(5_000)]);
    change = null;
    latencies.push(...current.latencies);
    missed += websites.length - current.seen.size;
    await sleep(200);
  }
  latencies.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1), received: latencies.length, missed, answeredP50: percentile(answered, 50) };
}

/** CHANGES pastes, each followed by the first read of page 1 (nothing of it kept), from a process of its own. */
async function measureFirstReads(setup, plan) {
  const random = seededRandom(7);
  const page1 = `/api/tribes/${setup.tribeId}/incomings?${new URLSearchParams({ perPage: "50", activePage: "1" })}`;
  const times = [];
  for (let c = 0; c < CHANGES; c++) {
    const member = setup.members[(c * 53 + 11) % MEMBERS];
    const origin = plan.origins[Math.floor(random() * plan.origins.length)];
    let at = Date.now() + 3_600_000 + Math.floor(random() * 86_400_000);
    while (repeatedHourOf(at, setup.zone) !== null) at += 3_600_000;
    const text = sosText([{ target: member.villages[(c + 3) % member.villages.length], origin, attacker: plan.names.get(origin.playerId), arrival: at }], setup.zone);
    const answer = await member.api("POST", "/api/incomings/import", { text });
    if (answer.imported !== 1) throw new Error(`SOS import: ${JSON.stringify(answer)}`);
    const { results } = await probe({ base: BASE, token: setup.members[1].token, count: 1, warmup: 0, requests: [{ label: "page 1", url: page1 }] });
    times.push(results[0].times[0]);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), max: times.at(-1) };
}

async function measure(label, env, plan) {
  const started = performance.now();
  // The machine may be shared: its load beside the figures.
  const load = os.loadavg()[0];
  const server = await startBenchServer({ port: PORT, admin: ADMIN, env });
  const sockets = [];
  try {
    const setup = await setUp(plan, sockets);
    const setupS = (performance.now() - started) / 1000;
    const pages = await measurePages(setup);
    const updates = await measureUpdates(setup, plan);
    const firstRead = await measureFirstReads(setup, plan);
    const planning = await measurePlanning(BASE, setup);
    const first = pages[0].answer;
    const withTroops = first.incomings.filter((row) => row.defence.troops !== null).length;
    const pagesOk = pages.every((p) => p.p99 <= PAGE_P99_BUDGET_MS);
    const worst = pages.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const updatesOk = updates.missed === 0 && updates.p99 <= UPDATE_P99_BUDGET_MS;
    const planningOk = planning.covered.p99 <= PLAN_P99_BUDGET_MS && planning.uncovered.p99 <= PLAN_P99_BUDGET_MS;
    const pad = "".padEnd(10);
    const lines = [
      `${label.padEnd(10)} set up in ${setupS.toFixed(0)} s (${setup.timings.join(", ")}); load average ${load.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
      `${pad} board: ${first.summary.count} incomings, ${first.summary.nobles} nobles; page 1 has ${withTroops} of ${first.incomings.length} rows with shared troops`,
      ...pages.map((p) => `${pad}   ${p.label.padEnd(11)} ${String(p.totals).padStart(6)} rows  p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`),
      `${pad} board page (perPage 50): every query p99 ≤ ${PAGE_P99_BUDGET_MS} ms (budget; slowest ${worst.label} p99 ${worst.p99.toFixed(1)} ms, ${REQUESTS_PER_QUERY} requests a query) ${pagesOk ? "ok" : "MISSED"}`,
      `${pad} board update to ${MEMBERS} members' sockets: p50 ${updates.p50.toFixed(1)} ms, p99 ${updates.p99.toFixed(1)} ms, max ${updates.max.toFixed(1)} ms over ${updates.received} deliveries of ${CHANGES} pastes${updates.missed ? `, ${updates.missed} missed` : ""} (budget p99 ≤ ${UPDATE_P99_BUDGET_MS} ms) ${updatesOk ? "ok" : "MISSED"}`,
      `${pad}   the paste itself (stored, analysed, answered): median ${updates.answeredP50.toFixed(1)} ms`,
      `${pad}   page 1 read first after a paste (the paster's rows read anew, the walk merged, the page read): p50 ${firstRead.p50.toFixed(1)} ms, max ${firstRead.max.toFixed(1)} ms over ${CHANGES} pastes`,
      `${pad} Verteidigung planen (preview) over ${planning.candidates} shared villages (budget p99 ≤ ${PLAN_P99_BUDGET_MS} ms) ${planningOk ? "ok" : "MISSED"}`,
      ...[
        ["covered by the nearest (5,000 read)", planning.covered],
        ["nothing covers it (5,000 read)", planning.uncovered],
      ].map(
        ([what, p]) =>
          `${pad}   ${what}: p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms, ${p.supports} supports; /api/health meanwhile p99 ${p.probeP99.toFixed(1)} ms, max ${p.probeMax.toFixed(1)} ms${p.probeErrors ? ` (${p.probeErrors} reset connections asked again)` : ""}`,
      ),
    ];
    for (const line of lines) console.log(`  ${line}`);
    return { ok: pagesOk && updatesOk && planningOk, lines };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
  }
}

export async function runTribeBoardBench() {
  const world = generateWorld({ ...DEMO_WORLD, villages: WORLD_VILLAGES });
  const plan = tribePlan(world);
  const ownVillages = plan.members.map((m) => m.own.length).sort((a, b) => a - b);
  const head = [
    `${MEMBERS} members, ${plan.perMember} villages each (bot scans; their own player's ${ownVillages[0]}–${ownVillages.at(-1)} also pasted: the generator's players have at most 90)`,
    `${MEMBERS * INCOMINGS_PER_MEMBER} incomings pasted as SOS (${MEMBERS * TRAINS_PER_MEMBER} noble trains of four; ${MEMBERS * SHARED_PER_MEMBER} pasted by a second member too), ${WORLD_VILLAGES}-village world`,
  ];
  if (plan.perMember < VILLAGES_PER_MEMBER) head.push(`fewer than ${VILLAGES_PER_MEMBER} villages a member: the world has too few player villages`);
  console.log(`\ntribe board (${head.join("; ")})`);
  const notes = [];
  const runs = [];
  const allocation = allocationFigure(defensive);
  notes.push(`Verteidigung planen's allocation alone (planTribeDefence, on the worker) over 5,000 candidates: p50 ${allocation.p50.toFixed(1)} ms, max ${allocation.max.toFixed(1)} ms, ${allocation.supports} supports`);
  console.log(`  ${notes.at(-1)}`);
  if (DATABASES.includes("pglite")) runs.push(await measure("PGlite", { DATABASE_URL: "" }, plan));
  const database = DATABASES.includes("postgres") ? await createPgDatabase(PG_ADMIN_URL, "dsbot_bench_tribe") : null;
  if (!DATABASES.includes("postgres")) {
    notes.push("PostgreSQL not measured (BENCH_TRIBE_DATABASES)");
  } else if (!database) {
    notes.push(`PostgreSQL skipped: no server at ${PG_ADMIN_URL}`);
    console.log(`  ${notes.at(-1)}`);
  } else {
    try {
      runs.push(await measure("PostgreSQL", { DATABASE_URL: database.url }, plan));
    } finally {
      // BENCH_TRIBE_KEEP_PG=1: the database stays for EXPLAIN ANALYZE of the board's queries.
      if (process.env.BENCH_TRIBE_KEEP_PG === "1") console.log(`  kept ${database.url}`);
      else await database.drop();
    }
  }
  writeResultsSection(
    "tribe-board",
    [
      "## Tribe board (`node --import tsx bench/tribe-board.mjs`)",
      "",
      machineFacts([...head.map((h) => `- ${h}`), ...notes.map((n) => `- ${n}`)]),
      "",
      "```text",
      ...runs.flatMap((r) => r.lines),
      "```",
    ].join("\n"),
  );
  return { failed: runs.filter((r) => !r.ok).length };
}

const { failed } = await runTribeBoardBench();
if (failed > 0) process.exitCode = 1;
// A kept database keeps its admin connection open.
if (process.env.BENCH_TRIBE_KEEP_PG === "1") process.exit();
