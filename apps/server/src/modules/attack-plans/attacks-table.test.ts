// The attack table on the server: sorting by each sortable column both ways (ties by id,
// barbarians after every name ascending), the case-insensitive search over players, village names and
// coordinates with LIKE wildcards taken literally, the status filter, paging with totals, times in ms.
import type { Attack, AttackSortField } from "@dsbot/protocol";
import { attackListResponseSchema, attackSortFields } from "@dsbot/protocol";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, importPlanWorld, newAttack, newPlan } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { attacks } from "../../db/schema.js";

let app: TestApp;
let call: Call;
let planId: number;
/** By name: a1 … a6 (see beforeAll). */
const made: Record<string, Attack> = {};

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  call = caller(app, await loginAs(app, await createUser(app)));
  planId = (await newPlan(call, "Tabelle")).id;
  const specs: [string, string, string, number][] = [
    ["a1", "500|500", "510|490", 0], // Anna → Bert
    ["a2", "498|503", "520|480", 10_000], // barbarian → Carla
    ["a3", "510|490", "600|400", 5_000], // Bert → barbarian
    ["a4", "520|480", "500|500", 20_000], // Carla → Anna
    ["a5", "400|600", "498|503", 1_000], // Bert → barbarian
    ["a6", "501|499", "400|600", 1_000], // Anna → Bert
  ];
  for (const [name, from, to, offset] of specs) made[name] = await newAttack(call, planId, { from, to, arrival: ARRIVAL + offset });
  // A second plan of the same user: never in the first plan's table.
  await newAttack(call, (await newPlan(call, "Andere")).id, { from: "500|500", to: "510|490" });
});
afterAll(() => app?.dispose());

