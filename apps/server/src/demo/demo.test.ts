// The demo: demo bots seeded once, a fresh runner token per start, and the built runner
// as its own process hosting the demo user's bots over real sockets.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builderTemplateProgress, type BuilderTemplateListResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pino from "pino";
import { eq } from "drizzle-orm";
import { dsbots } from "../db/schema.js";
import { checkRunnerToken } from "../modules/auth/runner-tokens.service.js";
import { DEMO_USERNAME } from "../modules/bootstrap/bootstrap.js";
import { bearer, loginAs } from "../../test/factories.js";
import { listen } from "../../test/bots.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp, tempDir } from "../../test/test-app.js";
import { selfUrl, startDemoRunner } from "./demo-runner.js";
import { DEMO_BOT_PLAYERS, DEMO_RUNNER_NAME, prepareDemoRunner } from "./demo-setup.js";
import { DEMO_TEMPLATE_NAME, demoTemplateSteps } from "./demo-template.js";

let app: TestApp;
// The real runner file, built here: the unit tests run before `npm run build`.
const runnerBuild = tempDir("dsbot-demo-runner-");
const data = tempDir("dsbot-demo-data-");
beforeAll(async () => {
  execFileSync(process.execPath, [fileURLToPath(new URL("../../../runner/build.mjs", import.meta.url))], {
    env: { ...process.env, DSBOT_RUNNER_OUT: runnerBuild.dir },
    stdio: "ignore",
  });
  app = await createTestApp({ demo: true });
}, 60_000);
afterAll(async () => {
  await app?.dispose();
  runnerBuild.remove();
  data.remove();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const demo = { username: DEMO_USERNAME, password: "demo1234" };

describe("demo setup", () => {
  it("seeds the demo bots once with relogin, inventory and the command scanner on (Zora's Raubzug too), and rotates the runner token", async () => {
    const first = await prepareDemoRunner(app.db, DEMO_USERNAME);
    expect(first?.bots.map((b) => b.playerName)).toEqual([...DEMO_BOT_PLAYERS]);
    expect(await checkRunnerToken(app.db, first?.token ?? "")).toBeDefined();

    const second = await prepareDemoRunner(app.db, DEMO_USERNAME);
    expect(second?.bots).toEqual(first?.bots);
    expect(await checkRunnerToken(app.db, first?.token ?? "")).toBeUndefined();
    expect(await checkRunnerToken(app.db, second?.token ?? "")).toBeDefined();

    const web = await loginAs(app, demo);
    const runners = (await app.fastify.inject({ method: "GET", url: "/api/dsbot-auth/tokens", headers: bearer(web) })).json<{ runners: { name: string }[] }>();
    expect(runners.runners.map((r) => r.name)).toEqual([DEMO_RUNNER_NAME]);
    const enabledOf = async (playerName: string) => {
      const id = first?.bots.find((b) => b.playerName === playerName)?.dsbotId;
      const detail = await app.fastify.inject({ method: "GET", url: `/api/dsbot/${id}`, headers: bearer(web) });
      return detail.json<{ dsbot: { modules: { name: string; enabled: boolean }[] } }>().dsbot.modules.filter((m) => m.enabled).map((m) => m.name).sort();
    };
    expect(await enabledOf("Kalle")).toEqual(["command-scanner", "inventory", "relogin"]);
    expect(await enabledOf("Zora")).toEqual(["command-scanner", "inventory", "relogin", "scavenge"]);
  });

  it("gives the demo user a starter template its bots' builder uses, so the builder switches on with its defaults", async () => {
    const setup = await prepareDemoRunner(app.db, DEMO_USERNAME);
    await prepareDemoRunner(app.db, DEMO_USERNAME);
    const web = await loginAs(app, demo);
    const list = (await app.fastify.inject({ method: "GET", url: "/api/account-manager/templates", headers: bearer(web) })).json<BuilderTemplateListResponse>();
    expect(list.templates.map((t) => t.name)).toEqual([DEMO_TEMPLATE_NAME]);
    // Every step can be built in its order from a new village.
    expect(builderTemplateProgress(demoTemplateSteps()).filter((p) => p.blocked)).toEqual([]);
    const botId = setup?.bots[0]?.dsbotId;
    const module = await app.fastify.inject({ method: "GET", url: `/api/dsbot/${botId}/module?moduleName=builder`, headers: bearer(web) });
    const builder = module.json<{ module: Record<string, unknown> }>().module;
    expect(builder.defaultTemplateId).toBe(list.templates[0]?.id);
    const on = await app.fastify.inject({ method: "POST", url: `/api/dsbot/${botId}/module`, headers: bearer(web), payload: { moduleName: "builder", module: { ...builder, enabled: true } } });
    expect(on.statusCode, on.body).toBe(200);
  });

  it("hands the bots the demo runner started over to its fresh token, so it resumes them after a restart", async () => {
    const first = await prepareDemoRunner(app.db, DEMO_USERNAME);
    const botId = first?.bots[0]?.dsbotId ?? 0;
    const before = await checkRunnerToken(app.db, first?.token ?? "");
    await app.db.update(dsbots).set({ status: "online", startedByRunnerTokenId: before?.runnerToken.id ?? null }).where(eq(dsbots.id, botId));
    const second = await prepareDemoRunner(app.db, DEMO_USERNAME);
    const after = await checkRunnerToken(app.db, second?.token ?? "");
    const [bot] = await app.db.select({ startedBy: dsbots.startedByRunnerTokenId }).from(dsbots).where(eq(dsbots.id, botId));
    expect(bot?.startedBy).toBe(after?.runnerToken.id);
    await app.db.update(dsbots).set({ status: null, startedByRunnerTokenId: null }).where(eq(dsbots.id, botId));
  });

  it("answers undefined without a demo user", async () => {
    expect(await prepareDemoRunner(app.db, "niemand")).toBeUndefined();
  });

  it("runs the built runner as its own process, restarts it when it dies and stops it", async () => {
    const url = await listen(app);
    const runner = await startDemoRunner({
      db: app.db,
      demoUsername: DEMO_USERNAME,
      serverUrl: selfUrl("0.0.0.0", Number(new URL(url).port)),
      runnerDir: runnerBuild.dir,
      dataDir: data.dir,
      log: pino({ level: "silent" }),
    });
    expect(runner).toBeDefined();
    const web = await loginAs(app, demo);
    const connections = async () =>
      (await app.fastify.inject({ method: "GET", url: "/api/websocket-connections", headers: bearer(web) })).json<{
        websocketConnections: { origin: string; runnerName: string }[];
      }>().websocketConnections;
    try {
      // Not this process: another one, paired through the config file the server wrote (mode 0600).
      const firstPid = runner?.pid;
      expect(firstPid).toBeGreaterThan(0);
      expect(firstPid).not.toBe(process.pid);
      const configFile = path.join(data.dir, "demo-runner.json");
      expect(statSync(configFile).mode & 0o777).toBe(0o600);
      const written = JSON.parse(readFileSync(configFile, "utf8")) as { server: string; token: string; bots: { playerName: string }[] };
      expect(written.bots.map((b) => b.playerName)).toEqual([...DEMO_BOT_PLAYERS]);
      expect(await checkRunnerToken(app.db, written.token)).toBeDefined();

      await vi.waitFor(async () => expect(await connections()).toHaveLength(DEMO_BOT_PLAYERS.length), { timeout: 15_000, interval: 100 });
      expect((await connections()).every((c) => c.origin === "bot-user" && c.runnerName === DEMO_RUNNER_NAME)).toBe(true);

      // Killed from outside: the supervisor starts a new process, which announces the bots again.
      process.kill(firstPid as number, "SIGKILL");
      await vi.waitFor(
        () => {
          expect(runner?.pid).toBeGreaterThan(0);
          expect(runner?.pid).not.toBe(firstPid);
        },
        { timeout: 10_000, interval: 50 },
      );
      await vi.waitFor(async () => expect(await connections()).toHaveLength(DEMO_BOT_PLAYERS.length), { timeout: 15_000, interval: 100 });
    } finally {
      const pid = runner?.pid;
      await runner?.stop();
      expect(pid === undefined || !alive(pid)).toBe(true);
    }
    await vi.waitFor(async () => expect(await connections()).toHaveLength(0), { timeout: 10_000, interval: 100 });
  });

  it("starts no runner when none was built", async () => {
    const runner = await startDemoRunner({
      db: app.db,
      demoUsername: DEMO_USERNAME,
      serverUrl: "http://127.0.0.1:1",
      runnerDir: path.join(data.dir, "nothing-here"),
      dataDir: data.dir,
      log: pino({ level: "silent" }),
    });
    expect(runner).toBeUndefined();
  });

  it("knows where the server reaches itself", () => {
    expect(selfUrl("0.0.0.0", 3000)).toBe("http://127.0.0.1:3000");
    expect(selfUrl("::", 3000)).toBe("http://127.0.0.1:3000");
    expect(selfUrl("127.0.0.1", 4000)).toBe("http://127.0.0.1:4000");
    expect(selfUrl("::1", 4000)).toBe("http://[::1]:4000");
  });
});
