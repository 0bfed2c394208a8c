import { describe, expect, it } from "vitest";
import { DEMO_WORLD, generateWorld, plannerDefaultTemplates, type Unit } from "@dsbot/protocol";
import { NPC_FIRST_LANDING_MS, NPC_WAVE_MS, SandboxDriver, SandboxWorld, unitMinutesPerField } from "./index.js";

function setup(options: { timeScale?: number; captchaRate?: number; economySpeed?: number; botProtectionPerHour?: number; sessionHours?: number } = {}) {
  let real = 1_700_000_000_000;
  const world = new SandboxWorld({ seed: 42, realNow: () => real, ...options });
  const driver = new SandboxDriver(world, { playerName: "Ragnar", password: "geheim" });
  return { world, driver, advance: (ms: number) => (real += ms) };
}

async function firstVillage(driver: SandboxDriver) {
  const player = await driver.getPlayer();
  if (!player.ok) throw new Error(player.error);
  const village = player.value.villages[0];
  if (!village) throw new Error("no village");
  return village;
}

describe("sandbox world", () => {
  it("is reproducible from its seed", async () => {
    const a = setup();
    const b = setup();
    await a.driver.login();
    await b.driver.login();
    expect(await a.driver.getPlayer()).toEqual(await b.driver.getPlayer());
  });

  it("refuses actions before login with the game's German message", async () => {
    const { driver } = setup();
    expect(await driver.getPlayer()).toEqual({ ok: false, code: "not_logged_in", error: "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an." });
    expect((await new SandboxDriver(new SandboxWorld({ seed: 1 }), { playerName: "x", password: "" }).login()).ok).toBe(false);
  });

  it("produces resources as game time passes, faster with a time scale", async () => {
    const { driver, advance } = setup({ timeScale: 60 });
    await driver.login();
    const before = await firstVillage(driver);
    advance(60_000); // one real minute = one game hour
    const after = await firstVillage(driver);
    expect(after.resources.wood).toBeGreaterThan(before.resources.wood);
    expect(after.resources.wood).toBeLessThanOrEqual(after.storageCapacity);
  });

  it("queues a building, charges its cost and finishes it later", async () => {
    const { driver, advance } = setup();
    await driver.login();
    const village = await firstVillage(driver);
    const result = await driver.build(village.id, "wood");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const queued = await firstVillage(driver);
    expect(queued.resources.wood).toBeLessThan(village.resources.wood);
    expect(queued.buildings.wood).toBe(village.buildings.wood);
    advance(result.value.finishesAt - driver.now() + 60_000); // just past the finish time
    expect((await firstVillage(driver)).buildings.wood).toBe(village.buildings.wood + 1);
  });

  it("runs production, building and recruiting at the economy speed while units walk at the world's pace", async () => {
    const slow = setup();
    const fast = setup({ economySpeed: 60 });
    for (const s of [slow, fast]) await s.driver.login();
    const village = await firstVillage(slow.driver);
    const [built, builtFast] = [await slow.driver.build(village.id, "wood"), await fast.driver.build(village.id, "wood")];
    if (!built.ok || !builtFast.ok) throw new Error("not built");
    const now = slow.driver.now();
    expect(Math.round((builtFast.value.finishesAt - now) / 1000)).toBe(Math.round((built.value.finishesAt - now) / 1000 / 60));
    for (const s of [slow, fast]) await s.driver.recruit(village.id, { spear: 1 });
    const [queue, queueFast] = [(await firstVillage(slow.driver)).recruitQueue![0]!, (await firstVillage(fast.driver)).recruitQueue![0]!];
    expect(queueFast.finishesAt - now).toBe(Math.round((queue.finishesAt - now) / 60));
    // An hour's production (a mine below the storage's cap): sixty times as much.
    const [w1, w2] = [slow.world.village(village.id)!, fast.world.village(village.id)!];
    for (const v of [w1, w2]) {
      Object.assign(v.resources, { wood: 0, stone: 0, iron: 0 });
      v.buildings.storage = 30;
    }
    for (const s of [slow, fast]) s.advance(60_000);
    for (const [s, v] of [[slow, w1], [fast, w2]] as const) s.world.settle(v);
    expect(w2.resources.stone / w1.resources.stone).toBeCloseTo(60, 6);
    // Units walk alike.
    const target = { x: village.x + 3, y: village.y + 4 };
    const [sent, sentFast] = [await slow.driver.sendCommand({ fromVillageId: village.id, to: target, units: { spear: 1 }, kind: "attack" }), await fast.driver.sendCommand({ fromVillageId: village.id, to: target, units: { spear: 1 }, kind: "attack" })];
    if (!sent.ok || !sentFast.ok) throw new Error("not sent");
    expect(sentFast.value.arrivesAt - sentFast.value.sentAt).toBe(sent.value.arrivesAt - sent.value.sentAt);
  });

  it("answers game-like errors for impossible actions", async () => {
    const { driver } = setup();
    await driver.login();
    const village = await firstVillage(driver);
    expect((await driver.recruit(village.id, { spear: 1_000_000 })).ok).toBe(false);
    const send = await driver.sendCommand({ fromVillageId: village.id, to: { x: 500, y: 500 }, units: { axe: 10_000_000 }, kind: "attack" });
    expect(send).toMatchObject({ ok: false, error: "Nicht genügend Einheiten vorhanden." });
    expect(await driver.renameVillage(999_999, "Neu")).toMatchObject({ ok: false, code: "not_found" });
  });

  it("loses the session on a fault and blocks on bot protection until it clears", async () => {
    const { world, driver, advance } = setup();
    await driver.login();
    world.injectFault("Ragnar", "session_lost");
    expect(driver.isLoggedIn()).toBe(false);
    world.injectFault("Ragnar", "captcha", 10);
    expect(await driver.login()).toMatchObject({ ok: false, code: "captcha" });
    advance(11 * 60_000);
    expect((await driver.login()).ok).toBe(true);
    expect(driver.isLoggedIn()).toBe(true);
  });

  it("raises the bot protection during play at its rate, holds every action until solved, then waits a gap again", async () => {
    const { driver, advance } = setup({ botProtectionPerHour: 2, sessionHours: 24 });
    await driver.login();
    // A mean gap of 30 min: the first check comes 15–45 min after the first action.
    expect((await driver.getPlayer()).ok).toBe(true);
    advance(14 * 60_000);
    expect((await driver.getPlayer()).ok).toBe(true);
    let minutes = 14;
    while ((await driver.getPlayer()).ok) {
      advance(60_000);
      minutes++;
    }
    expect(minutes).toBeGreaterThanOrEqual(15);
    expect(minutes).toBeLessThanOrEqual(45);
    // It holds, however long, for every action.
    advance(5 * 3_600_000 - minutes * 60_000);
    const village = await firstVillage(driver).catch((error: unknown) => error);
    expect(String(village)).toContain("Bot-Schutz");
    expect(await driver.recruit(1, { spear: 1 })).toMatchObject({ ok: false, code: "captcha" });
    driver.solveBotProtection();
    expect((await driver.getPlayer()).ok).toBe(true);
    // The next one is at least half the mean gap away.
    advance(14 * 60_000);
    expect((await driver.getPlayer()).ok).toBe(true);
  });

  it("never raises it during play without a rate", async () => {
    const { driver, advance } = setup({ sessionHours: 24 });
    await driver.login();
    for (let hour = 0; hour < 20; hour++) {
      advance(3_600_000);
      expect((await driver.getPlayer()).ok).toBe(true);
    }
  });

  it("sends an attack whose travel time follows the slowest unit", async () => {
    const { driver } = setup();
    await driver.login();
    const village = await firstVillage(driver);
    const target = { x: village.x + 3, y: village.y + 4 }; // distance 5
    const result = await driver.sendCommand({ fromVillageId: village.id, to: target, units: { spear: 1, sword: 1 }, kind: "attack" });
    expect(result.ok).toBe(true);
    // sword (22 min/field) is slower than spear (18 min/field)
    if (result.ok) expect(result.value.arrivesAt - result.value.sentAt).toBe(5 * 22 * 60 * 1000);
  });

  it("keeps an arrived support standing in the target: on the way, then outside for its home and in the village for the target", async () => {
    const { driver, advance } = setup();
    await driver.login();
    const player = await driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    const [home, other] = player.value.villages;
    if (!home || !other) throw new Error("the player needs two villages");
    const unit = (Object.entries(home.units) as [Unit, number][]).find(([, n]) => n >= 2)?.[0];
    if (!unit) throw new Error("the village has no troops");
    const units = { [unit]: 2 };
    const sent = await driver.sendCommand({ fromVillageId: home.id, to: { x: other.x, y: other.y }, units, kind: "support" });
    if (!sent.ok) throw new Error(sent.error);
    const walking = await driver.getPlayer();
    if (!walking.ok) throw new Error(walking.error);
    expect(walking.value.villages[0]?.onTheWay).toEqual(units);
    expect(walking.value.villages[0]?.units[unit]).toBe(home.units[unit] - 2);
    advance(sent.value.arrivesAt - sent.value.sentAt);
    const arrived = await driver.getPlayer();
    if (!arrived.ok) throw new Error(arrived.error);
    const [after, target] = arrived.value.villages;
    expect(after?.onTheWay).toEqual({});
    expect(after?.outside).toEqual(units);
    expect(target?.supportsHere).toEqual(units);
    expect(target?.units[unit]).toBe(other.units[unit]);
    // The supporters still eat from their home's farm.
    expect(after?.population.used).toBe(home.population.used);
  });
});

