// The worker pool with its real worker threads (under tsx): answers, time limits, a full queue, a task's
// own error, and closing; the event loop stays free while a worker is busy.
import { plannerMessages } from "@dsbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { PlannerTaskInput } from "./planner-task.js";
import { WorkerPool, WorkerTaskError } from "./worker-pool.js";

/** A text whose coordinates take a worker seconds to read (5 million matches of one coordinate). */
const slowText = "1|1 ".repeat(5_000_000);

const pools: WorkerPool[] = [];
function pool(size = 1, queueLimit = 4): WorkerPool {
  const created = new WorkerPool({ size, queueLimit });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const failure = (promise: Promise<unknown>) => promise.then(() => new Error("resolved"), (error: unknown) => error);

function emptyPlan(window: { from: number; to: number }): PlannerTaskInput {
  const none = { ids: new Int32Array(0), xs: new Int32Array(0), ys: new Int32Array(0), players: [] };
  return {
    attackers: { ...none, troops: new Int32Array(0), known: new Uint8Array(0), boosts: new Float64Array(0) },
    targets: none,
    settings: { window, counts: {}, templates: {}, unitInfo: {}, algorithm: "nearest", seed: 1, avoidNightBonus: false, noblesFromUnknownVillages: false, night: null, timeZone: "Europe/Berlin", now: 0 },
    unknownCoords: [],
  };
}

describe("WorkerPool", () => {
  it("runs a task on a worker and hands typed arrays back", async () => {
    const [coords] = await pool().run("coords", { texts: ["a 500|501 b 7|8 500|501"], max: 10 }, { timeoutMs: 10_000 });
    expect(coords).toBeInstanceOf(Int32Array);
    expect([...(coords ?? [])]).toEqual([500_501, 7_008]);
  });

  it("ends a task over its time limit, answers on the event loop meanwhile, and runs the next task on a fresh worker", async () => {
    const workers = pool();
    await workers.run("coords", { texts: ["1|1"], max: 1 }, { timeoutMs: 10_000 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const error = await failure(workers.run("coords", { texts: [slowText], max: 10 }, { timeoutMs: 150 }));
    clearInterval(ticker);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as WorkerTaskError).reason).toBe("timeout");
    expect(ticks).toBeGreaterThan(0);
    expect(workers.load).toEqual({ running: 0, waiting: 0, workers: 0 });
    const [next] = await workers.run("coords", { texts: ["3|4"], max: 1 }, { timeoutMs: 10_000 });
    expect([...(next ?? [])]).toEqual([3_004]);
  });

  it("refuses a task when every worker is busy and the queue is full", async () => {
    const workers = pool(1, 1);
    const running = failure(workers.run("coords", { texts: [slowText], max: 10 }, { timeoutMs: 60_000 }));
    const waiting = failure(workers.run("coords", { texts: ["1|2"], max: 1 }, { timeoutMs: 60_000 }));
    const refused = await failure(workers.run("coords", { texts: ["1|2"], max: 1 }, { timeoutMs: 60_000 }));
    expect((refused as WorkerTaskError).reason).toBe("busy");
    expect(workers.load).toMatchObject({ running: 1, waiting: 1 });
    await workers.close();
    expect(((await running) as WorkerTaskError).reason).toBe("closed");
    expect(((await waiting) as WorkerTaskError).reason).toBe("closed");
  });

  it("passes a task's own error on with its name (a German RangeError of the planner)", async () => {
    const error = await failure(pool().run("planner", emptyPlan({ from: 2, to: 1 }), { timeoutMs: 10_000 }));
    expect(error).toMatchObject({ reason: "failed", errorName: "RangeError", message: plannerMessages.window });
  });
});
