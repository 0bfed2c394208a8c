// Münzer, Forschung and Premium Depot on a fixed sandbox seed: each changes the sandbox —
// coins minted above the reserve, units researched in order, resources sold for premium points within
// the daily limit — and says so in one German line naming the module.
import { describe, expect, it } from "vitest";
import { createDepotModule } from "./depot.js";
import { affordableCoins, createMinterModule } from "./minter.js";
import { moduleTestContext } from "./module-test-context.js";
import { createResearchModule } from "./research.js";
import { createRessmoverModule } from "./ressmover.js";
import { createVpbuilderModule } from "./vpbuilder.js";

const count = (n: number) => (n === 1 ? "1 Dorf" : `${n} Dörfer`);

async function villagesOf(t: Awaited<ReturnType<typeof moduleTestContext>>) {
  const player = await t.driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  return player.value.villages.map((v) => t.world.village(v.id)!);
}

describe("Münzer", () => {
  it("mints the coins the resources above the reserve pay for, in villages with an academy", async () => {
    const t = await moduleTestContext("minter", { keep: { wood: 10_000, stone: 10_000, iron: 10_000 }, coinsPerRun: 10 });
    const [first, second, ...rest] = await villagesOf(t);
    for (const v of [first!, second!, ...rest]) v.buildings.snob = 0;
    first!.buildings.snob = 1;
    first!.buildings.storage = 30;
    // Three coins' worth above the reserve (28,000 / 30,000 / 25,000 each), and a little more.
    Object.assign(first!.resources, { wood: 10_000 + 3 * 28_000 + 500, stone: 10_000 + 3 * 30_000 + 900, iron: 10_000 + 4 * 25_000 });
    await createMinterModule().run(t.ctx);
    expect(first!.coins).toBe(3);
    expect(Math.floor(first!.resources.wood)).toBe(10_500);
    expect(t.logs).toEqual([`Münzer: 3 Münzen in 1 Dorf geprägt · ${rest.length + 1} Dörfer ohne Adelshof · Reserve je Dorf 10.000 Holz, 10.000 Lehm, 10.000 Eisen`]);
    expect(affordableCoins({ wood: 5_000, stone: 100_000, iron: 100_000 }, { wood: 0, stone: 0, iron: 0 }, { wood: 28_000, stone: 30_000, iron: 25_000 })).toBe(0);
  });

  it("pays the world's own coin price, not the game's default", async () => {
    const price = { coinWood: 20_000, coinStone: 20_000, coinIron: 20_000 };
    const t = await moduleTestContext("minter", { keep: { wood: 0, stone: 0, iron: 0 }, coinsPerRun: 10 }, { world: { seed: 23, snob: price } });
    const [first, ...rest] = await villagesOf(t);
    for (const v of rest) v.buildings.snob = 0;
    first!.buildings.snob = 1;
    first!.buildings.storage = 30;
    // 60,000 of each pays three coins at 20,000 (two at the default 28,000 / 30,000 / 25,000).
    Object.assign(first!.resources, { wood: 60_000, stone: 60_000, iron: 60_000 });
    await createMinterModule().run(t.ctx);
    expect(first!.coins).toBe(3);
    expect(Math.floor(first!.resources.wood)).toBe(0);
  });
});

describe("Forschung", () => {
  it("researches the first unit of the order not yet known, per village", async () => {
    const t = await moduleTestContext("research", { order: ["spy", "light", "heavy"] });
    const villages = await villagesOf(t);
    for (const v of villages) {
      v.buildings.smith = 5;
      v.buildings.stable = 3;
      v.buildings.storage = 30;
      v.researched = new Set(["spear", "sword", "axe", "spy"]);
      Object.assign(v.resources, { wood: 100_000, stone: 100_000, iron: 100_000 });
    }
    const research = createResearchModule();
    await research.run(t.ctx);
    for (const v of villages) expect([...v.researched]).toContain("light");
    for (const v of villages) expect(v.researched.has("heavy")).toBe(false);
    expect(t.logs[0]).toBe(`Forschung: ${villages.length} Einheiten erforscht (${villages.map((v) => `Leichte Kavallerie in ${v.name}`).join(", ")})`);
    // Without resources the villages wait.
    for (const v of villages) Object.assign(v.resources, { wood: 0, stone: 0, iron: 0 });
    await research.run(t.ctx);
    expect(t.logs[1]).toBe(`Forschung: nichts Neues erforscht · ${villages.length} Dörfer warten: Nicht genügend Rohstoffe vorhanden.`);
  });
});

