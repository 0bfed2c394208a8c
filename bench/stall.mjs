// The stall probe (docs/SECURITY.md, "Work that grows with its input"). While each heavy operation runs at
// its limits, GET /api/health is called every 100 ms; the slowest answer per operation is printed against the
// budget (no health answer slower than 250 ms), on embedded PGlite and on PostgreSQL (a fresh database,
// created and dropped here; skipped with a note when none answers). The operations: the world import of a
// 100k-village world, its map data, the planner on 20,000 × 5,000 villages (a past window, and a real one as
// preview and saved), the JSON import of 50,000 attacks, the largest export of them (three at once), and bulk
// actions on all 50,000. Runs TypeScript sources (the world generator, the formats), so:
//   node --import tsx bench/stall.mjs            (the full run; exits 1 on a missed budget)
//   node --import tsx bench/stall.mjs --short    (CI: a tenth of the sizes, PGlite only; exits 1 on errors only)
//   node --import tsx bench/stall.mjs --pglite   (the full sizes, PGlite only)
//   node --import tsx bench/stall.mjs --only=sos (only the operations whose label contains "sos", after the world import)
import { exportJson } from "../packages/protocol/src/attack-plans/formats/json.ts";
import { DEMO_WORLD, generateWorld } from "../packages/protocol/src/game/world-generator.ts";
import { seededRandom } from "../packages/protocol/src/random.ts";
import { createPgDatabase, importGeneratedWorld, login, startBenchServer } from "./lib.mjs";

const SHORT = process.argv.includes("--short");
/** `--only=<text>`: run only the operations whose label contains the text (the world import always runs). */
const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).toLowerCase();
const scale = SHORT ? 0.1 : 1;
const PORT = 3597;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "admin", password: "bench-passwort-123" };
const HEALTH_BUDGET_MS = 250;
const PROBE_EVERY_MS = 100;
const WORLD_VILLAGES = Math.round(100_000 * scale);
const ATTACKERS = Math.round(20_000 * scale);
const TARGETS = Math.round(5_000 * scale);
const ATTACKS = Math.round(50_000 * scale);
/** An SOS text of this many attacks (5,000 is the parser's limit, about 0.9 MB). */
const SOS_ATTACKS = Math.round(5_000 * scale);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Calls /api/health every 100 ms until stopped; answers the slowest answer (a call still open counts its age). */
function healthProbe() {
  const times = [];
  const open = new Set();
  const timer = setInterval(() => {
    const started = performance.now();
    open.add(started);
    fetch(`${BASE}/api/health`)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined)
      .finally(() => {
        open.delete(started);
        times.push(performance.now() - started);
      });
  }, PROBE_EVERY_MS);
  return () => {
    clearInterval(timer);
    const now = performance.now();
    const worst = Math.max(0, ...times, ...[...open].map((started) => now - started));
    return { worstMs: worst, probes: times.length + open.size };
  };
}

/** A JSON request that must answer `expect` (a status or a list); answers the body. */
async function request(token, method, url, body, expect = 200) {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }) },
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const wanted = Array.isArray(expect) ? expect : [expect];
  if (!wanted.includes(response.status)) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, body: text.length > 0 && text.startsWith("{") ? JSON.parse(text) : text, bytes: text.length };
}

/** Runs one operation under the probe; prints and answers its line. */
async function probe(label, operation, results) {
  if (ONLY && !label.toLowerCase().includes(ONLY) && !label.startsWith("world import")) return;
  const stop = healthProbe();
  const started = performance.now();
  let note = "";
  let error;
  try {
    note = (await operation()) ?? "";
  } catch (caught) {
    error = caught;
  }
  const tookMs = performance.now() - started;
  const { worstMs, probes } = stop();
  const within = worstMs <= HEALTH_BUDGET_MS;
  const line = `  ${label.padEnd(52)} ${String(Math.round(tookMs)).padStart(6)} ms  health max ${String(Math.round(worstMs)).padStart(5)} ms (${probes} probes, budget ≤ ${HEALTH_BUDGET_MS} ms) ${
    error ? "ERROR" : within ? "ok" : "MISSED"
  }${note ? ` — ${note}` : ""}`;
  console.log(line);
  if (error) console.log(`    ${error.message}`);
  results.push({ label, within, error });
}

const coordsText = (villages) => villages.map((v) => `${v.x}|${v.y}`).join("\n");

