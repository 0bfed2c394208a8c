// Big writes of a plan's attacks: the rows go in under a new generation in short statements
// while every reader keeps seeing the plan as it was, and appear in one step. No reader waits for the
// write (on PGlite one long transaction held every query), nobody sees half of it, and what a crashed
// write left behind is never shown, sent or claimed, and is cleaned up.
import type { AttackData } from "@dsbot/protocol";
import { attackListResponseSchema, attackPlanListResponseSchema, attackPlanMessages, exportJson } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, errorOf, importManyAttacks, importPlanWorld, newPlan, planVillages } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { attackPlans, attacks } from "../../db/schema.js";
import { advanceAttacks } from "./attack-clock.js";
import type { VillageRecord } from "../worlds/world-files.js";
import { removeHiddenAttacks } from "./attack-publish.service.js";

let app: TestApp;
let call: Call;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  call = caller(app, await loginAs(app, await createUser(app)));
});
afterAll(() => app?.dispose());

const owned = planVillages.filter((v) => v.playerId !== 0);

/** `count` attacks of one priority as the plan's JSON, arrivals 1 ms apart from `arrival`. */
function jsonOf(count: number, priority: number, arrival = ARRIVAL): string {
  const list: AttackData[] = Array.from({ length: count }, (_, i) => ({
    from: owned[i % owned.length] as VillageRecord,
    to: owned[(i + 1) % owned.length] as VillageRecord,
    type: "attack",
    units: { axe: 100, ram: 5 },
    unit: "ram",
    arrival: arrival + i,
    priority,
  }));
  return exportJson(list);
}

/** The table's first page as the API shows it: total and the priorities on it. */
async function tableView(planId: number): Promise<{ totals: number; priorities: number[] }> {
  const response = await call("GET", `/api/attack-plans/${planId}/attacks?perPage=50`);
  expect(response.statusCode, response.body).toBe(200);
  const page = attackListResponseSchema.parse(response.json());
  return { totals: page.totals, priorities: [...new Set(page.attacks.map((a) => a.priority))] };
}

/** Every row of the plan in the table, visible or not (what the database holds). */
async function rawCount(planId: number): Promise<number> {
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(attacks).where(eq(attacks.planId, planId));
  return row?.n ?? 0;
}

