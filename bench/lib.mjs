// Helpers shared by the bench scripts.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Resolves once `url` answers 2xx; polls every 200 ms, gives up after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/**
 * The built server (apps/server/dist/main.js) on 127.0.0.1:`port` with a fresh data directory, the
 * given admin, no demo data and no world sync; `env` adds or overrides settings. Answers once it is
 * healthy; `stop()` ends it and removes the data directory.
 */
export async function startBenchServer({ port, admin, env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-bench-"));
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of the server there; BENCH_SERVER_LOGS=1: show its log;
  // BENCH_SERVER_LOG_DIR=<dir>: its output to <dir>/server-<port>.log, the first line the spawn time in
  // ms since the epoch (to line up e.g. BENCH_SERVER_NODE_ARGS="--trace-gc" with a latency trace).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const logDir = process.env.BENCH_SERVER_LOG_DIR;
  const logFd = logDir ? openSync(path.join(logDir, `server-${port}.log`), "w") : undefined;
  if (logFd !== undefined) writeSync(logFd, `spawned ${Date.now()}\n`);
  const output = logFd ?? (process.env.BENCH_SERVER_LOGS === "1" ? "inherit" : "ignore");
  const child = spawn(process.execPath, [...profile, ...nodeArgs, "apps/server/dist/main.js"], {
    cwd: root,
    stdio: ["ignore", output, logFd ?? "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DSBOT_DATA_DIR: dataDir,
      DSBOT_ADMIN_USERNAME: admin.username,
      DSBOT_ADMIN_PASSWORD: admin.password,
      DSBOT_DEMO: "0",
      DSBOT_WORLD_SYNC: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop, pid: child.pid };
}

/** Runs a command in the repository root; resolves on exit code 0. */
export function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Runs bench/probe.mjs with `input` (see there); answers its output. */
export async function probe(input) {
  return JSON.parse(await output(process.execPath, ["bench/probe.mjs", JSON.stringify(input)]));
}

/** Runs a command in the repository's root; answers what it printed on stdout. */
function output(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** A JSON API client on `base` with a bearer token; `body`: FormData as is, anything else as JSON. */
export function apiClient(base, token) {
  return async (method, url, body) => {
    const json = body !== undefined && !(body instanceof FormData);
    const headers = { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) };
    const response = await fetch(`${base}${url}`, { method, headers, body: json ? JSON.stringify(body) : body });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** Logs in on `base`; answers the bearer token. */
export async function login(base, credentials) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return (await response.json()).token;
}

/**
 * Generates a world with the project's generator (`villages`, the demo seed) and imports it through
 * the admin API as `world`. Answers { world, result, generateMs, uploadBytes, wallMs }.
 */
export async function importGeneratedWorld(api, { villages, world }) {
  const filesDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-bench-world-"));
  try {
    const generated = Date.now();
    await run(process.execPath, ["--import", "tsx", "apps/server/src/cli/world-generate.ts", "--villages", String(villages), filesDir]);
    const generateMs = Date.now() - generated;
    const { world: created } = await api("POST", "/api/worlds", world);
    const form = new FormData();
    let uploadBytes = 0;
    for (const file of readdirSync(filesDir)) {
      const bytes = readFileSync(path.join(filesDir, file));
      uploadBytes += bytes.length;
      form.append(file, new Blob([bytes]), file);
    }
    const started = performance.now();
    const result = await api("POST", `/api/worlds/${created.id}/import`, form);
    return { world: created, result, generateMs, uploadBytes, wallMs: Math.round(performance.now() - started) };
  } finally {
    rmSync(filesDir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database (`<prefix>_<time>`) for one run on the server of `adminUrl`; null when none answers. */
export async function createPgDatabase(adminUrl, prefix) {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * bench/results.md is made of sections, each between `<!-- name -->` and `<!-- /name -->`: `npm run
 * bench` writes its own, `npm run bench:soak` the soak's; writing one keeps the others.
 */
export function writeResultsSection(name, markdown) {
  const file = path.join(root, "bench/results.md");
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  let text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results\n\nWritten by `npm run bench` and `npm run bench:soak` (see bench/); every figure with its budget.\n";
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  text = start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + close.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text.endsWith("\n") ? text : `${text}\n`);
}

/** The machine the figures come from, as a Markdown list. */
export function machineFacts(extra = []) {
  const cpus = os.cpus();
  return [
    `- measured ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`,
    `- ${cpus.length} cores (${cpus[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
    `- Node ${process.version}`,
    ...extra,
  ].join("\n");
}

/** Run `task` over `items` with at most `limit` in flight; answers the results in order. */
export async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i], i);
      }
    }),
  );
  return results;
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