/** `count` attacks between the world's villages in the dsbot JSON format, arriving over the next week. */
function attacksJson(world, count) {
  const random = seededRandom(19);
  const pick = () => world.villages[Math.floor(random() * world.villages.length)];
  const now = Date.now();
  const attacks = [];
  while (attacks.length < count) {
    const from = pick();
    const to = pick();
    if (from.id === to.id) continue;
    attacks.push({
      from: { x: from.x, y: from.y },
      to: { x: to.x, y: to.y },
      type: random() < 0.5 ? "attack" : "fake",
      units: { axe: 3000, light: 1000, ram: 250 },
      unit: "ram",
      arrival: now + 3_600_000 + Math.floor(random() * 7 * 86_400_000),
      priority: 1 + Math.floor(random() * 5),
    });
  }
  return exportJson(attacks, { name: "Stall" });
}

/** An SOS text: `count` attacks on 50 villages of the world from others, landing next year. */
function sosText(world, count, day = 23) {
  const year = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");
  const lines = [];
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) {
      const target = world.villages[(i / 100) % 50];
      lines.push("[b]Angegriffenes Dorf[/b]", `[coord]${target.x}|${target.y}[/coord]`, "Stufe des Walls: 20", "");
    }
    const origin = world.villages[100 + i];
    const second = String(i % 60).padStart(2, "0");
    const ms = String(i % 1000).padStart(3, "0");
    lines.push(`[b]${(i % 100) + 1}. Angriff[/b]`, `Angreifer: [player]Spieler ${i % 40}[/player]`, `Herkunft: [coord]${origin.x}|${origin.y}[/coord]`, `Ankunftszeit: ${day}.06.${year} 18:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${second}:${ms}`, "");
  }
  return lines.join("\n");
}

