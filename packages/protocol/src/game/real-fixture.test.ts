// The real world's interface.php answers in a `shared/fixtures/world-real` folder next to the repository's
// folder (read-only, never copied into the repository): parsed through our parsers, with travel times
// computed by hand. Skipped, with a message, where that folder is absent; travel.test.ts holds an inline copy
// of the values so the hand-checked table runs everywhere.
import { describe, expect, it } from "vitest";
import { gameConfigDefaults, parseGameConfigXml } from "./game-config.js";
import { isNightBonus } from "./night-bonus.js";
import { parseServerTime } from "./server-time.js";
import { slowestUnit, unitTravelSeconds } from "./travel.js";
import { baseUnitSpeeds, parseUnitInfoXml, type UnitInfoUnit } from "./unit-info.js";

// The protocol is type-checked without Node's types (it must stay platform-neutral), so the few Node
// APIs this test needs are typed here by hand and loaded through a specifier TypeScript does not resolve.
interface NodeFs {
  existsSync(path: string): boolean;
  readFileSync(path: string, encoding: "utf8"): string;
}
interface NodePath {
  resolve(...parts: string[]): string;
  dirname(path: string): string;
}
interface NodeUrl {
  fileURLToPath(url: string): string;
}
const load = <T>(specifier: string) => import(/* @vite-ignore */ specifier) as Promise<T>;
const fs = await load<NodeFs>("node:fs");
const path = await load<NodePath>("node:path");
const { fileURLToPath } = await load<NodeUrl>("node:url");

const here = path.dirname(fileURLToPath((import.meta as unknown as { url: string }).url));
const repoRoot = path.resolve(here, "../../../.."); // packages/protocol/src/game → repository root
const fixtureDir = path.resolve(repoRoot, "../shared/fixtures/world-real");
const exists = fs.existsSync(fixtureDir);
if (!exists) {
  (globalThis as unknown as { console: { info(message: string): void } }).console.info(
    `real-fixture.test.ts übersprungen: ${fixtureDir} fehlt (die echten Weltdaten liegen neben dem Repository, nicht darin).`,
  );
}

const read = (file: string) => fs.readFileSync(path.resolve(fixtureDir, file), "utf8");
function unitInfo(file: string) {
  const parsed = parseUnitInfoXml(read(file));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}
