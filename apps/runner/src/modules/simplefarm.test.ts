// SimpleFarmAssistant on a fixed sandbox map: it attacks the barbarian villages in range,
// nearest first, with template A; the attacks fight, the survivors bring loot home (the home
// village's resources rise by the reports' haul); a farm whose report showed losses is skipped; a farm
// whose haul filled the capacity gets template B; units the attack planner reserved stay home.
import { units, type UnitCounts, type VillageSnapshot } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { moduleTestContext } from "./module-test-context.js";
import { createSimplefarmModule, expectedHaul } from "./simplefarm.js";

const map = { seed: 231, villages: 3000, namedPlayers: ["Kalle"] };

async function setUp(config: Parameters<typeof moduleTestContext<"simplefarm">>[1] = {}) {
  const t = await moduleTestContext("simplefarm", { radius: 12, maxPerRun: 50, ...config }, { playerName: "Kalle", world: { seed: 23, map } });
  const player = await t.driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  const [home, ...others] = player.value.villages as [VillageSnapshot, ...VillageSnapshot[]];
  // One village farms, with 60 light cavalry; the others have nothing to send.
  for (const v of [home, ...others]) for (const u of units) t.world.village(v.id)!.units[u] = 0;
  const village = t.world.village(home.id)!;
  village.units.light = 60;
  village.buildings.storage = 30;
  return { t, village };
}

const outgoing = (t: Awaited<ReturnType<typeof setUp>>["t"]) => t.world.commands.filter((c) => c.kind === "attack" && c.from.playerName === "Kalle");

describe("SimpleFarmAssistant", () => {
  it("farms the nearest barbarians with template A, brings the haul home and skips farms that cost losses", async () => {
    const { t, village } = await setUp();
    const farm = createSimplefarmModule();
    await farm.run(t.ctx);
    const sent = outgoing(t);
    // 60 light cavalry in loads of 5: twelve farms, all barbarian, in range, nearest first.
    expect(sent).toHaveLength(12);
    const targets = sent.map((c) => t.world.village(c.to.villageId)!);
    for (const target of targets) {
      expect(target.ownerId).toBeNull();
      expect(Math.hypot(target.x - village.x, target.y - village.y)).toBeLessThanOrEqual(12);
    }
    const distances = targets.map((v) => Math.hypot(v.x - village.x, v.y - village.y));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(village.units.light).toBe(0);
    // First visit: the haul expected is each load's capacity (5 × 80).
    expect(t.logs[0]).toBe("SimpleFarmAssistant: 12 Farmangriffe geschickt (A: 12, B: 0), 4.800 Rohstoffe erwartet");

    // All home again: each report's haul is in the village, the losses are gone from the army.
    const last = Math.max(...sent.map((c) => c.arrivesAt + (c.arrivesAt - c.sentAt)));
    const before = { ...village.resources };
    const producedUntil = village.settledAt;
    t.clock.advance(last - t.clock.now() + 1000);
    t.world.settle(village, producedUntil); // nothing produced yet: only the hauls count below
    const reports = await t.driver.getReports(0);
    if (!reports.ok) throw new Error(reports.error);
    expect(reports.value).toHaveLength(12);
    const hauled = reports.value.reduce((sum, r) => sum + r.haul.wood + r.haul.stone + r.haul.iron, 0);
    const lost = reports.value.reduce((sum, r) => sum + (r.lost.light ?? 0), 0);
    expect(hauled).toBeGreaterThan(0);
    expect(village.units.light).toBe(60 - lost);
    const gained = village.resources.wood + village.resources.stone + village.resources.iron - (before.wood + before.stone + before.iron);
    expect(gained).toBeGreaterThanOrEqual(hauled);
    const withLosses = reports.value.filter((r) => (r.lost.light ?? 0) > 0);
    // The map's garrisoned barbarians (one in four) are among the twelve.
    expect(withLosses.length).toBeGreaterThan(0);

    // Enough units for every farm in range: each one with losses is met, and skipped.
    village.units.light = 300;
    t.logs.length = 0;
    await farm.run(t.ctx);
    const line = t.logs[0]!;
    expect(line).toContain(`12 Berichte ausgewertet, ${hauled.toLocaleString("de-DE")} Rohstoffe erbeutet`);
    expect(line).toContain(`${withLosses.length} ${withLosses.length === 1 ? "Ziel" : "Ziele"} wegen Verlusten übersprungen`);
    const lossTargets = new Set(withLosses.map((r) => r.target.villageId));
    const second = outgoing(t);
    expect(second.length).toBeGreaterThan(0);
    for (const c of second) expect(lossTargets.has(c.to.villageId)).toBe(false);
  });

  it("sends template B where the last haul was full, and leaves units reserved for a timed send at home", async () => {
    const { t, village } = await setUp({ templateA: { light: 1 }, templateB: { light: 20 }, skipOnLosses: true });
    const farm = createSimplefarmModule();
    // Reserved: 55 of the 60 light cavalry leave in ten minutes with a planned attack.
    t.ctx.session.reservations.reserve("attack:1", village.id, { light: 55 }, t.clock.now() + 10 * 60_000);
    await farm.run(t.ctx);
    expect(outgoing(t)).toHaveLength(5);
    expect(village.units.light).toBe(55);
    t.ctx.session.reservations.release("attack:1");

    // Back home: a single light cavalry carries 80, so every farm without losses filled its load.
    const sent = outgoing(t);
    t.clock.advance(Math.max(...sent.map((c) => 2 * c.arrivesAt - c.sentAt)) - t.clock.now() + 1000);
    const reports = await t.driver.getReports(0);
    if (!reports.ok) throw new Error(reports.error);
    const full = reports.value.filter((r) => (r.lost.light ?? 0) === 0 && r.haul.wood + r.haul.stone + r.haul.iron >= r.capacity * 0.9);
    expect(full.length).toBeGreaterThan(0);
    t.logs.length = 0;
    await farm.run(t.ctx);
    const fullTargets = new Set(full.map((r) => r.target.villageId));
    const withB = outgoing(t).filter((c) => (c.units as UnitCounts).light === 20);
    expect(withB.map((c) => c.to.villageId).sort()).toEqual([...fullTargets].filter((id) => withB.some((c) => c.to.villageId === id)).sort());
    expect(withB.length).toBeGreaterThan(0);
    expect(t.logs[0]).toMatch(/B: [1-9]/);
  });

  it("estimates a farm's haul from its refill rate, up to the capacity", () => {
    const memory = { lastAt: 0, lastHaul: 300, lastCapacity: 400, losses: false, refillPerMs: 100 / 3_600_000 };
    expect(expectedHaul(memory, 400, 2 * 3_600_000)).toBe(200);
    expect(expectedHaul(memory, 400, 10 * 3_600_000)).toBe(400);
    expect(expectedHaul(undefined, 400, 0)).toBe(400);
  });
});