async function measure(label, env) {
  console.log(`\n${label}`);
  const results = [];
  const server = await startBenchServer({ port: PORT, admin: ADMIN, env });
  try {
    const token = await login(BASE, ADMIN);
    const api = (method, url, body, expect) => request(token, method, url, body, expect);
    const worldName = { server: "die-staemme.de", world: "de119" };
    let worldId;
    await probe(`world import (${WORLD_VILLAGES.toLocaleString("en")} villages)`, async () => {
      const jsonApi = async (method, url, body) => (await api(method, url, body, [200, 201])).body;
      const { world, result } = await importGeneratedWorld(jsonApi, { villages: WORLD_VILLAGES, world: worldName });
      worldId = world.id;
      return `${result.imported.villages} villages in ${result.durationMs} ms`;
    }, results);
    await probe("map data (villages + owners, 4 clients at once)", async () => {
      const fetches = Array.from({ length: 4 }, () => Promise.all([api("GET", `/api/worlds/${worldId}/villages`), api("GET", `/api/worlds/${worldId}/owners`)]));
      await Promise.all(fetches);
    }, results);

    const world = generateWorld({ ...DEMO_WORLD, villages: WORLD_VILLAGES });
    const attackers = world.villages.slice(0, ATTACKERS);
    const targets = world.villages.slice(world.villages.length - TARGETS);
    const { body: created } = await api("POST", "/api/attack-plans", { name: "Stall", world: worldName }, [200, 201]);
    const planId = created.attackPlan.id;
    const planner = (settings, save = false) => ({ attackers: { kind: "coords", text: coordsText(attackers) }, targets: coordsText(targets), settings, save });
    const all = { attack: 100, conquer: 100, fake: 100, support: 100, wallbreaker: 100, fake_support: 100 };
    const templates = { attack: { axe: 3000, ram: 250 }, conquer: { snob: 1, axe: 100 }, fake: { ram: 1 }, support: { spear: 1000 }, wallbreaker: { ram: 200 }, fake_support: { spear: 1 } };
    const now = Date.now();
    await probe(`planner ${ATTACKERS.toLocaleString("en")} × ${TARGETS.toLocaleString("en")}, past window, all types × 100`, async () => {
      const { body } = await api("POST", `/api/attack-plans/${planId}/planner`, planner({ window: { from: Date.UTC(2000, 0, 1), to: Date.UTC(2000, 0, 31) }, counts: all, templates }), 400);
      return `400: ${body.error.message.slice(0, 60)}…`;
    }, results);
    const real = { window: { from: now + 86_400_000, to: now + 8 * 86_400_000 }, counts: { attack: 5, fake: 5 }, templates, avoidNightBonus: true };
    await probe(`planner ${ATTACKERS.toLocaleString("en")} × ${TARGETS.toLocaleString("en")}, real window, preview`, async () => {
      const { body, bytes } = await api("POST", `/api/attack-plans/${planId}/planner`, planner(real), [200, 422]);
      return body.attacks ? `${body.attacks.length} attacks, ${(bytes / 1e6).toFixed(1)} MB` : `422: ${body.error.message.slice(0, 60)}…`;
    }, results);
    await probe(`planner ${ATTACKERS.toLocaleString("en")} × ${TARGETS.toLocaleString("en")}, real window, saved`, async () => {
      const { body } = await api("POST", `/api/attack-plans/${planId}/planner`, planner(real, true), [200, 422]);
      return body.saved !== undefined ? `${body.saved} attacks saved` : `422: ${body.error.message.slice(0, 60)}…`;
    }, results);

    const { body: second } = await api("POST", "/api/attack-plans", { name: "Stall 2", world: worldName }, [200, 201]);
    const bigPlan = second.attackPlan.id;
    const json = attacksJson(world, ATTACKS);
    await probe(`JSON import of ${ATTACKS.toLocaleString("en")} attacks (${(json.length / 1e6).toFixed(1)} MB)`, async () => {
      const { body } = await api("POST", `/api/attack-plans/${bigPlan}/import`, { format: "json", text: json });
      return `${body.imported} imported`;
    }, results);
    await probe(`export of ${ATTACKS.toLocaleString("en")} attacks as BB-Code, 3 at once`, async () => {
      const answers = await Promise.all([0, 1, 2].map(() => api("POST", `/api/attack-plans/${bigPlan}/export`, { format: "bbcode" }, [200, 413, 422, 429])));
      return answers.map((a) => (a.status === 200 ? `${(a.bytes / 1e6).toFixed(1)} MB` : String(a.status))).join(", ");
    }, results);
    await probe(`export of ${ATTACKS.toLocaleString("en")} attacks as DS Workbench`, async () => {
      const { bytes } = await api("POST", `/api/attack-plans/${bigPlan}/export`, { format: "dswb" });
      return `${(bytes / 1e6).toFixed(1)} MB`;
    }, results);
    const everything = { filter: {} };
    // Pasted SOS texts are read in a worker thread, then written in chunks.
    await api("PATCH", "/api/profile", { world: worldName });
    // Two texts of other arrivals and one of them again: the second written paste brings the user to the
    // paste limit (10,000) and its analysis runs over all of them; the repeat changes nothing.
    const sos = [sosText(world, SOS_ATTACKS, 23), sosText(world, SOS_ATTACKS, 24)];
    await probe(`SOS text import, ${SOS_ATTACKS.toLocaleString("en")} attacks (${(sos[0].length / 1e6).toFixed(1)} MB), 3 at once`, async () => {
      const answers = await Promise.all([sos[0], sos[1], sos[0]].map((text) => api("POST", "/api/incomings/import", { text }, [200, 429])));
      return answers.map((a) => (a.status === 200 ? `${a.body.imported} imported` : String(a.status))).join(", ");
    }, results);
    await probe(`bulk status on all ${ATTACKS.toLocaleString("en")}`, async () => {
      const { body } = await api("POST", `/api/attack-plans/${bigPlan}/attacks/bulk`, { action: "status", selection: everything, status: "cancelled" });
      return `${body.affected} changed`;
    }, results);
    await probe(`bulk delete of all ${ATTACKS.toLocaleString("en")}`, async () => {
      const { body } = await api("POST", `/api/attack-plans/${bigPlan}/attacks/bulk`, { action: "delete", selection: everything });
      return `${body.affected} deleted`;
    }, results);
  } finally {
    await server.stop();
  }
  return results;
}


export async function runStallBench() {
  console.log(`\nstall probe: GET /api/health every ${PROBE_EVERY_MS} ms during each heavy operation${SHORT ? " (short: a tenth of the sizes)" : ""}`);
  const results = await measure("  PGlite", {});
  if (!SHORT && !process.argv.includes("--pglite")) {
    const database = await createPgDatabase(PG_ADMIN_URL, "dsbot_stall");
    if (!database) console.log(`  PostgreSQL skipped: no server at ${PG_ADMIN_URL}`);
    else {
      try {
        results.push(...(await measure("  PostgreSQL", { DATABASE_URL: database.url })));
      } finally {
        await database.drop();
      }
    }
  }
  const errors = results.filter((r) => r.error).length;
  const missed = results.filter((r) => !r.within).length;
  console.log(`  ${results.length} operations: ${errors} errors, ${missed} over the health budget`);
  return { errors, missed };
}

const { errors, missed } = await runStallBench();
if (errors > 0 || (!SHORT && missed > 0)) process.exitCode = 1;
