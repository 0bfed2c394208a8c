// Per-world unit info: what the world's `interface.php?func=get_unit_info` answers per unit.
// `speed` is minutes per field ON THAT WORLD already (the game applied world speed × unit speed):
// use it as is, never divide it again by speed × unit_speed.
import { z } from "zod";
import { units, type Unit } from "../units.js";
import { gameError, gameOk, type GameResult } from "./result.js";
import { clipXmlText, readSimpleXml, xmlChild, xmlNumber } from "./xml.js";

/** Units get_unit_info may list: the game's units plus the militia (Miliz) of some worlds. */
export const unitInfoUnits = [...units, "militia"] as const;
export type UnitInfoUnit = (typeof unitInfoUnits)[number];

/**
 * The plausible range of each stat: the game's values lie far within it. A value beyond it (e.g. a
 * speed of 1e308, which makes every travel time infinite) is refused with the element named.
 * `speed` reaches from the militia on a fast world (hundredths of a minute) to a noble on a very slow one.
 */
export const unitStatLimits = {
  buildTime: [0, 10_000_000],
  pop: [0, 10_000],
  speed: [0.001, 10_000],
  attack: [0, 10_000_000],
  defense: [0, 10_000_000],
  defenseCavalry: [0, 10_000_000],
  defenseArcher: [0, 10_000_000],
  carry: [0, 10_000_000],
} as const satisfies Record<string, readonly [min: number, max: number]>;

const stat = (key: keyof typeof unitStatLimits) => z.number().min(unitStatLimits[key][0]).max(unitStatLimits[key][1]);
const germanNumber = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 6 });

/** One unit's entry; each field is the XML element named in its comment. */
export const unitStatsSchema = z.object({
  /** `<build_time>`: seconds to recruit one at building level 1. */
  buildTime: stat("buildTime"),
  /** `<pop>`: farm places. */
  pop: stat("pop"),
  /** `<speed>`: minutes per field on this world (use as is). */
  speed: stat("speed"),
  /** `<attack>` */
  attack: stat("attack"),
  /** `<defense>`: general defence (against infantry). */
  defense: stat("defense"),
  /** `<defense_cavalry>` */
  defenseCavalry: stat("defenseCavalry"),
  /** `<defense_archer>` */
  defenseArcher: stat("defenseArcher"),
  /** `<carry>`: resources one unit carries home. */
  carry: stat("carry"),
});
export type UnitStats = z.infer<typeof unitStatsSchema>;

/** A world's units; units the world does not have (archers, paladin, militia) are absent. */
export const unitInfoSchema = z.partialRecord(z.enum(unitInfoUnits), unitStatsSchema);
export type UnitInfo = Partial<Record<UnitInfoUnit, UnitStats>>;

/** XML element of each field. */
export const unitStatElements = {
  buildTime: "build_time",
  pop: "pop",
  speed: "speed",
  attack: "attack",
  defense: "defense",
  defenseCavalry: "defense_cavalry",
  defenseArcher: "defense_archer",
  carry: "carry",
} as const satisfies Record<keyof UnitStats, string>;

/**
 * Minutes per field of each unit on a world where speed × unit_speed = 1 (the game's base values).
 * Only for writing a world's unit info (e.g. a generated demo world); travel times always take the
 * world's own get_unit_info speed.
 */
export const baseUnitSpeeds: Readonly<Record<Unit, number>> = {
  spear: 18,
  sword: 22,
  axe: 18,
  archer: 18,
  spy: 9,
  light: 10,
  marcher: 10,
  heavy: 11,
  ram: 30,
  catapult: 30,
  knight: 10,
  snob: 35,
};

const isUnitInfoUnit = (name: string): name is UnitInfoUnit => (unitInfoUnits as readonly string[]).includes(name);

/**
 * Parses the text of get_unit_info.xml. Units the game lists that dsbot does not know are ignored;
 * units the world lacks stay absent. A file that is not such an answer gives a German error naming
 * the element, e.g. `get_unit_info: <spear><speed> ist keine Zahl („schnell“).`
 */
export function parseUnitInfoXml(xml: string): GameResult<UnitInfo> {
  const file = "get_unit_info";
  const read = readSimpleXml(xml);
  if (!read.ok) return gameError(`${file}: keine gültige Antwort des Spiels (${read.error}).`);
  if (read.root.name !== "config") return gameError(`${file}: keine gültige Antwort des Spiels (erwartet <config>, gefunden <${read.root.name}>).`);
  const info: UnitInfo = {};
  for (const element of read.root.children) {
    if (!isUnitInfoUnit(element.name)) continue;
    const unit = element.name;
    if (info[unit]) return gameError(`${file}: <${unit}> kommt mehrfach vor.`);
    const stats: Partial<UnitStats> = {};
    for (const key of Object.keys(unitStatElements) as (keyof UnitStats)[]) {
      const name = unitStatElements[key];
      const child = xmlChild(element, name);
      const where = `<${unit}><${name}>`;
      if (!child || child.text.trim() === "") return gameError(`${file}: ${where} fehlt.`);
      const value = xmlNumber(child.text);
      if (value === undefined) return gameError(`${file}: ${where} ist keine Zahl („${clipXmlText(child.text)}“).`);
      if (value < 0) return gameError(`${file}: ${where} darf nicht negativ sein (${value}).`);
      if (key === "speed" && value === 0) return gameError(`${file}: ${where} muss größer als 0 sein.`);
      const [min, max] = unitStatLimits[key];
      if (value < min || value > max) {
        return gameError(`${file}: ${where} muss zwischen ${germanNumber.format(min)} und ${germanNumber.format(max)} liegen (ist ${value}).`);
      }
      stats[key] = value;
    }
    info[unit] = stats as UnitStats;
  }
  if (Object.keys(info).length === 0) return gameError(`${file}: <config> enthält keine Einheiten (z. B. <spear>).`);
  return gameOk(info);
}
