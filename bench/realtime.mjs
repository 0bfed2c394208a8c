// Realtime bench: latency from a bot's `bot:status` report to the website's `botUpdateStatus` event,
// with 500 bot sockets and 50 website sockets on the built server (embedded PGlite, fresh data dir).
// Run alone (`node bench/realtime.mjs` after building the server) or as part of `npm run bench`.
import { pathToFileURL } from "node:url";
import { io as connect } from "socket.io-client";
import { percentile, pool, startBenchServer } from "./lib.mjs";

const PORT = Number(process.env.BENCH_REALTIME_PORT ?? 3593);
const BASE = `http://127.0.0.1:${PORT}`;
const BOTS = Number(process.env.BENCH_BOTS ?? 500);
const WEBSITES = Number(process.env.BENCH_WEBSITES ?? 50);
const RATE = Number(process.env.BENCH_REPORTS_PER_SECOND ?? 100);
const SECONDS = Number(process.env.BENCH_REALTIME_SECONDS ?? 10);
const ADMIN = { username: "admin", password: "bench-passwort-123" };

async function api(method, url, { token, body } = {}) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}



function open(auth) {
  const socket = connect(BASE, { transports: ["websocket"], reconnection: false, auth });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(new Error(`${auth.origin}: ${error.message}`)));
  });
}


export async function runRealtimeBench() {
  const started = Date.now();
  const server = await startBenchServer({ port: PORT, admin: ADMIN, env: { DATABASE_URL: "" } });
  const sockets = [];
  try {
    const admin = (await api("POST", "/api/auth/login", { body: ADMIN })).token;
    const user = { username: "bench", password: "bench-passwort-123" };
    // Users and bots go only on a world the server knows.
    await api("POST", "/api/worlds", { token: admin, body: { server: "die-staemme.de", world: "de230" } });
    await api("POST", "/api/users", { token: admin, body: { ...user, role: "user", world: { server: "die-staemme.de", world: "de230" } } });
    const web = (await api("POST", "/api/auth/login", { body: user })).token;

    // Runner token through the device flow.
    const device = await api("POST", "/api/dsbot-auth/device", { body: { name: "Bench-Runner" } });
    await api("POST", "/api/dsbot-auth/approve", { token: web, body: { userCode: device.userCode } });
    const runnerToken = (await api("POST", "/api/dsbot-auth/token", { body: { deviceCode: device.deviceCode } })).token;

    const bots = await pool(Array.from({ length: BOTS }, (_, i) => i), 8, async (i) =>
      (await api("POST", "/api/dsbot", { token: web, body: { dsPlayer: { name: `Bench ${i}` }, world: { server: "die-staemme.de", world: "de230" } } })).dsbot.id,
    );
    const setupDone = Date.now();

    const runner = await open({ token: runnerToken, origin: "bot-user" });
    sockets.push(runner);
    const hello = await runner.timeout(30_000).emitWithAck("runner:hello", { name: "Bench-Runner", version: "1.0.0", bots });
    if (!hello.ok || hello.accepted.length !== BOTS) throw new Error(`hello: ${JSON.stringify(hello).slice(0, 200)}`);
    const { websocketConnections } = await api("GET", "/api/websocket-connections", { token: web });
    const connectionOf = new Map(websocketConnections.map((c) => [c.dsbotId, c.id]));
    await pool(bots, 8, (id) => api("POST", `/api/dsbot/${id}/start`, { token: web, body: { websocketConnectionId: connectionOf.get(id) } }));

    const websites = await pool(Array.from({ length: WEBSITES }), 10, () => open({ token: web, origin: "website" }));
    sockets.push(...websites);
    const botSockets = await pool(bots, 25, (dsbotId) => open({ token: runnerToken, origin: "bot", dsbotId }));
    sockets.push(...botSockets);
    // Every bot goes online once (not measured), then the steady phase alternates paused/online.
    await pool(botSockets, 25, (s) => s.timeout(30_000).emitWithAck("bot:status", { status: "online" }));
    const connectDone = Date.now();

    const sentAt = new Map(); // `${dsbotId}:${status}` → time of the report
    const latencies = [];
    let received = 0;
    for (const site of websites) {
      site.on("message", (message) => {
        if (message?.type !== "botUpdateStatus") return;
        const sent = sentAt.get(`${message.data.dsbot.id}:${message.data.dsbot.status}`);
        if (sent === undefined) return;
        received += 1;
        latencies.push(performance.now() - sent);
      });
    }

    const state = bots.map(() => "online");
    const total = RATE * SECONDS;
    let sent = 0;
    let acked = 0;
    let failed = 0;
    const acks = [];
    const intervalMs = 1000 / RATE;
    const phaseStart = performance.now();
    for (let n = 0; n < total; n++) {
      const wait = phaseStart + n * intervalMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const i = n % BOTS;
      const status = state[i] === "online" ? "paused" : "online";
      state[i] = status;
      sentAt.set(`${bots[i]}:${status}`, performance.now());
      sent += 1;
      acks.push(
        botSockets[i]
          .timeout(10_000)
          .emitWithAck("bot:status", { status })
          .then((a) => (a.ok ? (acked += 1) : (failed += 1)), () => (failed += 1)),
      );
    }
    await Promise.all(acks);
    const expected = sent * WEBSITES;
    const drainUntil = Date.now() + 5000;
    while (received < expected && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    const phaseSeconds = (performance.now() - phaseStart) / 1000;

    latencies.sort((a, b) => a - b);
    console.log(
      `\nrealtime — ${BOTS} bot sockets, ${WEBSITES} website sockets, ${RATE} status reports/s for ${SECONDS} s (embedded PGlite)`,
    );
    console.log(`setup ${((setupDone - started) / 1000).toFixed(1)} s (server start, ${BOTS} bots), start + connect ${((connectDone - setupDone) / 1000).toFixed(1)} s`);
    console.log(`reports sent ${sent}, acked ok ${acked}, failed ${failed}, achieved ${(sent / phaseSeconds).toFixed(0)}/s`);
    console.log(`website events received ${received} of ${expected} expected (${((100 * received) / expected).toFixed(1)} %)`);
    console.log(
      `bot:status → website botUpdateStatus: median ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
    );
    return { sent, acked, failed, received, expected, median: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    for (const s of sockets) s.disconnect();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runRealtimeBench();
  if (result.failed > 0 || result.received < result.expected) process.exitCode = 1;
}
