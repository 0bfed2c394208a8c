// Web bytes bench: JavaScript bytes on the wire for a cold load of /login and, signed
// in, of /dashboard, in headless Chromium against the built server. "On the wire" is the encoded
// response body (after br/gzip) plus the response headers of every script the page fetched, as
// Chromium's DevTools protocol reports them, and every script is a request (a round trip
// each). KB = 1000 bytes. A budget miss (bytes or requests) makes the run fail.
// Run alone (`node bench/web-bytes.mjs`) or as part of `npm run bench`; both build what is stale first.
// BENCH_VERBOSE=1 lists every script with its size.
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { buildMissing } from "../scripts/lib.mjs";
import { startBenchServer } from "./lib.mjs";

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3594);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ADMIN = { username: "admin", password: "bench-passwort-123" };
/** The web app's persisted session (apps/web/src/lib/storage.ts `storageKeys.session`, zustand persist). */
const SESSION_KEY = "dsbot-user";
const KB = 1000;

export const webBudgets = [
  { name: "/login", path: "/login", budgetKb: 150, maxScripts: 15, signedIn: false, ready: { role: "heading", name: "Willkommen", exact: true } },
  { name: "/dashboard", path: "/dashboard", budgetKb: 250, maxScripts: 25, signedIn: true, ready: { role: "heading", name: "Dashboard" } },
];

async function signIn() {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const { token, user } = await res.json();
  return { token, user };
}

/**
 * One cold load in a fresh browser context (empty cache and storage): the scripts fetched until the
 * network is idle and the page shows `ready`. Sizes come from the DevTools protocol: per request the
 * encoded body length (Network.loadingFinished's encodedDataLength less the response headers).
 */
async function coldLoad(browser, target, session) {
  const context = await browser.newContext({ locale: "de-DE", viewport: { width: 1440, height: 900 } });
  try {
    if (session) {
      const stored = JSON.stringify({ state: session, version: 0 });
      await context.addInitScript(
        ([key, value]) => {
          // Runs in the page: the app reads its session from localStorage at start.
          if (!globalThis.localStorage.getItem(key)) globalThis.localStorage.setItem(key, value);
        },
        [SESSION_KEY, stored],
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const requests = new Map();
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      requests.set(requestId, {
        url: response.url,
        type,
        encoding: response.headers["content-encoding"] ?? response.headers["Content-Encoding"] ?? "identity",
        headerBytes: response.encodedDataLength ?? 0,
        bytes: 0,
      });
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.bytes = Math.max(0, encodedDataLength - request.headerBytes);
    });
    await page.goto(`${BASE}${target.path}`, { waitUntil: "networkidle" });
    await page.getByRole(target.ready.role, { name: target.ready.name, exact: target.ready.exact }).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    const url = new URL(page.url());
    if (url.pathname !== target.path) throw new Error(`${target.path}: the page ended on ${url.pathname}`);
    const scripts = [...requests.values()].filter((r) => r.type === "Script");
    return {
      scripts,
      bytes: scripts.reduce((sum, r) => sum + r.bytes, 0),
      headerBytes: scripts.reduce((sum, r) => sum + r.headerBytes, 0),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** Measures every page of `webBudgets` on a running server; prints one line each. */
export async function measureWebBytes({ verbose = process.env.BENCH_VERBOSE === "1" } = {}) {
  const session = await signIn();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results = [];
  try {
    console.log(`\nweb bytes — JavaScript on the wire per cold page load (encoded body; KB = ${KB} bytes)`);
    for (const target of webBudgets) {
      const { scripts, bytes, headerBytes } = await coldLoad(browser, target, target.signedIn ? session : undefined);
      const wire = bytes + headerBytes;
      const bytesOk = wire <= target.budgetKb * KB;
      const requestsOk = scripts.length <= target.maxScripts;
      const ok = bytesOk && requestsOk;
      const encodings = [...new Set(scripts.map((s) => s.encoding))].join(", ");
      console.log(
        `JS on the wire ${target.name}: ${kb(wire)} (${kb(bytes)} bodies + ${kb(headerBytes)} headers, ${encodings}) (budget ≤ ${target.budgetKb} KB) ${bytesOk ? "ok" : "OVER BUDGET"}`,
      );
      console.log(`script requests ${target.name}: ${scripts.length} (budget ≤ ${target.maxScripts}) ${requestsOk ? "ok" : "OVER BUDGET"}`);
      if (verbose) {
        for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(s.bytes).padStart(10)}  ${new URL(s.url).pathname}`);
      }
      results.push({ name: target.name, bytes: wire, bodyBytes: bytes, headerBytes, budgetKb: target.budgetKb, maxScripts: target.maxScripts, ok, bytesOk, requestsOk, scripts: scripts.length });
    }
  } finally {
    await browser.close();
  }
  return { results, failed: results.filter((r) => !r.ok).length };
}

/** Builds what is stale (the web app above all), starts the built server on a fresh data directory, measures, stops it. */
export async function runWebBytesBench() {
  await buildMissing();
  const server = await startBenchServer({ port: PORT, admin: ADMIN });
  try {
    return await measureWebBytes();
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runWebBytesBench();
  if (result.failed > 0) process.exitCode = 1;
}