describe("sandbox on a generated map", () => {
  const options = { ...DEMO_WORLD, villages: 3000 };
  const generated = generateWorld(options);
  const world = new SandboxWorld({ seed: DEMO_WORLD.seed, realNow: () => 1_700_000_000_000, map: options });

  it("plays a named player with the villages, ids and names of the generated world", async () => {
    const driver = new SandboxDriver(world, { playerName: "kalle", password: "x" });
    expect((await driver.login()).ok).toBe(true);
    const player = await driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    const expected = generated.villages.filter((v) => v.playerId === 1).map(({ id, name, x, y }) => ({ id, name, x, y }));
    expect(player.value.villages.map(({ id, name, x, y }) => ({ id, name, x, y }))).toEqual(expected);
  });

  it("finds every other map village by field, with its owner, and sends commands there by id", async () => {
    const barbarian = generated.villages.find((v) => v.playerId === 0 && Math.hypot(v.x - 500, v.y - 500) < 20)!;
    expect(world.villageAt(barbarian.x, barbarian.y)).toMatchObject({ id: barbarian.id, ownerId: null, name: barbarian.name });
    const owned = generated.villages.find((v) => v.playerId > 3)!;
    const owner = generated.players[owned.playerId - 1]!;
    expect(world.village(owned.id)?.ownerId).toBe(owner.id);
    expect(world.player(owner.name).villageIds).toContain(owned.id);

    const driver = new SandboxDriver(world, { playerName: "Kalle", password: "x" });
    await driver.login();
    const home = world.player("Kalle").villageIds[0]!;
    const sent = await driver.sendCommand({ fromVillageId: home, to: { x: barbarian.x, y: barbarian.y }, units: { spear: 1 }, kind: "attack" });
    expect(sent.ok && sent.value.to.villageId).toBe(barbarian.id);
  });

  it("gives every named player an offensive that holds the planner's default attack template, a defensive and a mixed village", () => {
    for (const name of DEMO_WORLD.namedPlayers) {
      const [off, def, mixed] = world.player(name).villageIds.map((id) => world.village(id)!);
      for (const [unit, n] of Object.entries(plannerDefaultTemplates.attack)) expect(off!.units[unit as Unit], `${name} ${unit}`).toBeGreaterThanOrEqual(n);
      expect(def!.units.spear + def!.units.sword).toBeGreaterThan(10_000);
      expect(def!.units.axe + def!.units.light).toBe(0);
      expect(mixed!.units.axe).toBeGreaterThan(0);
      expect(mixed!.units.spear).toBeGreaterThan(0);
      // The armies fit their farms.
      for (const village of [off!, def!, mixed!]) expect(world.populationUsed(village)).toBeLessThanOrEqual(world.populationMax(village));
    }
  });

  it("keeps players made up on first use clear of the map's ids", () => {
    const stranger = world.player("Nicht auf der Karte");
    expect(stranger.id).toBeGreaterThan(generated.players.length);
    expect(Math.min(...stranger.villageIds)).toBeGreaterThan(generated.villages.length);
  });
});