/** Runs `write` while reading the table and the raw row count over and over until it answers. */
async function observe<T>(planId: number, write: () => Promise<T>) {
  const views: { totals: number; priorities: number[] }[] = [];
  const raws: number[] = [];
  let done = false;
  const reading = (async () => {
    while (!done) {
      views.push(await tableView(planId));
      raws.push(await rawCount(planId));
      // As between requests from the network: PGlite answers in microtasks, and a loop of them alone
      // would never let the writer's next chunk (after its setImmediate) run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const result = await write();
  done = true;
  await reading;
  return { result, views, raws };
}

describe("a big write of a plan's attacks", () => {
  it("appends unseen until it is complete, while reads go on: every reader sees the old or the new plan", async () => {
    const plan = await newPlan(call, "Anhängen");
    await importManyAttacks(call, plan.id, 1_000);
    const { result, views, raws } = await observe(plan.id, () => call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: jsonOf(8_000, 5, ARRIVAL + 10_000) }));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual({ imported: 8_000 });
    // The reads were answered while the rows went in: the database held part of them at times.
    expect(raws.some((n) => n > 1_000 && n < 9_000), `raw counts seen: ${raws.join(", ")}`).toBe(true);
    for (const view of views) expect([1_000, 9_000]).toContain(view.totals);
    expect((await tableView(plan.id)).totals).toBe(9_000);
    expect(await rawCount(plan.id)).toBe(9_000);
  });

  it("replaces in one step: readers see only the old attacks or only the new ones, and the old rows are gone after", async () => {
    const plan = await newPlan(call, "Ersetzen");
    const first = await call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: jsonOf(3_000, 1) });
    expect(first.statusCode, first.body).toBe(200);
    const { result, views, raws } = await observe(plan.id, () =>
      call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: jsonOf(5_000, 5), replace: true }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(raws.some((n) => n > 3_000 && n < 8_000), `raw counts seen: ${raws.join(", ")}`).toBe(true);
    for (const view of views) expect([{ totals: 3_000, priorities: [1] }, { totals: 5_000, priorities: [5] }]).toContainEqual(view);
    expect(await tableView(plan.id)).toEqual({ totals: 5_000, priorities: [5] });
    expect(await rawCount(plan.id)).toBe(5_000);
  });

  it("answers 404 when the plan is deleted while its attacks are being written, and leaves no row behind", async () => {
    const plan = await newPlan(call, "Gelöscht");
    const importing = call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: jsonOf(8_000, 4) });
    // Deleted once part of the rows is in (as between requests from the network, see observe).
    while ((await rawCount(plan.id)) === 0) await new Promise((resolve) => setImmediate(resolve));
    const removed = await call("DELETE", `/api/attack-plans/${plan.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const response = await importing;
    expect(response.statusCode, response.body).toBe(404);
    expect(errorOf(response).message).toBe(attackPlanMessages.notFound);
    expect(await rawCount(plan.id)).toBe(0);
  });

  it("answers a German 409 while another big write holds the plan, and writes nothing", async () => {
    const plan = await newPlan(call, "Belegt");
    await app.db.update(attackPlans).set({ writeUntil: new Date(Date.now() + 60_000) }).where(eq(attackPlans.id, plan.id));
    const response = await call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: jsonOf(10, 3) });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(attackPlanMessages.writeRunning);
    expect(await rawCount(plan.id)).toBe(0);
    await app.db.update(attackPlans).set({ writeUntil: null }).where(eq(attackPlans.id, plan.id));
  });

  it("never shows, makes due or counts what a crashed write left; the next write or the housekeeping removes it", async () => {
    const plan = await newPlan(call, "Abgestürzt");
    await importManyAttacks(call, plan.id, 10);
    // A write that crashed after its first chunk: rows of the next generation, the lease run out. They
    // are due at once (send time in the past), yet the attack clock must not touch them.
    const [row] = await app.db.select().from(attacks).where(eq(attacks.planId, plan.id)).limit(1);
    if (!row) throw new Error("no attack");
    const { id: _id, createdAt: _c, updatedAt: _u, searchText: _s, ...columns } = row;
    const [before] = await app.db.select().from(attackPlans).where(eq(attackPlans.id, plan.id));
    const pending = (before?.visibleTo ?? 0) + 1;
    const soon = new Date(Date.now() + 1_000);
    await app.db.insert(attacks).values(Array.from({ length: 7 }, () => ({ ...columns, generation: pending, status: "planned" as const, sendAt: soon })));
    await app.db.update(attackPlans).set({ writeUntil: new Date(Date.now() - 1_000) }).where(eq(attackPlans.id, plan.id));

    expect((await tableView(plan.id)).totals).toBe(10);
    const listed = attackPlanListResponseSchema.parse((await call("GET", "/api/attack-plans?perPage=100")).json());
    const summary = listed.attackPlans.find((p) => p.id === plan.id);
    expect(summary).toMatchObject({ total: 10, counts: { planned: 10 } });
    expect(summary?.nextSendTime).toBeGreaterThan(soon.getTime() + 60_000);
    await advanceAttacks(app.ctx, new Date());
    const statuses = await app.db.select({ status: attacks.status, generation: attacks.generation }).from(attacks).where(eq(attacks.planId, plan.id));
    expect(statuses.filter((s) => s.generation === pending).map((s) => s.status)).toEqual(Array(7).fill("planned"));

    expect(await removeHiddenAttacks(app.db)).toBe(1);
    expect(await rawCount(plan.id)).toBe(10);
    const [after] = await app.db.select().from(attackPlans).where(eq(attackPlans.id, plan.id));
    expect(after?.writeUntil).toBeNull();
    // And the plan takes big writes again.
    const next = await call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: jsonOf(5, 2) });
    expect(next.statusCode, next.body).toBe(200);
    expect((await tableView(plan.id)).totals).toBe(15);
  });
});
