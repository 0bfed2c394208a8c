// A world's settings from its `interface.php?func=get_config` answer: the values the game rules,
// planner and bots use, typed. Field names are camelCase; each comment names the XML element.
import { z } from "zod";
import { gameError, gameOk, type GameResult } from "./result.js";
import { clipXmlText, readSimpleXml, xmlChild, xmlNumber, type XmlElement } from "./xml.js";

const count = z.number().int().min(0);
const amount = z.number().min(0);
const hour = z.number().int().min(0).max(24);

export const nightConfigSchema = z.object({
  /** `<night><active>`: 1 = the night bonus is on. */
  active: z.boolean(),
  /** `<night><start_hour>`: server hour (Europe/Berlin) the bonus starts. */
  startHour: hour,
  /** `<night><end_hour>`: server hour it ends (exclusive); may be below startHour (23 → 7). */
  endHour: hour,
  /** `<night><def_factor>`: defence multiplier at night. */
  defFactor: amount,
});
export type NightConfig = z.infer<typeof nightConfigSchema>;

/**
 * Plausible ranges of the factors the travel times rest on (real worlds lie far within): a value
 * beyond them is refused with the element named, so no world can make its travel times infinite.
 */
export const gameConfigLimits = {
  speed: [0.01, 1000],
  unitSpeed: [0.01, 1000],
} as const satisfies Record<string, readonly [min: number, max: number]>;

export const gameConfigSchema = z.object({
  /** `<speed>`: world speed. */
  speed: z.number().min(gameConfigLimits.speed[0]).max(gameConfigLimits.speed[1]),
  /** `<unit_speed>`: unit speed factor (already contained in get_unit_info's speeds). */
  unitSpeed: z.number().min(gameConfigLimits.unitSpeed[0]).max(gameConfigLimits.unitSpeed[1]),
  /** `<moral>`: 0 off, 1 by points, 2 by points and time (the game's codes). */
  moral: count,
  night: nightConfigSchema,
  snob: z.object({
    /** `<snob><gold>`: 1 = gold coins (Münzen), 0 = resource packages (Pakete). */
    gold: count,
    /** `<snob><cheap_rebuild>` */
    cheapRebuild: z.boolean(),
    /** `<snob><rise>`: cost rise per noble (package worlds). */
    rise: amount,
    /** `<snob><max_dist>`: farthest a noble may walk, in fields. */
    maxDist: amount,
    /** `<snob><factor>` */
    factor: amount,
    /** `<snob><coin_wood>`, `<coin_stone>`, `<coin_iron>`: the price of one coin or package. */
    coinWood: amount,
    coinStone: amount,
    coinIron: amount,
    /** `<snob><no_barb_conquer>`: 1 = barbarian villages cannot be conquered. */
    noBarbConquer: z.boolean(),
  }),
  game: z.object({
    /** `<game><archer>`: the world has archers and mounted archers. */
    archer: z.boolean(),
    /** `<game><knight>`: 0 = no paladin, else the paladin version. */
    knight: count,
    /** `<game><church>` */
    church: z.boolean(),
    /** `<game><watchtower>` */
    watchtower: z.boolean(),
    /** `<game><tech>`: research system (the game's code). */
    tech: count,
    /** `<game><farm_limit>`: 0 = no limit. */
    farmLimit: amount,
    /** `<game><fake_limit>`: minimum attack size in % of the attacker's points (0 = none). */
    fakeLimit: amount,
    /** `<game><barbarian_max_points>` */
    barbarianMaxPoints: amount,
    /** `<game><base_production>`: resources per hour of a level-0 pit. */
    baseProduction: amount,
    /**
     * `<game><scavenging>`: the world has Raubzug (scavenging). Assumption: a world's config without
     * the field has it, as today's worlds do (docs/GAME-RULES.md, "Raubzug"); configs stored before the
     * field was read count as such.
     */
    scavenging: z.boolean().default(true),
  }),
  commands: z.object({
    /** `<commands><millis_arrival>`: arrivals are shown with milliseconds. */
    millisArrival: z.boolean(),
    /** `<commands><command_cancel_time>`: seconds a command may be cancelled. */
    commandCancelTime: amount,
  }),
  coord: z.object({
    /** `<coord><map_size>`: fields per side. */
    mapSize: z.number().int().positive(),
  }),
  newbie: z.object({
    /** `<newbie><days>`: beginner protection in days. */
    days: amount,
  }),
});
export type GameConfig = z.infer<typeof gameConfigSchema>;

/**
 * Values taken when an element (other than `<speed>` and `<unit_speed>`, which are required) is
 * missing or empty: the game's usual settings, and no night bonus. Checked against the game's own
 * answers: every value below equals what both real worlds of the real-world fixture say
 * (real-fixture.test.ts, where that fixture is present), except these assumptions:
 * - `night` inactive, `knight` 0, `archer` false, `newbie.days` 0: a world's own choices, so a world
 *   that does not state them is taken to lack them (both real worlds state them);
 * - `moral` 1 (point-based): the real worlds say 1 and 2; 1 is the game's usual setting.
 */
