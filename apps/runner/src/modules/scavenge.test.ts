// Raubzug on a fixed sandbox seed: the module sends the optimiser's split on the free options, the
// squads come home at the computed time with the computed haul, units kept home and units a timed
// send (a noble train) needs stay, options are unlocked when allowed, and a world without it is said so.
import { planScavenge, scavengeOutcome, scavengeOptions, scavengeWorld, units, type BotScavengeReport, type UnitCounts } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { production } from "@dsbot/sandbox";
import { moduleTestContext } from "./module-test-context.js";
import { createScavengeModule, scavengeableUnits } from "./scavenge.js";

async function setUp(config: Parameters<typeof moduleTestContext<"scavenge">>[1] = {}, world: { scavenging?: boolean } = {}) {
  const t = await moduleTestContext("scavenge", { maxMinutes: 180, ...config }, { playerName: "Raub", world: { seed: 23, ...world } });
  const player = await t.driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  const [first, ...others] = player.value.villages;
  if (!first) throw new Error("no village");
  for (const v of others) for (const u of units) t.world.village(v.id)!.units[u] = 0;
  // Only the first village (the others have nothing to send and would be named so in the line).
  t.ctx.config.villageIds = [first.id];
  const village = t.world.village(first.id)!;
  for (const u of units) village.units[u] = 0;
  Object.assign(village.units, { spear: 300, sword: 100, axe: 200, light: 50, snob: 1 });
  village.scavenge.unlocked = new Set([1, 2]);
  const reports: BotScavengeReport[] = [];
  t.ctx.session.reportScavenge = (report) => reports.push(report);
  return { t, village, reports };
}

const sum = (counts: UnitCounts) => Object.values(counts).reduce((a, n) => a + (n ?? 0), 0);

