// No planner request may hold the server. A window nobody can reach is refused at once, a run
// over its time limit is ended with a German 422 while the server keeps answering, and a user runs one
// plan at a time. (The limits on attacks asked for and on attackers × targets × types are pure:
// planner-limits.test.ts in the protocol.)
import { plannerMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, errorOf, importPlanWorld, newPlan, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

/**
 * The slow run's time limit: 1 ms, against a task that reads ten million characters (over 100 ms on any
 * machine, 150 ms here), so it is over its limit whatever the machine's speed. Every other run gets the
 * generous default (config.plannerTimeoutMs is read per run).
 */
const TIMEOUT_MS = 1;
let app: TestApp;
let call: Call;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  token = await loginAs(app, await createUser(app, { world: PLAN_WORLD }));
  call = caller(app, token);
});
afterAll(() => app?.dispose());

const settings = { window: { from: ARRIVAL, to: ARRIVAL + 2 * 3_600_000 }, counts: { attack: 1 }, templates: { attack: { axe: 100, ram: 10 } } };
const small = { attackers: { kind: "coords", text: "500|500 501|499" }, targets: "510|490", settings };
/** Ten million characters of `1|1|1|…`: over 100 ms of reading for a worker, far over the 1 ms limit. */
const slowText = "1|".repeat(5_000_000);

describe("planner limits", () => {
  it("refuses a window that ends before any village could arrive, before reading the villages", async () => {
    const { id } = await newPlan(call);
    const past = { from: Date.UTC(2000, 0, 1), to: Date.UTC(2000, 0, 31) };
    const response = await call("POST", `/api/attack-plans/${id}/planner`, {
      ...small,
      targets: slowText,
      settings: { ...settings, counts: { attack: 100, conquer: 100, fake: 100 }, templates: { ...settings.templates, conquer: { snob: 1 }, fake: { ram: 1 } }, window: past },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(plannerMessages.windowPast);
    // Nothing was handed to a worker: the text was never read.
    expect(app.ctx.workers.load.workers).toBe(0);
  });

  // That the server answers meanwhile is the stall probe's figure (bench/stall.mjs, the planner rows).
  it("ends a run over its time limit with a German 422 and plans the next request", async () => {
    const { id } = await newPlan(call);
    expect((await call("POST", `/api/attack-plans/${id}/planner`, small)).statusCode).toBe(200);
    const generous = app.ctx.config.plannerTimeoutMs;
    app.ctx.config.plannerTimeoutMs = TIMEOUT_MS;
    const slow = call("POST", `/api/attack-plans/${id}/planner`, { ...small, targets: slowText });
    try {
      const response = await slow;
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).message).toBe(plannerMessages.timeout(TIMEOUT_MS / 1000));
    } finally {
      app.ctx.config.plannerTimeoutMs = generous;
    }
    expect((await call("POST", `/api/attack-plans/${id}/planner`, small)).statusCode).toBe(200);
  });

  it("runs one plan per user at a time: a second request meanwhile is a German 429, another user's goes through", async () => {
    const { id } = await newPlan(call);
    // The first run's worker task waits for the test (a pause, not a replacement: the real task runs then).
    const held = holdFirstWorkerRun();
    const first = call("POST", `/api/attack-plans/${id}/planner`, small);
    try {
      await held.reached;
      const second = await call("POST", `/api/attack-plans/${id}/planner`, small);
      expect(second.statusCode).toBe(429);
      expect(errorOf(second).message).toBe(plannerMessages.running);
      const other = caller(app, await loginAs(app, await createUser(app, { world: PLAN_WORLD })));
      const { id: otherPlan } = await newPlan(other);
      expect((await other("POST", `/api/attack-plans/${otherPlan}/planner`, small)).statusCode).toBe(200);
    } finally {
      held.release();
    }
    expect((await first).statusCode).toBe(200);
    // The slot is free again once the first run has answered.
    expect((await call("POST", `/api/attack-plans/${id}/planner`, small)).statusCode).toBe(200);
  });
});

/** Makes the next worker task wait until `release()`; `reached` settles once a request has asked for it. */
function holdFirstWorkerRun(): { reached: Promise<void>; release: () => void } {
  const workers = app.ctx.workers;
  const run = workers.run.bind(workers);
  const restore = () => Reflect.deleteProperty(workers, "run"); // the prototype's method again
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  workers.run = (async (...args: Parameters<typeof run>) => {
    restore();
    reach();
    await released;
    return run(...args);
  }) as typeof run;
  return { reached, release: () => (restore(), release()) };
}