async function table(query: Record<string, string>) {
  const response = await call("GET", `/api/attack-plans/${planId}/attacks?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return attackListResponseSchema.parse(response.json());
}

const names = (list: readonly Attack[]) => list.map((a) => Object.keys(made).find((k) => made[k]?.id === a.id) ?? `#${a.id}`);

/** Every page of a query, concatenated. */
async function allPages(query: Record<string, string>, perPage = 4) {
  const rows: Attack[] = [];
  for (let page = 1; ; page++) {
    const { attacks: pageRows, totals } = await table({ ...query, perPage: String(perPage), activePage: String(page) });
    rows.push(...pageRows);
    if (page * perPage >= totals) return { rows, totals };
  }
}

/** The sort keys in the table's order: a missing player after every name, then the id. */
const keyOf: Record<AttackSortField, (a: Attack) => (string | number | null)[]> = {
  sendTime: (a) => [a.sendTime],
  arrivalTime: (a) => [a.arrivalTime],
  attacker: (a) => [a.startVillage.player?.name ?? null],
  defender: (a) => [a.targetVillage.player?.name ?? null],
  startVillage: (a) => a.startVillage.coordinates.split("|").map(Number),
  targetVillage: (a) => a.targetVillage.coordinates.split("|").map(Number),
};

function compare(a: Attack, b: Attack, field: AttackSortField): number {
  const [ka, kb] = [[...keyOf[field](a), a.id], [...keyOf[field](b), b.id]];
  for (let i = 0; i < ka.length; i++) {
    const [x, y] = [ka[i] ?? null, kb[i] ?? null];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

describe("the attack table", () => {
  it("answers the spec's defaults: page 1, 10 rows, by send time ascending, the plan's attacks only", async () => {
    const { attacks: rows, totals } = await table({});
    expect(totals).toBe(6);
    expect(rows).toHaveLength(6);
    expect(rows.map((a) => a.sendTime)).toEqual([...rows.map((a) => a.sendTime)].sort((a, b) => a - b));
    expect(new Set(rows.map((a) => a.planId))).toEqual(new Set([planId]));
  });

  it.each(attackSortFields.flatMap((field) => [field, `-${field}`]))("sorts by %s across pages, ties by id", async (sortBy) => {
    const field = sortBy.replace(/^-/, "") as AttackSortField;
    const { rows, totals } = await allPages({ sortBy });
    expect(totals).toBe(6);
    const expected = [...rows].sort((a, b) => compare(a, b, field));
    if (sortBy.startsWith("-")) expected.reverse();
    expect(names(rows)).toEqual(names(expected));
  });

  it("orders by hand as expected: attackers with barbarians last, villages by x then y", async () => {
    expect(names((await allPages({ sortBy: "attacker" })).rows)).toEqual(["a1", "a6", "a3", "a5", "a4", "a2"]);
    expect(names((await allPages({ sortBy: "-attacker" })).rows)).toEqual(["a2", "a4", "a5", "a3", "a6", "a1"]);
    expect(names((await allPages({ sortBy: "startVillage" })).rows)).toEqual(["a5", "a2", "a1", "a6", "a3", "a4"]);
    expect(names((await allPages({ sortBy: "arrivalTime" })).rows)).toEqual(["a1", "a5", "a6", "a3", "a2", "a4"]);
    expect(names((await allPages({ sortBy: "defender" })).rows)).toEqual(["a4", "a1", "a6", "a2", "a3", "a5"]);
  });

  it("pages with the totals of the whole match", async () => {
    const page = await table({ perPage: "4", activePage: "2", sortBy: "arrivalTime" });
    expect(page.totals).toBe(6);
    expect(names(page.attacks)).toEqual(["a2", "a4"]);
    expect((await table({ perPage: "4", activePage: "3" })).attacks).toEqual([]);
    const bad = await call("GET", `/api/attack-plans/${planId}/attacks?sortBy=units`);
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ["anna", ["a1", "a4", "a6"]],
    ["ANNA", ["a1", "a4", "a6"]],
    ["alpha", ["a1", "a4"]],
    ["barbaren", ["a2", "a5"]],
    ["500|500", ["a1", "a4"]],
    ["|49", ["a1", "a3", "a6"]],
    ["600", ["a3", "a5", "a6"]],
    // LIKE wildcards are literal: only Carla's name holds a % and an _.
    ["%", ["a2", "a4"]],
    ["_", ["a2", "a4"]],
    ["nobody", []],
  ])("searches %j in players, village names and coordinates", async (searchVal, expected) => {
    const { rows, totals } = await allPages({ searchVal, sortBy: "arrivalTime" });
    expect(totals).toBe(expected.length);
    expect(names(rows).sort()).toEqual(expected);
  });

  it("filters by status, with the search, counting the same filter", async () => {
    const [a3, a5] = [made.a3?.id ?? 0, made.a5?.id ?? 0];
    // As every status change does (the attack clock, bots, bulk), the rows' updated_at moves too.
    expect((await table({ statusFilter: "planned" })).totals).toBe(6);
    await app.db.update(attacks).set({ status: "sent", updatedAt: new Date() }).where(eq(attacks.id, a3));
    await app.db.update(attacks).set({ status: "expired", updatedAt: new Date() }).where(eq(attacks.id, a5));
    try {
      expect(names((await table({ statusFilter: "sent,expired" })).attacks).sort()).toEqual(["a3", "a5"]);
      expect((await table({ statusFilter: "planned" })).totals).toBe(4);
      expect(names((await table({ statusFilter: "planned,sent", searchVal: "bert" })).attacks).sort()).toEqual(["a1", "a3", "a6"]);
      expect((await table({ statusFilter: "failed" })).totals).toBe(0);
      const response = await call("GET", `/api/attack-plans/${planId}/attacks?statusFilter=sent&statusFilter=expired`);
      expect(attackListResponseSchema.parse(response.json()).totals).toBe(2);
      expect((await call("GET", `/api/attack-plans/${planId}/attacks?statusFilter=bogus`)).statusCode).toBe(400);
    } finally {
      await app.db.update(attacks).set({ status: "planned", updatedAt: new Date() }).where(inArray(attacks.id, [a3, a5]));
    }
    expect((await table({ statusFilter: "planned" })).totals).toBe(6);
  });

  it("pages through a search as its matches stand after every write of the plan's attacks", async () => {
    const plan = await newPlan(call, "Suche");
    const first = await newAttack(call, plan.id, { from: "500|500", to: "510|490" });
    await newAttack(call, plan.id, { from: "501|499", to: "510|490", arrival: ARRIVAL + 1 });
    const search = async () => {
      const response = await call("GET", `/api/attack-plans/${plan.id}/attacks?searchVal=anna&sortBy=arrivalTime&perPage=1&activePage=2`);
      return attackListResponseSchema.parse(response.json());
    };
    expect((await search()).totals).toBe(2);
    const again = await search();
    expect(again.totals).toBe(2);
    // The first attack leaves Anna's village: the search no longer finds it.
    const moved = await call("PUT", `/api/attack-plans/${plan.id}/attacks/${first.id}`, { from: "498|503", to: "510|490", type: "attack", units: { axe: 1 }, arrival: ARRIVAL });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await search()).toMatchObject({ totals: 1, attacks: [] });
    await newAttack(call, plan.id, { from: "400|600", to: "500|500", arrival: ARRIVAL + 2 });
    const grown = await search();
    expect(grown.totals).toBe(2);
    expect(grown.attacks.map((a) => a.targetVillage.coordinates)).toEqual(["500|500"]);
    // A status change keeps the matches but shows the new status at once.
    const [target] = grown.attacks;
    await call("POST", `/api/attack-plans/${plan.id}/attacks/bulk`, { action: "status", selection: { ids: [target?.id ?? 0] }, status: "cancelled" });
    expect((await search()).attacks.map((a) => a.status)).toEqual(["cancelled"]);
    await app.db.update(attacks).set({ status: "sent" }).where(eq(attacks.id, target?.id ?? 0));
    expect((await search()).attacks.map((a) => a.status)).toEqual(["sent"]);
  });

  it("keeps the milliseconds of arrival and send time and shows villages as the spec does", async () => {
    const [row] = (await table({ searchVal: "500|500", sortBy: "arrivalTime" })).attacks;
    expect(row?.arrivalTime).toBe(ARRIVAL);
    expect((row?.arrivalTime ?? 0) % 1000).toBe(456);
    expect((row?.sendTime ?? 0) % 1000).toBe(456);
    expect(row).toMatchObject({
      startVillage: { id: 1, name: "Alpha", coordinates: "500|500", player: { id: 101, name: "Anna" } },
      targetVillage: { id: 4, name: "Gamma", coordinates: "510|490", player: { id: 102, name: "Bert" } },
      type: "attack",
      units: { axe: 100 },
      unit: "axe",
      priority: 3,
      status: "planned",
      error: null,
      dsbotId: null,
      realArrivalTime: null,
    });
    const barbarian = (await table({ searchVal: "barbaren", sortBy: "-attacker" })).attacks[0];
    expect(barbarian?.startVillage.player).toBeNull();
  });
});
