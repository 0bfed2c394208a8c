// Import and export of a plan's attacks through the real app: DS Workbench, JSON and CSV read back
// exactly what was written, a bad line or entry is reported by number and nothing is imported, `replace`
// swaps the plan's attacks in one go, exports take a selection in send order, BB-code links the world.
import type { Attack, AttackData } from "@dsbot/protocol";
import { ATTACK_PRIORITY_DEFAULT, attackExportResponseSchema, attackListResponseSchema, attackPlanMessages, exportDswb, exportJson, importMessages, villageLookup } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttackBody, Call } from "../../../test/attack-plans.js";
import { ARRIVAL, attackRowsOf, caller, errorOf, importPlanWorld, newAttack, newPlan, planVillages } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

let app: TestApp;
let call: Call;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  call = caller(app, await loginAs(app, await createUser(app)));
});
afterAll(() => app?.dispose());

const rowsOf = (planId: number): Promise<Attack[]> => attackRowsOf(call, planId);

async function exported(planId: number, body: object) {
  const response = await call("POST", `/api/attack-plans/${planId}/export`, body);
  expect(response.statusCode, response.body).toBe(200);
  return attackExportResponseSchema.parse(response.json());
}

const importInto = (planId: number, body: object) => call("POST", `/api/attack-plans/${planId}/import`, body);

/** What must survive a round trip (ids and timestamps of the rows aside). */
const essence = (a: Attack, withPriority = true) => ({
  from: a.startVillage,
  to: a.targetVillage,
  type: a.type,
  units: a.units,
  unit: a.unit,
  sendTime: a.sendTime,
  arrivalTime: a.arrivalTime,
  ...(withPriority ? { priority: a.priority } : {}),
});

/** A plan with one attack of every type, arrivals with odd milliseconds. */
async function sourcePlan(priority = ATTACK_PRIORITY_DEFAULT) {
  const plan = await newPlan(call, "Quelle");
  const specs: AttackBody[] = [
    { from: "500|500", to: "510|490", type: "attack", units: { axe: 3000, light: 1000, ram: 250 } },
    { from: "501|499", to: "520|480", type: "conquer", units: { axe: 100, snob: 1 } },
    { from: "498|503", to: "510|490", type: "fake", units: { ram: 1, spy: 1 }, unit: "catapult" },
    { from: "510|490", to: "600|400", type: "wallbreaker", units: { axe: 200, ram: 200 } },
    { from: "500|500", to: "501|499", type: "support", units: { spear: 2000, sword: 2000 } },
    { from: "400|600", to: "510|490", type: "fake_support", units: { spear: 1 } },
  ];
  for (const [i, spec] of specs.entries()) await newAttack(call, plan.id, { ...spec, arrival: ARRIVAL + i * 1_111 + 1, priority });
  return plan;
}

describe("round trips", () => {
  it("DS Workbench: export → import reproduces every attack exactly (priority is not part of the format)", async () => {
    const source = await sourcePlan();
    const { text, count } = await exported(source.id, { format: "dswb" });
    expect(count).toBe(6);
    expect(text.trim().split("\n")).toHaveLength(6);
    const target = await newPlan(call, "Ziel");
    const response = await importInto(target.id, { format: "dswb", text });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 6 });
    expect((await rowsOf(target.id)).map((a) => essence(a))).toEqual((await rowsOf(source.id)).map((a) => essence(a)));
  });

  it("DS Workbench: equal attacks leave as one line with their count, and a line's type symbol (-1, 4) and flags come back as they were", async () => {
    const fake: AttackData = { from: { x: 500, y: 500 }, to: { x: 510, y: 490 }, type: "fake", units: { ram: 1 }, unit: "ram", arrival: ARRIVAL, priority: 3 };
    const attacks: AttackData[] = [
      // Three equal fakes (as the planner makes them): one line with multiplier 3.
      fake,
      { ...fake },
      { ...fake },
      // DS Workbench's "no symbol" (-1) and spy symbol (4), not on its map, already transferred.
      { ...fake, type: "attack", units: { axe: 100 }, unit: "axe", arrival: ARRIVAL + 1, dswb: { type: -1, showOnMap: false } },
      { ...fake, type: "attack", units: { spy: 5 }, unit: "spy", arrival: ARRIVAL + 2, dswb: { type: 4, transferred: true } },
    ];
    const written = exportDswb(attacks, villageLookup(planVillages));
    if (!written.ok) throw new Error(written.errors.join("\n"));
    const lines = (text: string) => text.trim().split("\n").sort();
    expect(lines(written.value)).toHaveLength(3);
    const plan = await newPlan(call, "DSWB");
    const response = await importInto(plan.id, { format: "dswb", text: written.value });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 5 });
    const { text, count } = await exported(plan.id, { format: "dswb" });
    expect(count).toBe(5);
    // The same three lines: the multiplier 3, the symbols -1 and 4 and the flags survive the round trip.
    expect(lines(text)).toEqual(lines(written.value));
    // DS Workbench keeps one of equal lines (Attack.equals ignores the multiplier): the multipliers still add up to every attack.
    expect(lines(text).reduce((sum, line) => sum + Number(line.split("&").at(-1)), 0)).toBe(5);
  });

  it("JSON and CSV: export → import reproduces every attack exactly, priority included", async () => {
    const source = await sourcePlan(5);
    for (const format of ["json", "csv"] as const) {
      const { text } = await exported(source.id, { format });
      const target = await newPlan(call, format);
      const response = await importInto(target.id, { format, text });
      expect(response.statusCode, response.body).toBe(200);
      expect((await rowsOf(target.id)).map((a) => essence(a))).toEqual((await rowsOf(source.id)).map((a) => essence(a)));
    }
  });
});

