// Rekrutierer and AG-Builder on a fixed sandbox seed (issue 23): units trained up to the targets in
// batches, the whole army counted (in training too), a reserve kept; noblemen up to the target.
import { describe, expect, it } from "vitest";
import { moduleTestContext } from "./module-test-context.js";
import { createRecruiterModule } from "./recruiter.js";
import { createSnobbuilderModule } from "./snobbuilder.js";

async function villagesOf(t: Awaited<ReturnType<typeof moduleTestContext>>) {
  const player = await t.driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  return player.value.villages.map((v) => t.world.village(v.id)!);
}

describe("Rekrutierer", () => {
  it("trains up to the target in batches, counting units in training, and keeps the reserve", async () => {
    const t = await moduleTestContext("recruiter", { batchSize: 100, keepPercent: 10, targets: [{ villageId: null, units: {} }] });
    const [village] = await villagesOf(t);
    village!.buildings.farm = 30;
    village!.buildings.storage = 30;
    village!.buildings.barracks = Math.max(1, village!.buildings.barracks);
    Object.assign(village!.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
    const spears = village!.units.spear;
    t.ctx.config = { ...t.ctx.config, targets: [{ villageId: village!.id, units: { spear: spears + 150 } }, { villageId: null, units: {} }] };
    const recruiter = createRecruiterModule();
    await recruiter.run(t.ctx);
    expect(village!.recruitQueue.map((q) => q.units)).toEqual([{ spear: 100 }]);
    expect(t.logs[0]).toBe("Rekrutierer: 100 Einheiten in 1 Dorf in Auftrag gegeben (100 Speerträger)");
    // The 100 in training count: 50 more reach the target.
    await recruiter.run(t.ctx);
    expect(village!.recruitQueue.map((q) => q.units)).toEqual([{ spear: 100 }, { spear: 50 }]);
    await recruiter.run(t.ctx);
    expect(t.logs[2]).toBe("Rekrutierer: nichts in Auftrag gegeben (Ziele erreicht oder Rohstoffe unter der Reserve)");
    t.clock.advance(village!.recruitQueue.at(-1)!.finishesAt - t.clock.now() + 1);
    await t.driver.login();
    const after = (await villagesOf(t))[0]!;
    expect(after.units.spear).toBe(spears + 150);

    // Resources under the reserve (10 % of the storage): nothing is trained.
    t.ctx.config = { ...t.ctx.config, targets: [{ villageId: null, units: { spear: spears + 1000 } }] };
    Object.assign(after.resources, { wood: 1000, stone: 1000, iron: 1000 });
    after.buildings.storage = 30;
    await recruiter.run(t.ctx);
    expect(after.recruitQueue).toEqual([]);
  });
});

describe("AG-Builder", () => {
  it("trains noblemen one per run up to the target, in villages with an academy", async () => {
    const t = await moduleTestContext("snobbuilder", { targetNobles: 2 });
    const villages = await villagesOf(t);
    for (const v of villages) v.buildings.snob = 0;
    const [village] = villages;
    Object.assign(village!.buildings, { snob: 1, farm: 30, storage: 30 });
    village!.units.snob = 0;
    Object.assign(village!.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
    const builder = createSnobbuilderModule();
    await builder.run(t.ctx);
    await builder.run(t.ctx);
    await builder.run(t.ctx);
    expect(village!.recruitQueue.map((q) => q.units)).toEqual([{ snob: 1 }, { snob: 1 }]);
    expect(t.logs).toEqual([
      `AG-Builder: 1 Adelsgeschlecht in Auftrag gegeben (${village!.name}: 1 von 2)`,
      `AG-Builder: 1 Adelsgeschlecht in Auftrag gegeben (${village!.name}: 2 von 2)`,
      "AG-Builder: kein Adelsgeschlecht in Auftrag gegeben · 1 Dorf hat das Ziel",
    ]);
  });
});