function config(file: string) {
  const parsed = parseGameConfigXml(read(file));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe.skipIf(!exists)("real fixture world", () => {
  it("get_config.xml: speed 1.6, unit_speed 0.625, night bonus 23 → 8", () => {
    const c = config("get_config.xml");
    expect(c.speed).toBe(1.6);
    expect(c.unitSpeed).toBe(0.625);
    expect(c.speed * c.unitSpeed).toBe(1);
    expect(c.moral).toBe(1);
    expect(c.night).toEqual({ active: true, startHour: 23, endHour: 8, defFactor: 2 });
    expect(c.snob).toMatchObject({ gold: 1, maxDist: 100, coinWood: 28000, coinStone: 30000, coinIron: 25000, noBarbConquer: false });
    expect(c.game).toMatchObject({ archer: true, knight: 3, church: false, watchtower: false });
    expect(c.commands).toEqual({ millisArrival: true, commandCancelTime: 600 });
    expect(c.coord.mapSize).toBe(1000);
  });

  it("get_config_2.xml: speed 4.0 × unit_speed 0.5, moral 2, no archers, paladin 1, nobles up to 500 fields", () => {
    const c = config("get_config_2.xml");
    expect([c.speed, c.unitSpeed, c.moral, c.game.archer, c.game.knight, c.snob.maxDist]).toEqual([4, 0.5, 2, false, 1, 500]);
  });

  it("the defaults for a missing element are what both real worlds say, apart from the world's own choices", () => {
    const [a, b] = [config("get_config.xml"), config("get_config_2.xml")];
    // Where the two worlds agree, a default that differs would be an assumption the game contradicts.
    expect(gameConfigDefaults.snob).toEqual({ ...a.snob, maxDist: gameConfigDefaults.snob.maxDist });
    expect(gameConfigDefaults.snob.maxDist).toBe(a.snob.maxDist);
    expect({ ...gameConfigDefaults.game, archer: a.game.archer, knight: a.game.knight }).toEqual(a.game);
    expect(gameConfigDefaults.commands).toEqual(a.commands);
    expect(gameConfigDefaults.coord).toEqual(a.coord);
    for (const key of ["tech", "farmLimit", "fakeLimit", "barbarianMaxPoints", "baseProduction", "church", "watchtower"] as const) {
      expect(a.game[key], key).toEqual(b.game[key]);
    }
  });

  it("get_unit_info.xml lists all twelve units plus militia with the speeds used as is", () => {
    const info = unitInfo("get_unit_info.xml");
    const speeds = Object.fromEntries(Object.entries(info).map(([unit, stats]) => [unit, stats.speed]));
    // speed × unit_speed = 1 on this world, so the game's per-world speeds equal the base speeds.
    expect(speeds).toEqual({ ...baseUnitSpeeds, militia: 0.016666666666667 });
    expect(info.spear).toEqual({ buildTime: 637.5, pop: 1, speed: 18, attack: 10, defense: 15, defenseCavalry: 45, defenseArcher: 20, carry: 25 });
    expect(info.snob).toMatchObject({ pop: 100, speed: 35, carry: 0 });
    expect(info.militia).toMatchObject({ pop: 0, defense: 15 });
  });

  it("get_unit_info_2.xml is the same without militia", () => {
    const info = unitInfo("get_unit_info_2.xml");
    expect(info.militia).toBeUndefined();
    const { militia: _militia, ...withoutMilitia } = unitInfo("get_unit_info.xml");
    expect(info).toEqual(withoutMilitia);
  });

  // Hand-computed: 500|500 → 503|504 is √(3² + 4²) = 5 fields; seconds = 5 × minutes × 60.
  const rows: [UnitInfoUnit, number][] = [
    ["spear", 5400], //   5 × 18 × 60 = 5400 s = 1:30:00
    ["sword", 6600], //   5 × 22 × 60 = 6600 s = 1:50:00
    ["axe", 5400],
    ["archer", 5400],
    ["spy", 2700], //     5 × 9 × 60 = 2700 s = 0:45:00
    ["light", 3000], //   5 × 10 × 60 = 3000 s = 0:50:00
    ["marcher", 3000],
    ["heavy", 3300], //   5 × 11 × 60 = 3300 s = 0:55:00
    ["ram", 9000], //     5 × 30 × 60 = 9000 s = 2:30:00
    ["catapult", 9000],
    ["knight", 3000],
    ["snob", 10500], //   5 × 35 × 60 = 10500 s = 2:55:00
    ["militia", 5], //    5 × 0.016666666666667 × 60 = 5.0000000000001 → 5 s
  ];
  it.each(rows)("%s over 5 fields: %d s", (unit, seconds) => {
    expect(unitTravelSeconds({ x: 500, y: 500 }, { x: 503, y: 504 }, unit, unitInfo("get_unit_info.xml"))).toBe(seconds);
  });

  it("a noble train with axes and rams walks at noble speed; supports with Freundschaft 10 % are faster", () => {
    const info = unitInfo("get_unit_info.xml");
    expect(slowestUnit({ axe: 100, ram: 10, snob: 1 }, info)).toBe("snob");
    // 500|500 → 510|503: √109 = 10.4403065 fields; spear 10.4403065 × 18 × 60 / 1.1 = 10250.48 → 10250 s
    expect(unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 503 }, "spear", info, 0.1)).toBe(10250);
  });

  it("an arrival at 23:30 server time falls into this world's night bonus, 08:00 does not", () => {
    const c = config("get_config.xml");
    const at = (text: string) => {
      const parsed = parseServerTime(text, "Europe/Berlin");
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    };
    expect(isNightBonus(at("24.11.25 23:30:00:000"), c, "Europe/Berlin")).toBe(true);
    expect(isNightBonus(at("25.11.25 07:59:59:999"), c, "Europe/Berlin")).toBe(true);
    expect(isNightBonus(at("25.11.25 08:00:00:000"), c, "Europe/Berlin")).toBe(false);
  });
});