describe("Premium Depot", () => {
  it("sells above the threshold down to the reserve, within the daily limit, at the exchange's rising rates", async () => {
    const t = await moduleTestContext("depot", { sellThreshold: { wood: 20_000, stone: 20_000, iron: 20_000 }, keep: { wood: 15_000, stone: 15_000, iron: 15_000 }, dailyLimit: 12 });
    const [first, ...rest] = await villagesOf(t);
    for (const v of rest) v.buildings.market = 0;
    first!.buildings.market = 1;
    first!.buildings.storage = 30;
    Object.assign(first!.resources, { wood: 25_400, stone: 19_000, iron: 22_000 });
    const depot = createDepotModule();
    await depot.run(t.ctx);
    // The plan at 1,000 a point: wood 10,000 above the reserve (10 points), iron 2,000 (the 2 points left of 12).
    // A point costs round(1,000 + stock / 500) and adds its price to the stock: wood's points cost 1,000, 1,002,
    // 1,004, 1,006, 1,008, 1,010, 1,012, 1,014, 1,016 (9,072) and the tenth 1,018 no longer fits the 10,000;
    // iron's second point (1,002) does not fit its 1,000 left either.
    expect(Math.floor(first!.resources.wood)).toBe(25_400 - 9_072);
    expect(Math.floor(first!.resources.iron)).toBe(22_000 - 1_000);
    expect(t.world.players.get("bauherr")?.premiumPoints).toBe(10);
    expect(t.logs[0]).toBe("Premium Depot: 9.072 Holz, 1.000 Eisen für 10 Premiumpunkte verkauft · Kurs je Punkt: Holz 1.000, Lehm 1.000, Eisen 1.000 · heute 10 von 12 Premiumpunkten");
    // At once again: iron's rate is 1,002 now; 2 points planned (2,004), the second costs 1,004.
    await depot.run(t.ctx);
    expect(t.logs[1]).toBe("Premium Depot: 1.002 Eisen für 1 Premiumpunkt verkauft · Kurs je Punkt: Holz 1.018, Lehm 1.000, Eisen 1.002 · heute 11 von 12 Premiumpunkten");
    // Six hours on the exchange's stock has halved: iron's rate falls back.
    t.clock.advance(6 * 3_600_000);
    await t.driver.login();
    const rates = await t.driver.depotRates();
    expect(rates.ok && rates.value).toEqual({ wood: Math.round(1000 + 9_072 / 2 / 500), stone: 1000, iron: Math.round(1000 + 2_002 / 2 / 500) });
    // A new day, a new limit.
    t.clock.advance(24 * 3_600_000);
    await t.driver.login();
    first!.resources.iron = 22_000;
    await depot.run(t.ctx);
    expect(t.logs[2]).toMatch(/^Premium Depot: .*Eisen für \d+ Premiumpunkte verkauft · Kurs je Punkt: .* · heute \d+ von 12 Premiumpunkten$/);
  });
});