describe("import", () => {
  it("reports a bad DS Workbench line by its number and imports nothing", async () => {
    const plan = await newPlan(call);
    await newAttack(call, plan.id, { from: "500|500", to: "510|490" });
    const attacks: AttackData[] = [
      { from: { x: 500, y: 500 }, to: { x: 510, y: 490 }, type: "attack", units: { axe: 10 }, unit: "axe", arrival: ARRIVAL, priority: 3 },
      { from: { x: 501, y: 499 }, to: { x: 510, y: 490 }, type: "fake", units: { ram: 1 }, unit: "ram", arrival: ARRIVAL, priority: 3 },
    ];
    const lookup = villageLookup(planVillages);
    const lines = (exportDswb(attacks, lookup) as { ok: true; value: string }).value.trim().split("\n");
    const bad = (lines[1] as string).replace(/^2&4&/, "2&999&");
    const text = `${lines[0]}\n\n${bad}\n${lines[0]}\n`;
    const response = await importInto(plan.id, { format: "dswb", text });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      message: attackPlanMessages.importFailed,
      issues: [`Zeile 3: ${importMessages.dswbUnknownVillage("Zieldorf", 999)}`],
    });
    expect((await rowsOf(plan.id)).length).toBe(1);
  });

  it("reports entries whose villages are not on the world or whose units the world lacks", async () => {
    const plan = await newPlan(call);
    const text = exportJson([
      { from: { x: 500, y: 500 }, to: { x: 510, y: 490 }, type: "attack", units: { axe: 10 }, unit: "axe", arrival: ARRIVAL, priority: 3 },
      { from: { x: 1, y: 1 }, to: { x: 510, y: 490 }, type: "attack", units: { axe: 10 }, unit: "axe", arrival: ARRIVAL, priority: 3 },
      { from: { x: 500, y: 500 }, to: { x: 510, y: 490 }, type: "attack", units: { archer: 10 }, unit: "archer", arrival: ARRIVAL, priority: 3 },
    ]);
    const response = await importInto(plan.id, { format: "json", text });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual([
      `Eintrag 2: ${attackPlanMessages.villageMissing("Startdorf", "1|1")}`,
      "Eintrag 3: Die Einheit „Bogenschütze“ gibt es auf dieser Welt nicht.",
    ]);
    expect(await rowsOf(plan.id)).toEqual([]);
    const garbage = await importInto(plan.id, { format: "csv", text: "Startdorf;Zieldorf\n1|1;2|2" });
    expect(garbage.statusCode).toBe(400);
    expect(errorOf(garbage).message).toBe(attackPlanMessages.importFailed);
    expect(errorOf(garbage).issues.length).toBeGreaterThan(0);
  });

  it("replaces the plan's attacks when asked, and keeps them when the replacing import fails", async () => {
    const source = await sourcePlan();
    const { text } = await exported(source.id, { format: "json" });
    const plan = await newPlan(call);
    await newAttack(call, plan.id, { from: "400|600", to: "600|400" });
    expect((await importInto(plan.id, { format: "json", text, replace: false })).json()).toEqual({ imported: 6 });
    expect(await rowsOf(plan.id)).toHaveLength(7);
    expect((await importInto(plan.id, { format: "json", text: "{}", replace: true })).statusCode).toBe(400);
    expect(await rowsOf(plan.id)).toHaveLength(7);
    expect((await importInto(plan.id, { format: "json", text, replace: true })).json()).toEqual({ imported: 6 });
    expect(await rowsOf(plan.id)).toHaveLength(6);
  });

  // How fast is npm run bench's to judge (its stall probe imports 50,000 attacks); a wall-clock limit
  // here failed once on a loaded machine.
  it("imports 20,000 DS Workbench lines in one go", async () => {
    const plan = await newPlan(call, "Groß");
    const attacks: AttackData[] = Array.from({ length: 20_000 }, (_, i) => {
      const from = planVillages[i % planVillages.length] as (typeof planVillages)[number];
      const to = planVillages[(i + 1 + (i % 3)) % planVillages.length] as (typeof planVillages)[number];
      return { from, to, type: "attack", units: { axe: 100 + (i % 7), ram: 5 }, unit: "ram", arrival: ARRIVAL + i * 37, priority: 3 };
    });
    const dswb = exportDswb(attacks, villageLookup(planVillages));
    if (!dswb.ok) throw new Error(dswb.errors.join("\n"));
    const response = await importInto(plan.id, { format: "dswb", text: dswb.value });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json()).toEqual({ imported: 20_000 });
    const page = await call("GET", `/api/attack-plans/${plan.id}/attacks?sortBy=-arrivalTime&perPage=1`);
    expect(attackListResponseSchema.parse(page.json())).toMatchObject({ totals: 20_000, attacks: [{ arrivalTime: ARRIVAL + 19_999 * 37, units: { axe: 100 + (19_999 % 7), ram: 5 } }] });
  });
});

