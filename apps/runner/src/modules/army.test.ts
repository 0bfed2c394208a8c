// Rekrutierer and AG-Builder on a fixed sandbox seed: units trained up to the targets in
// batches, the whole army counted (in training too), a reserve kept; noblemen up to the target.
import { units } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { moduleTestContext } from "./module-test-context.js";
import { createRecruiterModule, targetFor } from "./recruiter.js";
import { createSnobbuilderModule } from "./snobbuilder.js";

async function villagesOf(t: Awaited<ReturnType<typeof moduleTestContext>>) {
  const player = await t.driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  return player.value.villages.map((v) => t.world.village(v.id)!);
}

describe("Rekrutierer", () => {
  it("trains up to the target in batches, counting units in training, and keeps the reserve", async () => {
    const t = await moduleTestContext("recruiter", { batchSize: 100, keepPercent: 10, targets: [{ villageId: null, villageType: "any", units: {} }] });
    const [village] = await villagesOf(t);
    village!.buildings.farm = 30;
    village!.buildings.storage = 30;
    village!.buildings.barracks = Math.max(1, village!.buildings.barracks);
    Object.assign(village!.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
    const spears = village!.units.spear;
    t.ctx.config = {
      ...t.ctx.config,
      targets: [
        { villageId: village!.id, villageType: "any", units: { spear: spears + 150 } },
        { villageId: null, villageType: "any", units: {} },
      ],
    };
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
    t.ctx.config = { ...t.ctx.config, targets: [{ villageId: null, villageType: "any", units: { spear: spears + 1000 } }] };
    Object.assign(after.resources, { wood: 1000, stone: 1000, iron: 1000 });
    after.buildings.storage = 30;
    await recruiter.run(t.ctx);
    expect(after.recruitQueue).toEqual([]);
  });
});

describe("Rekrutierer: targets by the village's class", () => {
  /** A village with every unit building, room and resources, holding exactly these units. */
  function ready(village: Awaited<ReturnType<typeof villagesOf>>[number], army: Partial<Record<string, number>>) {
    Object.assign(village.buildings, { barracks: 25, stable: 20, garage: 15, smith: 20, farm: 30, storage: 30 });
    Object.assign(village.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
    for (const unit of Object.keys(village.units)) village.units[unit as keyof typeof village.units] = army[unit] ?? 0;
    village.researched = new Set(units);
    village.recruitQueue = [];
  }

  it("by default trains offensive units in an offensive village, defensive ones in a defensive or empty village and nothing in a mixed one", async () => {
    const t = await moduleTestContext("recruiter", {});
    const [off, def, mixed, ...rest] = await villagesOf(t);
    expect(rest).toEqual([]);
    // Below the default targets (2,000 axes, 500 light cavalry, 50 rams; 2,000 spears and swords).
    ready(off!, { axe: 1000, light: 200 });
    ready(def!, { spear: 1000, sword: 500 });
    ready(mixed!, { spear: 600, axe: 600 });
    const recruiter = createRecruiterModule();
    await recruiter.run(t.ctx);
    // The default batch is 50 per unit and run.
    expect(off!.recruitQueue.map((q) => q.units)).toEqual([{ axe: 50, light: 50, ram: 50 }]);
    expect(def!.recruitQueue.map((q) => q.units)).toEqual([{ spear: 50, sword: 50 }]);
    expect(mixed!.recruitQueue).toEqual([]);
    expect(t.logs).toEqual([
      "Rekrutierer: 250 Einheiten in 2 Dörfern in Auftrag gegeben (50 Speerträger, 50 Schwertkämpfer, 50 Axtkämpfer, 50 Leichte Kavallerie, 50 Rammbock) · 1 Dorf ohne passendes Ziel (Gemischt: 1)",
    ]);

    // A village without an army yet grows as a defensive one.
    ready(mixed!, {});
    await recruiter.run(t.ctx);
    expect(mixed!.recruitQueue.map((q) => q.units)).toEqual([{ spear: 50, sword: 50 }]);
    expect(t.logs[1]).not.toMatch(/ohne passendes Ziel/);
  });

  it("prefers the village's own target, then its class, then the target for every class", async () => {
    const t = await moduleTestContext("recruiter", {});
    const [off, def, empty] = await villagesOf(t);
    ready(off!, { axe: 3000 });
    ready(def!, { spear: 3000 });
    ready(empty!, {});
    const targets = [
      { villageId: null, villageType: "any" as const, units: { spy: 10 } },
      { villageId: null, villageType: "off" as const, units: { axe: 3010 } },
      { villageId: def!.id, villageType: "any" as const, units: { heavy: 10 } },
    ];
    const config = { targets };
    expect(targetFor(config, t.world.village(off!.id) as never)).toEqual({ axe: 3010 });
    expect(targetFor(config, def! as never)).toEqual({ heavy: 10 });
    expect(targetFor(config, empty! as never)).toEqual({ spy: 10 });
    expect(targetFor({ targets: targets.slice(1) }, empty! as never)).toBeUndefined();
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
