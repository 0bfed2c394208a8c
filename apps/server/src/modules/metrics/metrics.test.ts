// GET /metrics: off (a JSON 404, never the web app) unless DSBOT_METRICS_TOKEN is set; then only for that
// bearer token. A real app with a runner, a bot socket and a bot that sends one attack and fails another
// is scraped, and every dsbot_ family must show what happened. Two apps with metrics in one process
// keep their own registries.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BotAttack } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, newPlan, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { ack, createBot, startBotOnRunner } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp, tempDir } from "../../../test/test-app.js";
import { repoRoot } from "../../../test/worlds.js";
import { configSettings, loadConfig } from "../../core/config.js";
import { attacks, dsbots } from "../../db/schema.js";
import { defaultModules } from "../dsbots/bot-modules.js";
import { metricsMessages } from "./metrics.routes.js";

const TOKEN = "metrics-token-0123456789abcdef";
const OTHER_TOKEN = "other-token-of-the-second-app-42";
const PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (comments left out). */
function parseExposition(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hits = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hits.length === 0 ? undefined : hits.reduce((sum, s) => sum + s.value, 0);
}

async function scrapeText(app: TestApp, token: string): Promise<string> {
  const response = await app.fastify.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe(PROMETHEUS_TEXT);
  return response.body;
}

const scrape = async (app: TestApp, token: string) => parseExposition(await scrapeText(app, token));

/** The Grafana dashboard deploy/ ships (docs/DEPLOY.md, "Metrics (Prometheus)"). */
const dashboard = path.join(repoRoot, "deploy", "grafana-dashboard.json");

describe("DSBOT_METRICS_TOKEN", () => {
  it("is off unless set; a short token is refused in German; it is documented", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ DSBOT_METRICS_TOKEN: "  " }).metricsToken).toBeUndefined();
    expect(loadConfig({ DSBOT_METRICS_TOKEN: ` ${TOKEN}\n` }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ DSBOT_METRICS_TOKEN: "zu-kurz" })).toThrow(/DSBOT_METRICS_TOKEN: muss mindestens 16 Zeichen haben/);
    expect(configSettings.map((s) => s.name)).toContain("DSBOT_METRICS_TOKEN");
  });
});

describe("without DSBOT_METRICS_TOKEN", () => {
  let off: TestApp | undefined;
  const web = tempDir("dsbot-metrics-web-");
  beforeAll(async () => {
    // A built web app: its fallback must still leave /metrics alone.
    mkdirSync(web.dir, { recursive: true });
    writeFileSync(path.join(web.dir, "index.html"), "<!doctype html><title>dsbot-index-metrics</title>");
    off = await createTestApp({ webDir: web.dir });
  });
  afterAll(async () => {
    await off?.dispose();
    web.remove();
  });

  it("GET /metrics does not exist: the JSON 404, not the web app, whatever the header", async () => {
    expect(off!.routes.filter((r) => r.url === "/metrics")).toEqual([]);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await off!.fastify.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: { code: "not_found", message: errorMessages.routeNotFound } });
      expect(response.body).not.toContain("<");
    }
    // The setup works: other pages get the app.
    expect((await off!.fastify.inject({ method: "GET", url: "/bots" })).body).toContain("dsbot-index-metrics");
  });
});

