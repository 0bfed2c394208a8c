// Big exports (docs/SECURITY.md, "Big exports, imports and bulk actions"): an export over the configured size
// is refused in German before a single attack is read, the attacks are read in chunks, and a user runs one
// export at a time.
import { attackExportResponseSchema, attackPlanMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { attackRowsOf, caller, errorOf, importManyAttacks, importPlanWorld, newPlan } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { RecordedStatement } from "../../../test/statements.js";
import { recordStatements } from "../../../test/statements.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { ROW_CHUNK } from "../../db/chunks.js";

/** 0.5 MB: a hundred attacks with 90 rally-point links each are about 1 MB. */
const EXPORT_MAX = 500_000;

let app: TestApp;
let call: Call;
beforeAll(async () => {
  app = await createTestApp({ exportMaxChars: EXPORT_MAX });
  await importPlanWorld(app);
  call = caller(app, await loginAs(app, await createUser(app)));
});
afterAll(() => app?.dispose());

const exportOf = (planId: number, body: object) => call("POST", `/api/attack-plans/${planId}/export`, body);
const links = (n: number) => `%LIST_START%${"%PLACE%".repeat(n)}%LIST_END%`;

/** What `work` answers, and the statements it ran that read attack rows (not the count). */
async function withAttackReads<T>(work: () => Promise<T>): Promise<{ result: T; reads: RecordedStatement[] }> {
  const recorder = recordStatements(app.db);
  try {
    const result = await work();
    return { result, reads: recorder.statements.filter((s) => /^\s*select\b/i.test(s.text) && /from "attacks"/i.test(s.text) && !/count\(/i.test(s.text)) };
  } finally {
    recorder.stop();
  }
}

describe("export size", () => {
  it("refuses the 652- and the 722-character template on a plan of 100 attacks before reading them, naming the limit", async () => {
    const plan = await newPlan(call, "Hundert");
    await importManyAttacks(call, plan.id, 100);
    for (const template of [links(90), links(100)]) {
      const { result: response, reads } = await withAttackReads(() => exportOf(plan.id, { format: "bbcode", template }));
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(errorOf(response).message).toMatch(/^Der Export wäre etwa 1(,\d)? MB groß, erlaubt sind höchstens 0,5 MB\. Bitte exportiere weniger Angriffe/);
      expect(reads).toEqual([]);
    }
  });

  it("still exports what fits: a tenth of the links, the default BB code and every other format", async () => {
    const plan = await newPlan(call, "Passt");
    await importManyAttacks(call, plan.id, 100);
    for (const body of [{ format: "bbcode", template: links(9) }, { format: "bbcode" }, { format: "plain" }, { format: "json" }, { format: "csv" }, { format: "dswb" }]) {
      const response = await exportOf(plan.id, body);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const { text, count } = attackExportResponseSchema.parse(response.json());
      expect(count).toBe(100);
      expect(text.length).toBeLessThanOrEqual(EXPORT_MAX);
    }
  });
});

describe("export order", () => {
  it("starts with what is next: the attacks still to be sent in send order, then the sent and past ones", async () => {
    const plan = await newPlan(call, "Reihenfolge");
    await importManyAttacks(call, plan.id, 6);
    const bySend = [...(await attackRowsOf(call, plan.id))].sort((a, b) => a.sendTime - b.sendTime || a.id - b.id);
    // The two that leave first are done: one sent, one expired; the fifth was cancelled.
    const done = new Map([
      [bySend[0]!.id, "sent"],
      [bySend[1]!.id, "expired"],
      [bySend[4]!.id, "cancelled"],
    ]);
    for (const [id, status] of done) {
      const answer = await call("POST", `/api/attack-plans/${plan.id}/attacks/bulk`, { action: "status", selection: { ids: [id] }, status });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const expected = [...bySend.filter((a) => !done.has(a.id)), ...bySend.filter((a) => done.has(a.id))].map((a) => a.arrivalTime);
    for (const body of [{ format: "json" }, { format: "json", selection: { filter: { searchVal: "", statusFilter: ["planned", "sent", "expired", "cancelled"] } } }]) {
      const response = await exportOf(plan.id, body);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const { attacks } = JSON.parse(attackExportResponseSchema.parse(response.json()).text) as { attacks: { arrival: number }[] };
      expect(attacks.map((a) => a.arrival)).toEqual(expected);
    }
  });
});

describe("big exports", () => {
  it("read the attacks ROW_CHUNK at a time, in send order", async () => {
    const plan = await newPlan(call, "Viele");
    const many = 2 * ROW_CHUNK + 500;
    await importManyAttacks(call, plan.id, many);
    const { result: response, reads } = await withAttackReads(() => exportOf(plan.id, { format: "plain", template: "%ELEMENT_ID% %ARRIVE%" }));
    expect(reads.map((r) => r.rows)).toEqual([ROW_CHUNK, ROW_CHUNK, 500]);
    const lines = attackExportResponseSchema.parse(response.json()).text.trim().split("\n");
    expect(lines).toHaveLength(many);
    expect(lines.map((line) => Number(line.split(" ")[0]))).toEqual(Array.from({ length: many }, (_, i) => i + 1));
  });

  it("run one at a time per user: a second export while the first runs answers 429 in German", async () => {
    const plan = await newPlan(call, "Parallel");
    await importManyAttacks(call, plan.id, 2 * ROW_CHUNK);
    const responses = await Promise.all(Array.from({ length: 4 }, () => exportOf(plan.id, { format: "csv" })));
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((r) => errorOf(r).message)).toEqual(refused.map(() => attackPlanMessages.exportRunning));
    expect(responses.filter((r) => r.statusCode === 200).length).toBe(responses.length - refused.length);
    // Done: the next one runs.
    expect((await exportOf(plan.id, { format: "csv" })).statusCode).toBe(200);
  });
});
