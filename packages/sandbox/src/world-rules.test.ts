// The world's own settings and the battle's effects on the target village, through the driver.
import { describe, expect, it } from "vitest";
import { gameConfigDefaults, units, type Unit } from "@dsbot/protocol";
import { SandboxDriver, SandboxWorld, type SandboxOptions } from "./index.js";

async function setup(options: Partial<SandboxOptions> = {}) {
  let real = 1_700_000_000_000;
  const world = new SandboxWorld({ seed: 42, realNow: () => real, ...options });
  const driver = new SandboxDriver(world, { playerName: "Ragnar", password: "geheim" });
  await driver.login();
  const player = await driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  const village = world.village(player.value.villages[0]!.id)!;
  return { world, driver, village, advance: (ms: number) => (real += ms) };
}

describe("the world's coin price", () => {
  it("mints at the price of the world's get_config (<snob><coin_wood> …), not the usual one", async () => {
    const { world, driver, village } = await setup({ snob: { coinWood: 1000, coinStone: 2000, coinIron: 3000 } });
    expect(world.snob.coinWood).toBe(1000);
    expect(world.snob.maxDist).toBe(gameConfigDefaults.snob.maxDist);
    Object.assign(village.buildings, { snob: 1, storage: 30 });
    village.resources = { wood: 2500, stone: 5000, iron: 9500 };
    // 2,500 / 5,000 / 9,500 pay two coins of 1,000 / 2,000 / 3,000; the third lacks wood (500 left).
    expect(await driver.mintCoins(village.id, 3)).toEqual({ ok: true, value: { minted: 2 } });
    expect(village.coins).toBe(2);
    expect(village.resources).toEqual({ wood: 500, stone: 1000, iron: 3500 });
  });

  it("takes the game's usual price (28,000 / 30,000 / 25,000) when the world names none", async () => {
    const { driver, village } = await setup();
    Object.assign(village.buildings, { snob: 1, storage: 30 });
    village.resources = { wood: 28_000, stone: 30_000, iron: 24_999 };
    expect(await driver.mintCoins(village.id, 1)).toMatchObject({ ok: false, code: "resources" });
    village.resources.iron = 25_000;
    expect(await driver.mintCoins(village.id, 1)).toEqual({ ok: true, value: { minted: 1 } });
  });
});

describe("an attack's effect on the target", () => {
  it("leaves the wall as low as the rams brought it (6,000 axes and 100 rams against wall 20: 13)", async () => {
    const { world, driver, village, advance } = await setup();
    const bjorn = new SandboxDriver(world, { playerName: "Bjorn", password: "x" });
    await bjorn.login();
    const bjornPlayer = await bjorn.getPlayer();
    if (!bjornPlayer.ok) throw new Error(bjornPlayer.error);
    const defended = world.village(bjornPlayer.value.villages[0]!.id)!;
    for (const u of units) defended.units[u as Unit] = 0;
    Object.assign(defended.units, { spear: 1000, sword: 1000 });
    defended.buildings.wall = 20;
    for (const u of units) village.units[u as Unit] = 0;
    Object.assign(village.units, { axe: 6000, ram: 100 });
    const sent = await driver.sendCommand({ fromVillageId: village.id, to: { x: defended.x, y: defended.y }, units: { axe: 6000, ram: 100 }, kind: "attack" });
    if (!sent.ok) throw new Error(sent.error);
    advance(sent.value.arrivesAt - driver.now() + 1000);
    await driver.login(); // the march outlasts a login
    const reports = await driver.getReports(0);
    if (!reports.ok) throw new Error(reports.error);
    // The hand computation of battle.test.ts: 3,959 axes and 66 rams survive, the wall drops by 7 levels.
    expect(reports.value.at(-1)?.lost).toEqual({ axe: 2041, ram: 34 });
    expect(defended.buildings.wall).toBe(13);
    expect(defended.units.spear + defended.units.sword).toBe(0);
  });
});
