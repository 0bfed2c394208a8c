import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { units } from "../units.js";
import { parseGameConfigXml } from "./game-config.js";
import { baseUnitSpeeds, parseUnitInfoXml } from "./unit-info.js";
import { DEMO_WORLD, generateWorld } from "./world-generator.js";
import { gameUrlEncode, worldFiles } from "./world-generator-files.js";

const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, " "));

describe("generateWorld", () => {
  const world = generateWorld({ ...DEMO_WORLD, villages: 6000 });

  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateWorld({ ...DEMO_WORLD, villages: 6000 })).toEqual(world);
    const other = generateWorld({ ...DEMO_WORLD, seed: 232, villages: 6000 });
    expect(other.villages.map((v) => `${v.x}|${v.y}`)).not.toEqual(world.villages.map((v) => `${v.x}|${v.y}`));
  });

  it("places exactly the asked number of villages on distinct fields, spiralling out from 500|500", () => {
    expect(world.villages).toHaveLength(6000);
    expect(new Set(world.villages.map((v) => v.y * 1000 + v.x)).size).toBe(6000);
    expect(world.villages.map((v) => v.id)).toEqual(world.villages.map((_, i) => i + 1));
    const distance = (v: { x: number; y: number }) => (v.x - 500) ** 2 + (v.y - 500) ** 2;
    for (let i = 1; i < world.villages.length; i++) {
      expect(distance(world.villages[i]!)).toBeGreaterThanOrEqual(distance(world.villages[i - 1]!));
    }
  });

  it("keeps the villages of a smaller world as the inner part of a larger one", () => {
    const larger = generateWorld({ ...DEMO_WORLD, villages: 9000 });
    expect(larger.villages.slice(0, 6000).map((v) => [v.id, v.x, v.y])).toEqual(world.villages.map((v) => [v.id, v.x, v.y]));
    expect(larger.players.slice(0, 3)).toMatchObject(world.players.slice(0, 3).map(({ name, villages }) => ({ name, villages })));
  });

  it("has barbarians, bonus villages, players with several villages and tribes, all consistent", () => {
    const barbarians = world.villages.filter((v) => v.playerId === 0);
    expect(barbarians.length / world.villages.length).toBeGreaterThan(0.15);
    expect(barbarians.length / world.villages.length).toBeLessThan(0.35);
    expect(world.villages.some((v) => v.bonusId > 0 && v.playerId === 0)).toBe(true);
    expect(world.players.some((p) => p.villages >= 5)).toBe(true);
    for (const player of world.players) {
      const own = world.villages.filter((v) => v.playerId === player.id);
      expect(own.length).toBe(player.villages);
      expect(own.reduce((sum, v) => sum + v.points, 0)).toBe(player.points);
    }
    for (const ally of world.allies) {
      const members = world.players.filter((p) => p.allyId === ally.id);
      expect(members.length).toBe(ally.members);
      expect(members.reduce((sum, p) => sum + p.villages, 0)).toBe(ally.villages);
    }
    expect(world.players.map((p) => p.rank).sort((a, b) => a - b)).toEqual(world.players.map((_, i) => i + 1));
    expect(new Set(world.players.map((p) => p.name.toLowerCase())).size).toBe(world.players.length);
    expect(new Set(world.allies.map((a) => a.tag)).size).toBe(world.allies.length);
    for (const v of world.villages) expect(v.points).toBeGreaterThanOrEqual(26);
  });

  it("gives the named players villages near the centre, in their own tribe", () => {
    DEMO_WORLD.namedPlayers.forEach((name, k) => {
      const player = world.players[k]!;
      expect(player).toMatchObject({ id: k + 1, name, allyId: 1, villages: 3 + k });
      for (const v of world.villages.filter((village) => village.playerId === player.id)) {
        expect(Math.hypot(v.x - 500, v.y - 500)).toBeLessThan(40);
        expect(v.name).toMatch(new RegExp(`^${name}s Dorf \\d$`));
      }
    });
    expect(world.allies[0]).toMatchObject({ name: "Demo-Stamm", tag: "DEMO" });
    // a few neighbours joined the demo tribe besides the named players
    expect(world.allies[0]!.members).toBeGreaterThan(DEMO_WORLD.namedPlayers.length);
  });

  it("refuses impossible sizes with a German message", () => {
    expect(() => generateWorld({ seed: 1, villages: 0 })).toThrow("Die Dorfzahl muss zwischen");
    expect(() => generateWorld({ seed: 1, villages: 300_000 })).toThrow("Die Dorfzahl muss zwischen");
  });
});

describe("worldFiles", () => {
  const world = generateWorld({ ...DEMO_WORLD, villages: 2000 });
  const files = worldFiles(world);

  it("writes one record per line without a final newline, with URL-encoded names", () => {
    for (const [name, list] of [["village.txt", world.villages], ["player.txt", world.players], ["ally.txt", world.allies]] as const) {
      const text = files[name];
      expect(text.endsWith("\n")).toBe(false);
      expect(text.split("\n")).toHaveLength(list.length);
    }
    const firstVillage = files["village.txt"].split("\n")[0]!.split(",");
    expect(firstVillage).toHaveLength(7);
    expect(decode(firstVillage[1]!)).toBe(world.villages[0]!.name);
    const lines = files["player.txt"].split("\n");
    world.players.forEach((p, i) => expect(decode(lines[i]!.split(",")[1]!)).toBe(p.name));
  });

  it("writes a config and unit info the game-rule parsers read, with the base speeds on a speed-1 world", () => {
    const config = parseGameConfigXml(files["get_config.xml"]);
    expect(config.ok && config.value).toMatchObject({ speed: 1, unitSpeed: 1, night: { active: true, startHour: 0, endHour: 8 } });
    const info = parseUnitInfoXml(files["get_unit_info.xml"]);
    if (!info.ok) throw new Error(info.error);
    for (const unit of units) expect(info.value[unit]?.speed).toBe(baseUnitSpeeds[unit]);
  });

  it("writes a fast world's unit speed into both files: the units walk that many times faster", () => {
    const fast = worldFiles(world, { unitSpeed: 20 });
    const config = parseGameConfigXml(fast["get_config.xml"]);
    expect(config.ok && config.value).toMatchObject({ speed: 1, unitSpeed: 20 });
    const info = parseUnitInfoXml(fast["get_unit_info.xml"]);
    if (!info.ok) throw new Error(info.error);
    for (const unit of units) expect(info.value[unit]?.speed).toBeCloseTo(baseUnitSpeeds[unit] / 20, 9);
    expect(fast["village.txt"]).toBe(files["village.txt"]);
  });
});

describe("gameUrlEncode", () => {
  it("round-trips through the game's decoding (+ is a space) and never leaves a comma", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const encoded = gameUrlEncode(text);
        expect(encoded).not.toMatch(/[ ,\n]/);
        expect(decode(encoded)).toBe(text);
      }),
    );
    expect(gameUrlEncode("*Głodne Kaczuszki*")).toBe("%2AG%C5%82odne+Kaczuszki%2A");
  });
});