describe("with DSBOT_METRICS_TOKEN: the token", () => {
  let second: TestApp | undefined;
  beforeAll(async () => {
    second = await createTestApp({ metricsToken: OTHER_TOKEN });
  });
  afterAll(() => second?.dispose());

  const refused: [string, Record<string, string>][] = [
    ["no header", {}],
    ["an empty bearer", { authorization: "Bearer " }],
    ["a wrong token of the same length", { authorization: `Bearer ${"x".repeat(OTHER_TOKEN.length)}` }],
    ["a shorter token", { authorization: "Bearer other-token" }],
    ["the token with one character more", { authorization: `Bearer ${OTHER_TOKEN}x` }],
    ["the token of another instance", { authorization: `Bearer ${TOKEN}` }],
    ["the token without the scheme", { authorization: OTHER_TOKEN }],
    ["the token as Basic", { authorization: `Basic ${Buffer.from(`prometheus:${OTHER_TOKEN}`).toString("base64")}` }],
  ];

  it.each(refused)("%s: 401 in German, and no metric", async (_, headers) => {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await second!.fastify.inject({ method, url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="dsbot-metrics"');
      expect(response.body).not.toContain("dsbot_");
      expect(response.body).not.toContain("nodejs_");
      if (method === "GET") expect(response.json()).toEqual({ error: { code: "unauthorized", message: metricsMessages.unauthorized } });
    }
  });

  it("the right token: 200 with the text exposition, not cached; the scheme in any case", async () => {
    for (const scheme of ["Bearer", "bearer"]) {
      const response = await second!.fastify.inject({ method: "GET", url: "/metrics", headers: { authorization: `${scheme} ${OTHER_TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(PROMETHEUS_TEXT);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toContain("# TYPE dsbot_http_request_duration_seconds histogram");
    }
  });
});

describe("with DSBOT_METRICS_TOKEN: what a scrape shows", () => {
  let app: TestApp;
  let url: string;
  const sockets: TestSocket[] = useListeningApp((a, u) => ((app = a), (url = u)), { metricsToken: TOKEN });
  let second: TestApp | undefined;
  afterAll(() => second?.dispose());

  /** Anna's bot on the plan world, started on a real runner, with two claimed attacks of its plan. */
  async function botWithClaimedAttacks(): Promise<{ botId: number; botSocket: TestSocket; sendAt: number; attackIds: number[] }> {
    await importPlanWorld(app);
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const bot = await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world });
    const plan = await newPlan(caller(app, token), "Metrikplan");
    const sendAt = Date.now() + 10_000;
    const rows = await app.db
      .insert(attacks)
      .values(
        [1, 2].map((sourceVillageId) => ({
          planId: plan.id,
          sourceVillageId,
          sourceName: sourceVillageId === 1 ? "Alpha" : "Beta",
          sourceX: 500,
          sourceY: sourceVillageId === 1 ? 500 : 499,
          attackerName: "Anna",
          targetVillageId: 4,
          targetName: "Gamma",
          targetX: 510,
          targetY: 490,
          type: "attack" as const,
          units: { axe: 100 },
          unit: "axe" as const,
          sendAt: new Date(sendAt),
          arrivalAt: new Date(sendAt + 3_600_000),
          priority: 3,
        })),
      )
      .returning({ id: attacks.id });
    const modules = defaultModules();
    modules["attack-planner-scanner"] = { enabled: true, config: { attackPlanIds: [plan.id], leadTimeSeconds: 30, sendOffsetMs: 0, onMissingUnits: "tab_request" } };
    await app.db.update(dsbots).set({ modules }).where(eq(dsbots.id, bot.id));
    const { botSocket } = await startBotOnRunner(app, url, token, bot.id, sockets);
    const claimed = await ack<{ attacks: BotAttack[] }>(botSocket, "bot:attacks", { withinMs: 60_000 });
    if (!claimed.ok) throw new Error(JSON.stringify(claimed));
    expect(claimed.attacks.map((a) => a.id).sort()).toEqual(rows.map((r) => r.id).sort());
    return { botId: bot.id, botSocket, sendAt, attackIds: rows.map((r) => r.id) };
  }

  it("has every family with what the app did: requests, sockets, bots, events, lateness, tab requests, queues, process", async () => {
    const { botSocket, sendAt, attackIds } = await botWithClaimedAttacks();
    // Sent 7 ms after its planned time; the other fails and asks for a tab request.
    const sent = await ack<{ status: string }>(botSocket, "bot:attack-result", {
      attackId: attackIds[0],
      ok: true,
      commandId: 4711,
      sentAt: sendAt + 7,
      arrivesAt: sendAt + 3_600_007,
    });
    expect(sent).toEqual({ ok: true, status: "sent" });
    const failed = await ack<{ status: string }>(botSocket, "bot:attack-result", { attackId: attackIds[1], ok: false, error: "Zu wenig Einheiten", tabRequest: true });
    expect(failed).toEqual({ ok: true, status: "failed" });
    expect((await app.fastify.inject({ method: "GET", url: "/api/no-such-route/12345" })).statusCode).toBe(404);

    const samples = await scrape(app, TOKEN);
    const http = "dsbot_http_request_duration_seconds_count";
    // The route's pattern, never the URL with the bot's id; a request no route took is "unmatched".
    expect(valueOf(samples, http, { method: "POST", route: "/api/dsbot/:id/start", status_code: "200" })).toBe(1);
    expect(valueOf(samples, http, { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
    const patterns = new Set(app.routes.map((r) => r.url));
    const routes = samples.filter((s) => s.name === http).map((s) => s.labels.route!);
    expect(routes.filter((route) => route !== "unmatched" && !patterns.has(route))).toEqual([]);
    expect(routes.join(" ")).not.toMatch(/\d/);

    expect(valueOf(samples, "dsbot_sockets", { origin: "bot-user" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, "dsbot_sockets", { origin: "bot" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, "dsbot_sockets", { origin: "website" })).toBe(0);

    expect(valueOf(samples, "dsbot_bots", { status: "online" })).toBe(1);
    expect(valueOf(samples, "dsbot_bots", { status: "paused" })).toBe(0);

    const lateness = "dsbot_attack_send_lateness_seconds";
    expect(valueOf(samples, `${lateness}_count`)).toBe(1);
    expect(valueOf(samples, `${lateness}_sum`)).toBeCloseTo(0.007, 6);
    expect(valueOf(samples, `${lateness}_bucket`, { le: "0.005" })).toBe(0);
    expect(valueOf(samples, `${lateness}_bucket`, { le: "0.01" })).toBe(1);
    expect(samples.filter((s) => s.name === `${lateness}_bucket`).map((s) => s.labels.le)).toEqual(["0.001", "0.002", "0.005", "0.01", "0.02", "0.05", "0.1", "0.25", "0.5", "1", "5", "+Inf"]);

    expect(valueOf(samples, "dsbot_tab_requests_opened_total", { kind: "attack" })).toBe(1);
    expect(valueOf(samples, "dsbot_tab_requests_opened_total", { kind: "player" })).toBe(0);

    const realtime = "dsbot_realtime_event_latency_seconds_count";
    expect(valueOf(samples, realtime, { event: "bot.status-changed" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, realtime, { event: "attack.reported" })).toBe(2);
    expect(valueOf(samples, realtime, { event: "tab-requests.added" })).toBe(1);

    expect(valueOf(samples, "dsbot_worker_pool_queue_depth")).toBe(0);
    expect(valueOf(samples, "dsbot_db_queue_depth")).toBeGreaterThanOrEqual(0);
    for (const stat of ["p50", "p99", "max"]) expect(valueOf(samples, "dsbot_event_loop_lag_seconds", { stat })).toBeGreaterThanOrEqual(0);
    for (const name of ["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_heap_size_used_bytes", "nodejs_active_handles_total"]) {
      expect(valueOf(samples, name), name).toBeGreaterThan(0);
    }
    // Measured after the scrape that asks (setImmediate): the first scrape may still show 0.
    expect(valueOf(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("dsbot_event_loop_lag_seconds shows a block of the event loop since the previous scrape, then no more", async () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await scrape(app, TOKEN);
    await pause(50);
    const start = Date.now();
    while (Date.now() - start < 150) {
      // Hold the event loop.
    }
    await pause(50);
    const blocked = await scrape(app, TOKEN);
    expect(valueOf(blocked, "dsbot_event_loop_lag_seconds", { stat: "max" })).toBeGreaterThanOrEqual(0.1);
    expect(valueOf(blocked, "dsbot_event_loop_lag_seconds", { stat: "p50" })).toBeLessThan(0.1);
    await pause(50);
    expect(valueOf(await scrape(app, TOKEN), "dsbot_event_loop_lag_seconds", { stat: "max" })).toBeLessThan(0.1);
  });

  it("the Grafana dashboard has a panel on every dsbot_ family, on the ${DS_PROMETHEUS} input", async () => {
    const families = [...(await scrapeText(app, TOKEN)).matchAll(/^# TYPE (dsbot_\w+) /gm)].map((m) => m[1]!);
    expect(families.sort()).toEqual([
      "dsbot_attack_send_lateness_seconds",
      "dsbot_bots",
      "dsbot_db_queue_depth",
      "dsbot_event_loop_lag_seconds",
      "dsbot_http_request_duration_seconds",
      "dsbot_realtime_event_latency_seconds",
      "dsbot_sockets",
      "dsbot_tab_requests_opened_total",
      "dsbot_worker_pool_queue_depth",
    ]);
    const json = JSON.parse(readFileSync(dashboard, "utf8")) as { __inputs: { name: string }[]; panels: { targets?: { expr: string }[]; datasource?: { uid: string } }[] };
    expect(json.__inputs.map((input) => input.name)).toEqual(["DS_PROMETHEUS"]);
    const queried = json.panels.filter((panel) => panel.targets);
    const exprs = queried.flatMap((panel) => panel.targets!.map((target) => target.expr)).join("\n");
    expect(families.filter((family) => !new RegExp(`\\b${family}(_bucket|_count|_sum)?\\b`).test(exprs))).toEqual([]);
    expect(queried.filter((panel) => panel.datasource?.uid !== "${DS_PROMETHEUS}")).toEqual([]);
  });

  it("a second app in the process has its own registry: its own bots, requests and token", async () => {
    second = await createTestApp({ metricsToken: OTHER_TOKEN });
    const samples = await scrape(second, OTHER_TOKEN);
    expect(valueOf(samples, "dsbot_bots", { status: "online" })).toBe(0);
    expect(valueOf(samples, "dsbot_http_request_duration_seconds_count", { route: "/api/dsbot/:id/start" })).toBeUndefined();
    expect(valueOf(samples, "dsbot_attack_send_lateness_seconds_count")).toBe(0);
    expect((await second.fastify.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(401);
    // The first app's scrape still shows its own.
    expect(valueOf(await scrape(app, TOKEN), "dsbot_attack_send_lateness_seconds_count")).toBe(1);
  });
});
