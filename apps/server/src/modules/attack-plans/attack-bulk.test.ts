// Big writes (docs/SECURITY.md, "Big exports, imports and bulk actions"): bulk actions as set-based
// statements of at most ROW_CHUNK attacks each (so no statement holds the event loop on PGlite) and one
// `attacks-updated` per watcher whose size does not grow with the selection; imports and the planner insert
// ROW_CHUNK attacks per statement.
import { attackListResponseSchema } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { caller, importManyAttacks, importPlanWorld, newPlan } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { listen, openSocket, settle, waitForMessage } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { recordStatements } from "../../../test/statements.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { ROW_CHUNK } from "../../db/chunks.js";
import type { Database } from "../../db/client.js";
import { attacks } from "../../db/schema.js";
import { BULK_EVENT_ROWS_MAX } from "./attack-bulk.service.js";
import { insertAttacks } from "./attack-write.service.js";

let app: TestApp;
let call: Call;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  token = await loginAs(app, await createUser(app));
  call = caller(app, token);
});
afterAll(() => app?.dispose());

const MANY = 2 * ROW_CHUNK + 500;
const everything = { filter: { searchVal: "" } };

async function bulk(planId: number, body: object): Promise<number> {
  const response = await call("POST", `/api/attack-plans/${planId}/attacks/bulk`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ affected: number }>().affected;
}

async function statusesOf(planId: number, status: string): Promise<number> {
  const response = await call("GET", `/api/attack-plans/${planId}/attacks?perPage=10&statusFilter=${status}`);
  return attackListResponseSchema.parse(response.json()).totals;
}

/** The statements of `work` that write to (or delete from) the attacks, with their row counts. */
async function attackWrites(work: () => Promise<unknown>) {
  const recorder = recordStatements(app.db);
  try {
    await work();
  } finally {
    recorder.stop();
  }
  return recorder.statements.filter((s) => /^\s*(update|delete from) "attacks"/i.test(s.text));
}

describe("bulk actions on many attacks", () => {
  it("change the status in set-based chunks of at most ROW_CHUNK attacks, every attack once", async () => {
    const plan = await newPlan(call, "Viele");
    await importManyAttacks(call, plan.id, MANY);
    const writes = await attackWrites(() => bulk(plan.id, { action: "status", selection: everything, status: "cancelled" }));
    expect(writes.map((w) => w.rows)).toEqual([ROW_CHUNK, ROW_CHUNK, 500]);
    expect(await statusesOf(plan.id, "cancelled")).toBe(MANY);
  });

  it("set the priority, delete by selection and delete the finished ones in chunks too", async () => {
    const plan = await newPlan(call, "Viele 2");
    await importManyAttacks(call, plan.id, MANY);
    const priority = await attackWrites(() => bulk(plan.id, { action: "priority", selection: everything, priority: 1 }));
    expect(priority.map((w) => w.rows)).toEqual([ROW_CHUNK, ROW_CHUNK, 500]);
    expect(await bulk(plan.id, { action: "status", selection: everything, status: "sent" })).toBe(MANY);
    const finished = await attackWrites(() => bulk(plan.id, { action: "deleteFinished" }));
    expect(finished.map((w) => w.rows)).toEqual([ROW_CHUNK, ROW_CHUNK, 500]);
    await importManyAttacks(call, plan.id, ROW_CHUNK + 1);
    const deleted = await attackWrites(() => bulk(plan.id, { action: "delete", selection: everything }));
    expect(deleted.map((w) => w.rows)).toEqual([ROW_CHUNK, 1]);
    expect(await statusesOf(plan.id, "planned,sent")).toBe(0);
  });

  it("send one attacks-updated naming only the plan when more than BULK_EVENT_ROWS_MAX attacks changed", async () => {
    const plan = await newPlan(call, "Viele 3");
    const url = await listen(app);
    const sockets: TestSocket[] = [];
    try {
      const watching = openSocket(url, { token, origin: "website" }, sockets);
      expect(await watching.outcome).toBe("connected");
      const ofPlan = () => watching.messages("attacks-updated").filter((m) => m.data.planId === plan.id);
      // The import's own message first: on PostgreSQL a broadcast reaches the sockets once its NOTIFY
      // answered, which may be after the import's answer.
      await importManyAttacks(call, plan.id, BULK_EVENT_ROWS_MAX + 1);
      await waitForMessage(watching, "attacks-updated", (data) => data.planId === plan.id);
      expect(await bulk(plan.id, { action: "status", selection: everything, status: "sent" })).toBe(BULK_EVENT_ROWS_MAX + 1);
      await waitForMessage(watching, "attacks-updated", (data) => data.planId === plan.id && ofPlan().length === 2);
      expect(ofPlan()[1]!.data.attacks).toEqual([]);
      await settle();
      expect(ofPlan()).toHaveLength(2);
    } finally {
      for (const socket of sockets) socket.socket.disconnect();
    }
  });
});

describe("inserts of many attacks", () => {
  it("write ROW_CHUNK attacks per statement (imports, the planner's save)", async () => {
    const source = await newPlan(call, "Vorlage");
    await importManyAttacks(call, source.id, 1);
    const [template] = await app.db.select().from(attacks).where(eq(attacks.planId, source.id));
    if (!template) throw new Error("no attack to copy");
    const { id: _id, planId: _planId, ...row } = template;
    const plan = await newPlan(call, "Einfügen");
    let statements = 0;
    // The real database, each raw statement counted.
    const counting = new Proxy(app.db, {
      get: (target, key) => (key === "execute" ? (...args: Parameters<Database["execute"]>) => (statements++, target.execute(...args)) : Reflect.get(target, key)),
    });
    expect(await insertAttacks(counting, plan, Array.from({ length: MANY }, () => row))).toBe(MANY);
    expect(statements).toBe(Math.ceil(MANY / ROW_CHUNK));
    expect(await statusesOf(plan.id, "planned")).toBe(MANY);
  });
});
