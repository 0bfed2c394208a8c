// The page's planning: what stays home, the per-village override over the settings, the measure, the
// sums, and the table's search and sort — against the protocol's optimiser as the oracle.
import { planScavenge, scavengeWorld, type ScavengeVillageState, type UnitCounts } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { filterAndSort, nextChange, planVillage, planVillages, type ScavengeVillageRow } from "./scavenge-plan";
import { defaultScavengeSettings, formatHoursMinutes, parseHoursMinutes, unitsToSend, type ScavengeSettings } from "./scavenge-settings";

const world = scavengeWorld(1);
const village = (villageId: number, name: string, own: UnitCounts): ScavengeVillageRow => ({
  villageId,
  name,
  coordinates: `500|${500 + villageId}`,
  playerName: "Kalle",
  source: "bot",
  scannedAt: Date.UTC(2026, 10, 27, 8, 0),
  own,
});
const army = village(1, "Kalles Dorf", { spear: 2000, sword: 1000, axe: 500, light: 300, ram: 50, spy: 20, snob: 1 });
const perHour: ScavengeSettings = { ...defaultScavengeSettings, measure: "hour" };
const perRun: ScavengeSettings = { ...defaultScavengeSettings, measure: "run", maxMinutes: 60 };

describe("what stays home", () => {
  it("keeps the larger of a unit's count and the share, and sends only units that may scavenge", () => {
    expect(unitsToSend(army.own, { counts: { spear: 500, light: 10 }, share: 10 })).toEqual({ spear: 1500, sword: 900, axe: 450, light: 270 });
    expect(unitsToSend({ spear: 7 }, { counts: {}, share: 50 })).toEqual({ spear: 3 });
    expect(unitsToSend({ spear: 7 }, { counts: { spear: 9 }, share: 0 })).toEqual({});
  });
});

describe("a village's plan", () => {
  it("is the optimiser's split of the units at home less what stays there", () => {
    const settings: ScavengeSettings = { ...perHour, keep: { counts: { spear: 500 }, share: 0 } };
    const planned = planVillage(world, army, settings, undefined);
    const oracle = planScavenge(world, { units: { spear: 1500, sword: 1000, axe: 500, light: 300 }, options: [1, 2, 3, 4], measure: "hour" });
    expect(planned.plan).toEqual(oracle);
    expect(Object.keys(planned.squads).map(Number)).toEqual(oracle.squads.map((s) => s.option));
    expect(planned.perDay).toBeCloseTo(oracle.perHour * 24, 6);
    expect(planned.overridden).toBe(false);
  });

  it("changes its split with the measure, and per run keeps every squad within the longest run", () => {
    const hour = planVillage(world, army, perHour, undefined);
    const run = planVillage(world, army, perRun, undefined);
    expect(run.plan.squads.map((s) => s.units)).not.toEqual(hour.plan.squads.map((s) => s.units));
    for (const squad of run.plan.squads) expect(squad.seconds).toBeLessThanOrEqual(3_600);
    expect(run.plan).toEqual(planScavenge(world, { units: unitsToSend(army.own, perRun.keep), options: [1, 2, 3, 4], measure: "run", maxSeconds: 3_600 }));
    // Per hour it earns more per hour, per run more in one run.
    expect(hour.plan.perHour).toBeGreaterThan(run.plan.perHour);
  });

  it("per run sends a small army on the best option that returns in time, per hour over several", () => {
    const small = village(2, "Kleines Dorf", { spear: 50 });
    const run = planVillage(world, small, { ...perRun, maxMinutes: 120 }, undefined);
    expect(run.plan.squads.map((s) => [s.option, s.units])).toEqual([[4, { spear: 50 }]]);
    expect(planVillage(world, small, perHour, undefined).plan.squads.map((s) => s.option)).toEqual([2, 3, 4]);
  });

  it("follows the village's override: its own options, its own units kept home, or nothing at all", () => {
    const own = planVillage(world, army, perHour, { options: [1, 2] });
    expect(own.options).toEqual([1, 2]);
    expect(own.plan.squads.map((s) => s.option)).toEqual([1, 2]);
    expect(own.overridden).toBe(true);
    const kept = planVillage(world, army, perHour, { keep: { counts: {}, share: 100 } });
    expect(kept.plan.squads).toEqual([]);
    const excluded = planVillage(world, army, perHour, { excluded: true });
    expect(excluded.excluded).toBe(true);
    expect(excluded.plan).toEqual({ squads: [], perHour: 0, perRun: 0 });
    // The settings' options where the override has none.
    expect(planVillage(world, army, { ...perHour, options: [4] }, { keep: { counts: {}, share: 0 } }).plan.squads.map((s) => s.option)).toEqual([4]);
  });
});