describe("Raubzug module", () => {
  it("sends the optimiser's split on the two unlocked options; the squads return at the computed time with the computed haul", async () => {
    const { t, village, reports } = await setUp();
    const home = { ...village.units };
    await createScavengeModule().run(t.ctx);
    const rules = scavengeWorld(1);
    const plan = planScavenge(rules, { units: { spear: 300, sword: 100, axe: 200, light: 50 }, options: [1, 2], measure: "hour", maxSeconds: 180 * 60 });
    const squads = [...village.scavenge.squads.entries()].sort(([a], [b]) => a - b);
    expect(squads.map(([option, squad]) => [option, squad.units])).toEqual(plan.squads.map((s) => [s.option, s.units]));
    expect(plan.squads).toHaveLength(2);
    // Everything that may go went; the nobleman stays (it may not scavenge).
    expect(village.units).toMatchObject({ spear: 0, sword: 0, axe: 0, light: 0, snob: 1 });
    const start = t.clock.now();
    const expected = plan.squads.map((s) => scavengeOutcome(rules, scavengeOptions[s.option - 1]!.lootFactor, s.capacity));
    squads.forEach(([, squad], i) => {
      expect(squad.returnsAt).toBe(start + expected[i]!.seconds * 1000);
      expect(squad.haul.wood).toBe(expected[i]!.perResource);
    });
    const haul = expected.reduce((a, e) => a + 3 * e.perResource, 0);
    // The page hears the options as the run left them: both out until the squads' return, 3 and 4 locked.
    expect(reports).toEqual([
      {
        scannedAt: start,
        villages: [
          {
            villageId: village.id,
            options: [
              { option: 1, state: "out", until: squads[0]![1].returnsAt, haul: 3 * expected[0]!.perResource },
              { option: 2, state: "out", until: squads[1]![1].returnsAt, haul: 3 * expected[1]!.perResource },
              { option: 3, state: "locked", until: null, haul: null },
              { option: 4, state: "locked", until: null, haul: null },
            ],
          },
        ],
      },
    ]);
    expect(t.logs.at(-1)).toMatch(new RegExp(`^Raubzug: 2 Raubzüge in 1 Dorf geschickt \\(650 Einheiten\\), ${haul.toLocaleString("de-DE").replace(".", "\\.")} Rohstoffe erwartet · nächste Rückkehr \\d\\d:\\d\\d:\\d\\d$`));

    // A second run while both are out sends nothing.
    await createScavengeModule().run(t.ctx);
    expect(t.logs.at(-1)).toBe("Raubzug: kein Raubzug geschickt · 1 Dorf ohne freie Option · nächste Rückkehr " + t.logs.at(-2)!.slice(-8));

    // Level-0 pits still produce: the gain is the hauls plus that production.
    for (const b of ["wood", "stone", "iron"] as const) village.buildings[b] = 0;
    t.world.settle(village);
    const total = () => village.resources.wood + village.resources.stone + village.resources.iron;
    const before = { at: t.clock.now(), total: total() };
    const produced = (ms: number) => (3 * production(0, 1) * ms) / 3_600_000;
    const first = Math.min(...squads.map(([, s]) => s.returnsAt));
    t.clock.advance(first - t.clock.now() - 1);
    t.world.settle(village);
    expect(total() - before.total).toBeCloseTo(produced(t.clock.now() - before.at), 6);
    const last = Math.max(...squads.map(([, s]) => s.returnsAt));
    t.clock.advance(last - t.clock.now());
    t.world.settle(village);
    expect(total() - before.total).toBeCloseTo(haul + produced(t.clock.now() - before.at), 6);
    expect(village.units).toMatchObject({ spear: home.spear, sword: home.sword, axe: home.axe, light: home.light });

    // Back home: the next run sends again.
    await createScavengeModule().run(t.ctx);
    expect(village.scavenge.squads.size).toBe(2);
  });

  it("does not read a village again while every option it has is out, and reads it once a squad is back", async () => {
    const { t, village, reports } = await setUp();
    const reads: number[] = [];
    const screen = t.ctx.driver.scavengeScreen.bind(t.ctx.driver);
    t.ctx.driver.scavengeScreen = (id) => (reads.push(id), screen(id));
    const module = createScavengeModule();
    await module.run(t.ctx);
    expect(reads).toEqual([village.id]);
    const back = Math.min(...[...village.scavenge.squads.values()].map((s) => s.returnsAt));

    t.clock.advance(back - t.clock.now() - 1);
    await module.run(t.ctx);
    expect(reads).toEqual([village.id]);
    // Still counted and reported as the last run left it.
    expect(t.logs.at(-1)).toMatch(/^Raubzug: kein Raubzug geschickt · 1 Dorf ohne freie Option · nächste Rückkehr \d\d:\d\d:\d\d$/);
    expect(reports.at(-1)?.villages).toEqual(reports[0]?.villages);

    t.clock.advance(1);
    await module.run(t.ctx);
    expect(reads).toEqual([village.id, village.id]);
    expect(t.logs.at(-1)).toMatch(/^Raubzug: 1 Raubzug in 1 Dorf geschickt/);
  });

  it("never sends units a noble train needs before the squads are back, nor those kept home", async () => {
    const { t, village } = await setUp({ keepHome: { spear: 50 }, keepPercent: 10 });
    const now = t.driver.now();
    // The train leaves within the squads' time: its escort stays. A send after it does not hold units back.
    t.ctx.session.reservations.reserve("train", village.id, { snob: 1, axe: 150, light: 20 }, now + 60 * 60_000);
    t.ctx.session.reservations.reserve("later", village.id, { sword: 100 }, now + 181 * 60_000);
    await createScavengeModule().run(t.ctx);
    const sent: UnitCounts = {};
    for (const squad of village.scavenge.squads.values()) for (const [u, n] of Object.entries(squad.units)) sent[u as keyof UnitCounts] = (sent[u as keyof UnitCounts] ?? 0) + (n ?? 0);
    // spear: 300 − max(50, 30); sword: 100 − 10 (the later send is not reserved yet); axe: 200 − 20 − 150; light: 50 − 5 − 20.
    expect(sent).toEqual({ spear: 250, sword: 90, axe: 30, light: 25 });
    expect(village.units).toMatchObject({ snob: 1, axe: 170, light: 25 });
    expect(sum(sent)).toBe(395);
    expect(scavengeableUnits({ ...village.units, spear: 10 }, { keepHome: {}, keepPercent: 0 }, { spear: 20 })).toEqual({ axe: 170, light: 25, sword: 10 });
  });

  it("unlocks the next option when allowed and the village can pay it above the reserve", async () => {
    const { t, village, reports } = await setUp({ unlock: true, keep: { wood: 1000, stone: 1000, iron: 1000 } });
    const price = scavengeOptions[2]!.unlockCost;
    village.buildings.storage = 30;
    village.resources = { wood: price.wood + 999, stone: price.stone + 1000, iron: price.iron + 1000 };
    await createScavengeModule().run(t.ctx);
    expect(village.scavenge.unlocking.size).toBe(0);
    village.resources.wood += 1;
    t.world.settle(village);
    await createScavengeModule().run(t.ctx);
    expect([...village.scavenge.unlocking.keys()]).toEqual([3]);
    expect(reports.at(-1)?.villages[0]?.options[2]).toEqual({ option: 3, state: "unlocking", until: village.scavenge.unlocking.get(3), haul: null });
    expect(t.logs.at(-1)).toContain(`„Kluge Sammler“ wird in ${village.name} freigeschaltet`);
  });

  it("says once per run that the world has no Raubzug", async () => {
    const { t } = await setUp({}, { scavenging: false });
    await createScavengeModule().run(t.ctx);
    expect(t.logs).toEqual(["Raubzug: Auf dieser Welt gibt es keine Raubzüge."]);
  });
});