describe("export", () => {
  it("exports a selection by ids or by the table's filter, in send order", async () => {
    const source = await sourcePlan();
    const rows = await rowsOf(source.id);
    const bySend = [...rows].sort((a, b) => a.sendTime - b.sendTime);
    const all = JSON.parse((await exported(source.id, { format: "json" })).text) as { name: string; world: string; attacks: { arrival: number }[] };
    expect(all).toMatchObject({ format: "dsbot-attack-plan", name: "Quelle", world: "de950" });
    expect(all.attacks.map((a) => a.arrival)).toEqual(bySend.map((a) => a.arrivalTime));
    const picked = await exported(source.id, { format: "csv", selection: { ids: [rows[0]?.id ?? 0, rows[3]?.id ?? 0, 99_999_999] } });
    expect(picked.count).toBe(2);
    const filtered = await exported(source.id, { format: "dswb", selection: { filter: { searchVal: "anna", statusFilter: ["planned"] } } });
    expect(filtered.count).toBe(rows.filter((r) => r.startVillage.player?.name === "Anna" || r.targetVillage.player?.name === "Anna").length);
  });

  it("writes BB-code and text with the world's rally point links, from the default or a given template", async () => {
    const source = await sourcePlan();
    const bb = await exported(source.id, { format: "bbcode" });
    expect(bb.text).toContain("Anzahl der Befehle: 6");
    expect(bb.text).toContain('[url="https://de950.die-staemme.de/game.php?village=1&screen=place&target=4&axe=3000&light=1000&ram=250"]Versammlungsplatz[/url]');
    expect(bb.text).toContain("[player]Anna[/player]");
    const plain = await exported(source.id, { format: "plain", template: "%LIST_START%%SOURCE% -> %TARGET% (%DEFENDER%)%LIST_END%" });
    expect(plain.text.split("\n").filter(Boolean)).toContain("498|503 -> 510|490 (Bert)");
    // The players' tribes from the world's data: Anna's and Bert's, none for a barbarian village.
    const tribes = await exported(source.id, { format: "bbcode", template: "%LIST_START%%SOURCE_NO_BB% %ATTACKER_ALLY% %ATTACKER_ALLY_NAME% > %DEFENDER_ALLY_NO_BB%%LIST_END%" });
    expect(tribes.text.split("\n").filter(Boolean)).toEqual(expect.arrayContaining(["(500|500) [ally]ERST[/ally] Die Ersten > ERST", "(498|503) [ally]-[/ally] Kein Stamm > ERST"]));
    const bad = await call("POST", `/api/attack-plans/${source.id}/export`, { format: "plain", template: "%NOPE%" });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe("Unbekannte Variable %NOPE%.");
  });
});