describe("a village a bot's Raubzug module read", () => {
  const at = Date.UTC(2026, 10, 27, 10, 0);
  const game: ScavengeVillageState = {
    villageId: 1,
    dsbotId: 7,
    playerName: "Kalle",
    scannedAt: at - 60_000,
    options: [
      { option: 1, state: "out", until: at + 600_000, haul: 900 },
      { option: 2, state: "free", until: null, haul: null },
      { option: 3, state: "unlocking", until: at + 1_800_000, haul: null },
      { option: 4, state: "locked", until: null, haul: null },
    ],
  };
  const units = unitsToSend(army.own, perHour.keep);

  it("takes the bot's unlocked options over the settings and plans none with a squad out", () => {
    const planned = planVillage(world, army, { ...perHour, options: [1, 2, 3, 4] }, undefined, game, at);
    expect(planned.options).toEqual([1, 2]);
    expect(planned.busy).toEqual({ 1: { until: at + 600_000, haul: 900 } });
    expect(planned.unlocking).toEqual({ 3: at + 1_800_000 });
    expect(planned.plan).toEqual(planScavenge(world, { units, options: [2], measure: "hour" }));
    expect(planned.game).toBe(game);
  });

  it("plans an option again once its squad is back, and one whose unlock has ended", () => {
    const back = planVillage(world, army, perHour, undefined, game, at + 600_000);
    expect(back.busy).toEqual({});
    expect(back.plan).toEqual(planScavenge(world, { units, options: [1, 2], measure: "hour" }));
    const unlocked = planVillage(world, army, perHour, undefined, game, at + 1_800_000);
    expect(unlocked.options).toEqual([1, 2, 3]);
    expect(unlocked.unlocking).toEqual({});
  });

  it("an override's options win over the bot's; a squad out still gets nothing new", () => {
    const planned = planVillage(world, army, perHour, { options: [1, 4] }, game, at);
    expect(planned.options).toEqual([1, 4]);
    expect(planned.plan.squads.map((s) => s.option)).toEqual([4]);
  });

  it("counts the villages with squads out and says when the plan changes next", () => {
    const games = new Map([[1, game]]);
    const { totals } = planVillages(world, [army, village(2, "Bergdorf", { spear: 100 })], perHour, {}, games, at);
    expect(totals).toMatchObject({ busy: 1, busyHaul: 900 });
    expect(nextChange(games, at)).toBe(at + 600_000);
    expect(nextChange(games, at + 600_000)).toBe(at + 1_800_000);
    expect(nextChange(games, at + 1_800_000)).toBeNull();
  });
});

describe("every village", () => {
  const rows = [army, village(2, "Bergdorf", { spear: 100 }), village(3, "Abseits", { axe: 3000 }), village(4, "Leer", { ram: 10 })];

  it("sums per hour, per day and per run over the planned villages; an override applies to its village only", () => {
    const { villages, totals } = planVillages(world, rows, perHour, { "3": { excluded: true } });
    const sum = (key: "perHour" | "perRun") => villages.reduce((n, v) => n + v.plan[key], 0);
    expect(totals.perHour).toBeCloseTo(sum("perHour"), 6);
    expect(totals.perRun).toBeCloseTo(sum("perRun"), 6);
    expect(totals.perDay).toBeCloseTo(totals.perHour * 24, 6);
    expect(totals).toMatchObject({ planned: 2, villages: 4 });
    expect(villages.map((v) => v.excluded)).toEqual([false, false, true, false]);
    const all = planVillages(world, rows, perHour, {});
    expect(all.totals.planned).toBe(3);
    expect(all.totals.perHour).toBeGreaterThan(totals.perHour);
  });

  it("searches by name or coordinates and sorts by name or haul", () => {
    const { villages } = planVillages(world, rows, perHour, {});
    expect(filterAndSort(villages, "", "village").map((v) => v.row.name)).toEqual(["Abseits", "Bergdorf", "Kalles Dorf", "Leer"]);
    expect(filterAndSort(villages, "dorf", "-village").map((v) => v.row.name)).toEqual(["Kalles Dorf", "Bergdorf"]);
    expect(filterAndSort(villages, "500|502", "village").map((v) => v.row.name)).toEqual(["Bergdorf"]);
    expect(filterAndSort(villages, "", "-perHour").map((v) => v.row.name)).toEqual(["Kalles Dorf", "Abseits", "Bergdorf", "Leer"]);
    expect(filterAndSort(villages, "", "perRun").map((v) => v.row.name)).toEqual(["Leer", "Bergdorf", "Abseits", "Kalles Dorf"]);
  });
});

describe("hours and minutes", () => {
  it("reads Std:Min or whole hours and writes them back", () => {
    expect(parseHoursMinutes("2:30")).toBe(150);
    expect(parseHoursMinutes(" 8 ")).toBe(480);
    expect(parseHoursMinutes("0:05")).toBe(5);
    for (const bad of ["", "0", "0:00", "1:60", "2:5", "abc", "100:00", "-1:00"]) expect(parseHoursMinutes(bad), bad).toBeNull();
    expect(formatHoursMinutes(125)).toBe("2:05");
  });
});
