// The demo (PRODUCT §8): demo bots seeded once, a fresh runner token per start, and the in-process
// runner hosting the demo user's bots over real sockets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { checkRunnerToken } from "../modules/dsbot-auth/runner-tokens.service.js";
import { DEMO_USERNAME } from "../modules/bootstrap/bootstrap.js";
import { bearer, loginAs } from "../../test/factories.js";
import { listen } from "../../test/bots.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp } from "../../test/test-app.js";
import { selfUrl, startDemoRunner } from "./demo-runner.js";
import { DEMO_BOT_PLAYERS, DEMO_RUNNER_NAME, prepareDemoRunner } from "./demo-setup.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ demo: true });
});
afterAll(() => app?.dispose());

const demo = { username: DEMO_USERNAME, password: "demo1234" };

describe("demo setup", () => {
  it("seeds the demo bots once with relogin and inventory on, and rotates the runner token", async () => {
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
    const detail = await app.fastify.inject({ method: "GET", url: `/api/dsbot/${first?.bots[0]?.dsbotId}`, headers: bearer(web) });
    const enabled = detail.json<{ dsbot: { modules: { name: string; enabled: boolean }[] } }>().dsbot.modules.filter((m) => m.enabled);
    expect(enabled.map((m) => m.name).sort()).toEqual(["inventory", "relogin"]);
  });

  it("answers undefined without a demo user", async () => {
    expect(await prepareDemoRunner(app.db, "niemand")).toBeUndefined();
  });

  it("runs an in-process runner whose connections the demo user sees", async () => {
    const url = await listen(app);
    const runner = await startDemoRunner(app.db, DEMO_USERNAME, selfUrl("0.0.0.0", Number(new URL(url).port)), pino({ level: "silent" }));
    try {
      expect(runner).toBeDefined();
      const web = await loginAs(app, demo);
      const list = await app.fastify.inject({ method: "GET", url: "/api/websocket-connections", headers: bearer(web) });
      const connections = list.json<{ websocketConnections: { origin: string; runnerName: string }[] }>().websocketConnections;
      expect(connections).toHaveLength(DEMO_BOT_PLAYERS.length);
      expect(connections.every((c) => c.origin === "bot-user" && c.runnerName === DEMO_RUNNER_NAME)).toBe(true);
    } finally {
      await runner?.stop();
    }
  });

  it("knows where the server reaches itself", () => {
    expect(selfUrl("0.0.0.0", 3000)).toBe("http://127.0.0.1:3000");
    expect(selfUrl("::", 3000)).toBe("http://127.0.0.1:3000");
    expect(selfUrl("127.0.0.1", 4000)).toBe("http://127.0.0.1:4000");
    expect(selfUrl("::1", 4000)).toBe("http://[::1]:4000");
  });
});
