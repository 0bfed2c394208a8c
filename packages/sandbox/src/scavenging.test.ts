// Raubzug in the sandbox: squads out and back by the protocol's rules, the haul landing in the storage
// at the return (capped), options unlocked one after another, and worlds without it.
import { describe, expect, it } from "vitest";
import { scavengeOptions, scavengeOutcome, scavengeWorld, type VillageSnapshot } from "@dsbot/protocol";
import { SandboxDriver, SandboxWorld, storageCapacity } from "./index.js";

function setup(options: { economySpeed?: number; scavenging?: boolean; speed?: number } = {}) {
  let real = 1_700_000_000_000;
  const world = new SandboxWorld({ seed: 42, realNow: () => real, ...options });
  const driver = new SandboxDriver(world, { playerName: "Ragnar", password: "geheim" });
  return { world, driver, advance: (ms: number) => (real += ms) };
}

async function village(driver: SandboxDriver, index = 0): Promise<VillageSnapshot> {
  const player = await driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  const found = player.value.villages[index];
  if (!found) throw new Error("no village");
  return found;
}

function ok<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe("Raubzug in the sandbox", () => {
  it("sends a squad that is out for the rule's seconds and brings a third of its haul of each kind", async () => {
    const { driver, advance, world } = setup({ speed: 2 });
    await driver.login();
    const v = await village(driver);
    const screen = ok(await driver.scavengeScreen(v.id));
    expect(screen.options.map((o) => o.state)[0]).toBe("free");
    expect(screen.durationFactor).toBeCloseTo(Math.pow(2, -0.55), 12);
    const spears = Math.min(40, v.units.spear);
    expect(spears).toBeGreaterThan(0);
    const sent = ok(await driver.sendScavenge(v.id, 1, { spear: spears }));
    const expected = scavengeOutcome(scavengeWorld(2), 0.1, spears * 25);
    expect(sent.returnsAt - world.now()).toBe(expected.seconds * 1000);
    expect(sent.haul).toEqual({ wood: expected.perResource, stone: expected.perResource, iron: expected.perResource });
    const out = await village(driver);
    expect(out.units.spear).toBe(v.units.spear - spears);
    expect(ok(await driver.scavengeScreen(v.id)).options[0]).toMatchObject({ state: "out", until: sent.returnsAt, squad: { units: { spear: spears } } });
    // The option is busy until the squad is back; the units still eat from the farm.
    expect(await driver.sendScavenge(v.id, 1, { spear: 1 })).toMatchObject({ ok: false, code: "busy" });
    expect(out.population.used).toBe(v.population.used);

    advance(sent.returnsAt - world.now() - 1);
    expect((await village(driver)).units.spear).toBe(v.units.spear - spears);
    advance(1);
    const back = await village(driver);
    expect(back.units.spear).toBe(v.units.spear);
    expect(ok(await driver.scavengeScreen(v.id)).options[0]).toMatchObject({ state: "free", until: null });
  });

  it("adds the haul at the return, capped by the storage", async () => {
    const { driver, advance, world } = setup();
    await driver.login();
    const v = await village(driver);
    const internal = world.village(v.id);
    if (!internal) throw new Error("no village");
    const cap = storageCapacity(internal.buildings.storage);
    internal.resources = { wood: cap - 10, stone: 0, iron: 0 };
    internal.buildings.wood = 0;
    internal.buildings.stone = 0;
    internal.buildings.iron = 0;
    internal.units.spear = 1_000;
    const sent = ok(await driver.sendScavenge(v.id, 1, { spear: 1_000 }));
    expect(sent.haul.wood).toBeGreaterThan(10);
    advance(sent.returnsAt - world.now());
    const back = await village(driver);
    // Production of a level-0 pit runs too; the haul tops the storage for wood and adds to the rest.
    expect(back.resources.wood).toBe(cap);
    expect(back.resources.stone).toBeGreaterThanOrEqual(sent.haul.stone);
  });

  it("unlocks an option after the one before it, for its price and time; refuses locked ones", async () => {
    const { driver, advance, world } = setup();
    await driver.login();
    const v = await village(driver);
    const internal = world.village(v.id);
    if (!internal) throw new Error("no village");
    const screen = ok(await driver.scavengeScreen(v.id));
    const firstLocked = screen.options.find((o) => o.state === "locked");
    if (!firstLocked) throw new Error("every option unlocked");
    const rule = scavengeOptions[firstLocked.option - 1];
    if (!rule) throw new Error("no rule");
    expect(await driver.sendScavenge(v.id, firstLocked.option, { spear: 1 })).toMatchObject({ ok: false, code: "requirements" });
    if (firstLocked.option < 4) expect(await driver.unlockScavenge(v.id, (firstLocked.option + 1) as 2 | 3 | 4)).toMatchObject({ ok: false, code: "requirements" });
    Object.assign(internal.buildings, { wood: 0, stone: 0, iron: 0, storage: 30 });
    internal.resources = { wood: rule.unlockCost.wood - 1, stone: 50_000, iron: 50_000 };
    expect(await driver.unlockScavenge(v.id, firstLocked.option)).toMatchObject({ ok: false, code: "resources" });
    internal.resources.wood = rule.unlockCost.wood;
    const started = ok(await driver.unlockScavenge(v.id, firstLocked.option));
    expect(started.unlockedAt - world.now()).toBe(rule.unlockSeconds * 1000);
    expect((await village(driver)).resources.stone).toBe(50_000 - rule.unlockCost.stone);
    expect(ok(await driver.scavengeScreen(v.id)).options[firstLocked.option - 1]).toMatchObject({ state: "unlocking", until: started.unlockedAt });
    advance(started.unlockedAt - world.now());
    expect(ok(await driver.scavengeScreen(v.id)).options[firstLocked.option - 1]).toMatchObject({ state: "free" });
  });

  it("runs squads and unlocks at the sandbox's economy pace, and says so in the screen's duration factor", async () => {
    const { driver } = setup({ economySpeed: 60 });
    await driver.login();
    const v = await village(driver);
    expect(ok(await driver.scavengeScreen(v.id)).durationFactor).toBeCloseTo(1 / 60, 12);
  });

  it("offers nothing on a world without Raubzug", async () => {
    const { driver } = setup({ scavenging: false });
    await driver.login();
    const v = await village(driver);
    expect(await driver.scavengeScreen(v.id)).toEqual({ ok: false, code: "unavailable", error: "Auf dieser Welt gibt es keine Raubzüge." });
    expect(await driver.sendScavenge(v.id, 1, { spear: 1 })).toMatchObject({ ok: false, code: "unavailable" });
  });
});