describe("NPC aggressors", () => {
  const options = { ...DEMO_WORLD, villages: 6000 };
  const generated = generateWorld(options);
  function npcWorld() {
    let real = 1_700_000_000_000;
    const world = new SandboxWorld({ seed: DEMO_WORLD.seed, realNow: () => real, map: options, npcAggressors: true });
    const driver = new SandboxDriver(world, { playerName: "Kalle", password: "x" });
    return { world, driver, advance: (ms: number) => (real += ms) };
  }
  const incoming = async (driver: SandboxDriver) => {
    const result = await driver.getCommands();
    if (!result.ok) throw new Error(result.error);
    return result.value.filter((c) => c.direction === "incoming");
  };

  it("sends a first wave with a noble train at the player's villages from enemy villages, walking the game's travel times", async () => {
    const { world, driver } = npcWorld();
    await driver.login();
    const commands = await incoming(driver);
    expect(commands.length).toBe(11);
    // One scout is a minute from landing.
    expect(commands.filter((c) => c.arrivesAt - driver.now() <= NPC_FIRST_LANDING_MS && c.units?.spy)).toHaveLength(1);
    const kalle = generated.players.find((p) => p.name === "Kalle")!;
    const own = new Set(world.player("Kalle").villageIds);
    for (const c of commands) {
      expect(own.has(c.to.villageId)).toBe(true);
      const origin = generated.villages[c.from.villageId - 1]!;
      expect(origin.playerId).not.toBe(kalle.id);
      expect(generated.players[origin.playerId - 1]?.allyId).not.toBe(kalle.allyId);
      const slowest = Math.max(...Object.entries(c.units ?? {}).filter(([, n]) => (n ?? 0) > 0).map(([u]) => unitMinutesPerField[u as Unit]));
      const distance = Math.hypot(c.from.x - c.to.x, c.from.y - c.to.y);
      expect(c.arrivesAt - c.sentAt).toBe(Math.round(distance * slowest * 60) * 1000);
      expect(c.sentAt).toBeLessThanOrEqual(driver.now());
    }
    const nobles = commands.filter((c) => (c.units?.snob ?? 0) > 0).sort((a, b) => a.arrivesAt - b.arrivesAt);
    expect(nobles).toHaveLength(4);
    expect(nobles.map((c) => c.arrivesAt - nobles[0]!.arrivesAt)).toEqual([0, 100, 200, 300]);
    expect(new Set(nobles.map((c) => c.to.villageId)).size).toBe(1);
  });

  it("keeps sending waves while the game time runs and lets landed commands go", async () => {
    const { driver, advance } = npcWorld();
    await driver.login();
    const first = await incoming(driver);
    advance(NPC_WAVE_MS * 5);
    const later = await incoming(driver);
    const now = driver.now();
    expect(later.every((c) => c.arrivesAt > now)).toBe(true);
    const fresh = later.filter((c) => !first.some((f) => f.id === c.id));
    // Five waves, the fifth a train of four.
    expect(fresh.length).toBe(8);
  });
});

