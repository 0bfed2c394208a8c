// The daily activity tally on the real sandbox driver: successful build orders, recruitments and attack
// commands and Raubzug squads (with what they bring) are counted (failures and supports not), the haul of reports read for the first time whose
// battle came after the session began, per server day; take() sends the running totals once per change
// and the figures of a day that ended once more.
import { units, type VillageSnapshot } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { ActivityTally, tallyingDriver } from "./activity.js";
import { moduleTestContext } from "./modules/module-test-context.js";
import { createSimplefarmModule } from "./modules/simplefarm.js";

async function setUp() {
  const t = await moduleTestContext("simplefarm", { radius: 12, maxPerRun: 50 }, { playerName: "Kalle", world: { seed: 23, map: { seed: 231, villages: 3000, namedPlayers: ["Kalle"] } } });
  const player = await t.driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  const [home, ...others] = player.value.villages as [VillageSnapshot, ...VillageSnapshot[]];
  for (const v of [home, ...others]) for (const u of units) t.world.village(v.id)!.units[u] = 0;
  const village = t.world.village(home.id)!;
  village.units.light = 60;
  village.buildings.storage = 30;
  Object.assign(village.resources, { wood: 100_000, stone: 100_000, iron: 100_000 });
  const tally = new ActivityTally(t.clock.now, () => "Europe/Berlin");
  t.ctx.driver = tallyingDriver(t.driver, tally);
  return { t, tally, village };
}

describe("the activity tally", () => {
  it("counts what succeeded at the driver, and the haul of each new report once", async () => {
    const { t, tally, village } = await setUp();
    expect(tally.take()).toEqual([]);
    expect((await t.ctx.driver.build(village.id, "main")).ok).toBe(true);
    expect((await t.ctx.driver.recruit(village.id, { spear: 3, axe: 2 })).ok).toBe(true);
    // Refused by the game: not counted.
    expect((await t.ctx.driver.recruit(village.id, { spear: 1_000_000 })).ok).toBe(false);
    await createSimplefarmModule().run(t.ctx);
    const sent = t.world.commands.filter((c) => c.kind === "attack" && c.from.playerName === "Kalle");
    expect(sent.length).toBeGreaterThan(0);
    t.clock.advance(Math.max(...sent.map((c) => 2 * c.arrivesAt - c.sentAt)) - t.clock.now() + 1000);
    const read = await t.ctx.driver.getReports(0);
    if (!read.ok) throw new Error(read.error);
    // Read again: the same reports are not counted twice.
    await t.ctx.driver.getReports(0);
    const haul = { wood: 0, stone: 0, iron: 0 };
    for (const r of read.value) for (const k of ["wood", "stone", "iron"] as const) haul[k] += r.haul[k];
    expect(haul.wood + haul.stone + haul.iron).toBeGreaterThan(0);
    // A Raubzug squad: counted with what it brings; one the game refuses (the option busy now) is not.
    village.units.spear = 200;
    const squad = await t.ctx.driver.sendScavenge(village.id, 1, { spear: 100 });
    if (!squad.ok) throw new Error(squad.error);
    expect((await t.ctx.driver.sendScavenge(village.id, 1, { spear: 100 })).ok).toBe(false);
    const scavenge = { squads: 1, haul: squad.value.haul.wood + squad.value.haul.stone + squad.value.haul.iron };
    expect(scavenge.haul).toBeGreaterThan(0);

    const [today, ...more] = tally.take();
    expect(more).toEqual([]);
    expect(today).toEqual({ day: "2026-01-05", session: tally.session, haul, buildings: 1, units: { spear: 3, axe: 2 }, attacks: sent.length, scavenge });
    // Nothing new: nothing to send.
    expect(tally.take()).toEqual([]);
  });

  it("sends a day that ended with its last figures, and starts the next from nothing", async () => {
    const { t, tally, village } = await setUp();
    expect((await t.ctx.driver.build(village.id, "main")).ok).toBe(true);
    expect(tally.take().map((a) => [a.day, a.buildings])).toEqual([["2026-01-05", 1]]);
    expect((await t.ctx.driver.build(village.id, "wood")).ok).toBe(true);
    // 12:00 UTC plus 12 h is one in the morning in Berlin: the next server day.
    t.clock.advance(12 * 3_600_000);
    // The game's session ran out meanwhile (the relogin module's work).
    expect((await t.driver.login()).ok).toBe(true);
    expect(await t.ctx.driver.recruit(village.id, { spear: 1 })).toEqual({ ok: true });
    expect(tally.take().map((a) => [a.day, a.buildings, a.units])).toEqual([
      ["2026-01-05", 2, {}],
      ["2026-01-06", 0, { spear: 1 }],
    ]);
  });
});
