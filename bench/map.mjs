// The map (Karte) at 100k villages, on the world world.mjs imported:
//   1. bytes on the wire for the map data: /villages (binary) and /owners (players and tribes), brotli
//      as the server sends them to a browser (budget ≤ 1 MB for both together);
//   2. draw time per frame while panning over the villages in headless Chromium, read from the map's
//      test hook (globalThis.__dsbotMap.frameTimes); median and p95 (budget p95 ≤ 16 ms), at a zoom where
//      every village is drawn on its own (the dense, expensive case) and far out (one bitmap), plus
//      the dense case with the CPU slowed 4× (a phone-class CPU; printed, not budgeted).
// Run through `npm run bench` (bench/run.mjs → runWorldBench(runMapBench)), or alone:
// `node bench/map.mjs` (generates and imports the 100k world first, through world.mjs).
import http from "node:http";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The web app's persisted session (apps/web/src/lib/storage.ts `storageKeys.session`, zustand persist). */
const SESSION_KEY = "dsbot-user";
const WIRE_BUDGET_BYTES = 1_000_000;
const FRAME_P95_BUDGET_MS = 16;
/** Mouse steps per pan run; each step is one pointer move and (at most) one frame. */
const PAN_STEPS = Number(process.env.BENCH_MAP_STEPS ?? 240);

/** The body bytes as sent (not decoded): node's fetch would decompress. */
function wireBytes(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode, encoding: response.headers["content-encoding"] ?? "identity", bytes }));
      })
      .on("error", reject);
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { frames: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

async function measureWire({ base, token, worldId }) {
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip" };
  const villages = await wireBytes(`${base}/api/worlds/${worldId}/villages`, headers);
  const owners = await wireBytes(`${base}/api/worlds/${worldId}/owners`, headers);
  if (villages.status !== 200 || owners.status !== 200) throw new Error(`map data: HTTP ${villages.status} / ${owners.status}`);
  const total = villages.bytes + owners.bytes;
  const within = total <= WIRE_BUDGET_BYTES;
  console.log(`\nmap data on the wire (${villages.encoding})`);
  console.log(`  villages ${kb(villages.bytes)} + players and tribes ${kb(owners.bytes)} = ${kb(total)} (budget ≤ ${kb(WIRE_BUDGET_BYTES)}) ${within ? "ok" : "MISSED"}`);
  return within ? 0 : 1;
}

/** Drags the map back and forth across the screen, one frame per mouse step; answers the draw times. */
async function pan(page, view) {
  await page.evaluate((v) => globalThis.__dsbotMap.setView(v), view);
  await page.evaluate(() => new Promise((r) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(r))));
  const box = await page.getByTestId("map-canvas").boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(() => globalThis.__dsbotMap.resetFrames());
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const radius = Math.min(box.width, box.height) * 0.4;
  for (let step = 1; step <= PAN_STEPS; step++) {
    // A circle plus a drift: new villages enter the screen on every frame.
    const angle = (step / PAN_STEPS) * Math.PI * 4;
    await page.mouse.move(cx + Math.cos(angle) * radius - radius, cy + Math.sin(angle) * radius * 0.6);
    await page.evaluate(() => new Promise((r) => globalThis.requestAnimationFrame(() => r())));
  }
  await page.mouse.up();
  const result = await page.evaluate(() => ({ times: [...globalThis.__dsbotMap.frameTimes], last: globalThis.__dsbotMap.lastDraw }));
  return { ...stats(result.times), mode: result.last?.mode ?? "?", drawn: result.last?.villages ?? 0 };
}

async function measureFrames({ base, token, worldId, villages }) {
  // The admin looks at the bench world: their world becomes it (the map shows the user's world).
  const worlds = await (await fetch(`${base}/api/worlds`, { headers: { authorization: `Bearer ${token}` } })).json();
  const world = worlds.worlds.find((w) => w.id === worldId);
  const profile = await fetch(`${base}/api/profile`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ world: { server: world.server, world: world.world } }),
  });
  if (!profile.ok) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
  const { user } = await profile.json();

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  let failed = 0;
  try {
    const context = await browser.newContext({ locale: "de-DE", viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    await context.addInitScript(([key, value]) => globalThis.localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify({ state: { token, user }, version: 0 })]);
    const page = await context.newPage();
    const loadStarted = Date.now();
    await page.goto(`${base}/map`);
    await page.waitForFunction((n) => globalThis.__dsbotMap?.villageCount === n, villages, { timeout: 60_000 });
    const loadMs = Date.now() - loadStarted;
    const size = await page.getByTestId("map-canvas").boundingBox();
    console.log(`\nmap frame time while panning over ${villages} villages (headless Chromium, ${Math.round(size.width)}×${Math.round(size.height)} px canvas, page ready in ${loadMs} ms)`);

    // Draw plus rasterisation: without the read-back Chromium paints the recorded canvas later, unmeasured.
    await page.evaluate(() => (globalThis.__dsbotMap.timeRaster = true));
    const dense = await pan(page, { cx: 500, cy: 500, scale: 4 });
    const within = dense.p95 <= FRAME_P95_BUDGET_MS;
    if (!within) failed++;
    const line = (name, r) => `  ${name.padEnd(34)} median ${r.median.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  (${r.frames} frames, ${r.mode}${r.drawn ? `, ${r.drawn} villages on screen` : ""})`;
    console.log(`${line("every village drawn (4 px/field)", dense)}  budget p95 ≤ ${FRAME_P95_BUDGET_MS} ms ${within ? "ok" : "MISSED"}`);
    const far = await pan(page, { cx: 500, cy: 500, scale: 1.2 });
    console.log(line("far out (bitmap, 1.2 px/field)", far));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const slow = await pan(page, { cx: 500, cy: 500, scale: 4 });
    console.log(`${line("CPU 4× slower, 4 px/field", slow)}  (phone-class, for information)`);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await context.close();
  } finally {
    await browser.close();
  }
  return failed;
}

/** The map figures on an imported world (world.mjs calls this with its running server). */
export async function runMapBench(world) {
  let failed = 0;
  failed += await measureWire(world);
  failed += await measureFrames(world);
  return { failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { runWorldBench } = await import("./world.mjs");
  const result = await runWorldBench(runMapBench);
  if (result.failed > 0) process.exitCode = 1;
}