describe("VP-Builder", () => {
  it("stores the packages the resources above the reserve pay for", async () => {
    const t = await moduleTestContext("vpbuilder", { keep: { wood: 0, stone: 0, iron: 0 }, packagesPerRun: 1 });
    const [first, ...rest] = await villagesOf(t);
    for (const v of rest) v.buildings.snob = 0;
    Object.assign(first!.buildings, { snob: 1, storage: 30 });
    Object.assign(first!.resources, { wood: 100_000, stone: 100_000, iron: 100_000 });
    await createVpbuilderModule().run(t.ctx);
    // At most one per run, though three would be paid for.
    expect(first!.coins).toBe(1);
    expect(t.logs).toEqual([`VP-Builder: 1 Paket in 1 Dorf eingelagert · ${count(rest.length)} ohne Adelshof · Reserve je Dorf 0 Holz, 0 Lehm, 0 Eisen`]);
  });

  it("says why nothing was stored in the terms of the numbers it shows", async () => {
    const t = await moduleTestContext("vpbuilder", { keep: { wood: 10_000, stone: 10_000, iron: 10_000 }, packagesPerRun: 5 });
    const [first, ...rest] = await villagesOf(t);
    for (const v of rest) v.buildings.snob = 0;
    Object.assign(first!.buildings, { snob: 1, storage: 30 });
    // 20,000 of each above the reserve: the reserve is exceeded, but a package costs more.
    Object.assign(first!.resources, { wood: 30_000, stone: 30_000, iron: 30_000 });
    await createVpbuilderModule().run(t.ctx);
    expect(first!.coins).toBe(0);
    expect(t.logs).toEqual([
      `VP-Builder: kein Paket eingelagert · ${count(rest.length)} ohne Adelshof · 1 Dorf mit zu wenig Rohstoffen über der Reserve (ein Paket kostet 28.000 Holz, 30.000 Lehm, 25.000 Eisen) · Reserve je Dorf 10.000 Holz, 10.000 Lehm, 10.000 Eisen`,
    ]);
    expect(t.logs[0]).not.toContain("Reserve nicht überschritten");
  });
});

describe("Rohstoffverteiler", () => {
  it("balances each resource towards the average with whole merchants, within the limit", async () => {
    const t = await moduleTestContext("ressmover", { mode: "balance", keepPercent: 0, merchantLimit: 30 });
    const villages = await villagesOf(t);
    for (const v of villages) {
      Object.assign(v.buildings, { market: 1, storage: 30 });
      Object.assign(v.resources, { wood: 10_000, stone: 10_000, iron: 10_000 });
    }
    const [rich] = villages;
    // 30,000 wood above the others: the average rises by 30,000 / n.
    rich!.resources.wood = 40_000;
    await createRessmoverModule().run(t.ctx);
    const woods = villages.map((v) => Math.floor(v.resources.wood));
    const total = 40_000 + (villages.length - 1) * 10_000;
    expect(woods.reduce((a, b) => a + b, 0)).toBe(total);
    const average = total / villages.length;
    // Each other village got up to the average in whole thousands.
    for (const wood of woods.slice(1)) expect(wood).toBe(10_000 + Math.floor((average - 10_000) / 1000) * 1000);
    expect(t.logs[0]).toMatch(/^Rohstoffverteiler: [\d.]+ Rohstoffe in \d+ Lieferungen? verschoben \(\d+ Händler\) · Holz [\d.]+$/);
  });

  it("ships everything above the reserve to the target village", async () => {
    const t = await moduleTestContext("ressmover", { mode: "to_target", keepPercent: 10, merchantLimit: 500, targetVillageId: null });
    const villages = await villagesOf(t);
    for (const v of villages) Object.assign(v.buildings, { market: 1, storage: 20 });
    const [target, source] = villages;
    t.ctx.config = { ...t.ctx.config, targetVillageId: target!.id };
    Object.assign(target!.resources, { wood: 0, stone: 0, iron: 0 });
    Object.assign(source!.resources, { wood: 20_500, stone: 0, iron: 0 });
    for (const v of villages.slice(2)) Object.assign(v.resources, { wood: 0, stone: 0, iron: 0 });
    await createRessmoverModule().run(t.ctx);
    const player = await t.driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    const reserve = (player.value.villages.find((v) => v.id === source!.id)!.storageCapacity * 10) / 100;
    expect(Math.floor(target!.resources.wood)).toBe(Math.floor((20_500 - reserve) / 1000) * 1000);
  });
});