export const gameConfigDefaults: Omit<GameConfig, "speed" | "unitSpeed"> = {
  moral: 1,
  night: { active: false, startHour: 0, endHour: 0, defFactor: 1 },
  snob: {
    gold: 1,
    cheapRebuild: false,
    rise: 2,
    maxDist: 100,
    factor: 1,
    coinWood: 28000,
    coinStone: 30000,
    coinIron: 25000,
    noBarbConquer: false,
  },
  game: {
    archer: false,
    knight: 0,
    church: false,
    watchtower: false,
    tech: 2,
    farmLimit: 0,
    fakeLimit: 1,
    barbarianMaxPoints: 2000,
    baseProduction: 30,
    scavenging: true,
  },
  commands: { millisArrival: true, commandCancelTime: 600 },
  coord: { mapSize: 1000 },
  newbie: { days: 0 },
};

type Kind = "number" | "count" | "hour" | "positive" | "size";

const germanNumber = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 6 });

/**
 * Parses the text of get_config.xml. `<speed>` and `<unit_speed>` are required; other elements fall
 * back to `gameConfigDefaults` when missing or empty; a present but malformed value, or a file that
 * is not such an answer, gives a German error naming the element, e.g.
 * `get_config: <night><start_hour> ist keine Zahl („elf“).`
 */
export function parseGameConfigXml(xml: string): GameResult<GameConfig> {
  const file = "get_config";
  const read = readSimpleXml(xml);
  if (!read.ok) return gameError(`${file}: keine gültige Antwort des Spiels (${read.error}).`);
  const root = read.root;
  if (root.name !== "config") return gameError(`${file}: keine gültige Antwort des Spiels (erwartet <config>, gefunden <${root.name}>).`);
  let error: string | null = null;

  function value(path: string, kind: Kind, fallback: number | undefined, range?: readonly [number, number]): number | undefined {
    const names = path.split(".");
    let element: XmlElement | undefined = root;
    for (const name of names) element = xmlChild(element, name);
    const where = names.map((name) => `<${name}>`).join("");
    if (!element || element.children.length === 0 && element.text.trim() === "") {
      if (fallback === undefined) error ??= `${file}: ${where} fehlt.`;
      return fallback;
    }
    const parsed = element.children.length > 0 ? undefined : xmlNumber(element.text);
    const problem =
      parsed === undefined
        ? `ist keine Zahl („${clipXmlText(element.text)}“)`
        : parsed < 0
          ? `darf nicht negativ sein (${parsed})`
          : (kind === "positive" || kind === "size") && parsed === 0
            ? "muss größer als 0 sein"
            : (kind === "count" || kind === "hour" || kind === "size") && !Number.isInteger(parsed)
              ? `muss eine ganze Zahl sein (${parsed})`
              : kind === "hour" && parsed > 24
                ? `muss eine Stunde von 0 bis 24 sein (${parsed})`
                : range && (parsed < range[0] || parsed > range[1])
                  ? `muss zwischen ${germanNumber.format(range[0])} und ${germanNumber.format(range[1])} liegen (ist ${parsed})`
                  : null;
    if (problem) {
      error ??= `${file}: ${where} ${problem}.`;
      return fallback;
    }
    return parsed;
  }
  const num = (path: string, kind: Kind, fallback: number) => value(path, kind, fallback) ?? fallback;
  const bool = (path: string, fallback: boolean) => num(path, "number", fallback ? 1 : 0) !== 0;
  const d = gameConfigDefaults;

  const speed = value("speed", "positive", undefined, gameConfigLimits.speed);
  const unitSpeed = value("unit_speed", "positive", undefined, gameConfigLimits.unitSpeed);
  const config = {
    speed: speed ?? 1,
    unitSpeed: unitSpeed ?? 1,
    moral: num("moral", "count", d.moral),
    night: {
      active: bool("night.active", d.night.active),
      startHour: num("night.start_hour", "hour", d.night.startHour),
      endHour: num("night.end_hour", "hour", d.night.endHour),
      defFactor: num("night.def_factor", "number", d.night.defFactor),
    },
    snob: {
      gold: num("snob.gold", "count", d.snob.gold),
      cheapRebuild: bool("snob.cheap_rebuild", d.snob.cheapRebuild),
      rise: num("snob.rise", "number", d.snob.rise),
      maxDist: num("snob.max_dist", "number", d.snob.maxDist),
      factor: num("snob.factor", "number", d.snob.factor),
      coinWood: num("snob.coin_wood", "number", d.snob.coinWood),
      coinStone: num("snob.coin_stone", "number", d.snob.coinStone),
      coinIron: num("snob.coin_iron", "number", d.snob.coinIron),
      noBarbConquer: bool("snob.no_barb_conquer", d.snob.noBarbConquer),
    },
    game: {
      archer: bool("game.archer", d.game.archer),
      knight: num("game.knight", "count", d.game.knight),
      church: bool("game.church", d.game.church),
      watchtower: bool("game.watchtower", d.game.watchtower),
      tech: num("game.tech", "count", d.game.tech),
      farmLimit: num("game.farm_limit", "number", d.game.farmLimit),
      fakeLimit: num("game.fake_limit", "number", d.game.fakeLimit),
      barbarianMaxPoints: num("game.barbarian_max_points", "number", d.game.barbarianMaxPoints),
      baseProduction: num("game.base_production", "number", d.game.baseProduction),
      scavenging: bool("game.scavenging", d.game.scavenging),
    },
    commands: {
      millisArrival: bool("commands.millis_arrival", d.commands.millisArrival),
      commandCancelTime: num("commands.command_cancel_time", "number", d.commands.commandCancelTime),
    },
    coord: { mapSize: num("coord.map_size", "size", d.coord.mapSize) },
    newbie: { days: num("newbie.days", "number", d.newbie.days) },
  } satisfies GameConfig;
  if (error !== null) return gameError(error);
  return gameOk(config);
}
