// The generated world in the game's own file formats (village.txt, player.txt, ally.txt, get_config.xml,
// get_unit_info.xml), which the server's world import reads like any world's, and the units' base stats
// written into them.
import { baseUnitSpeeds } from "./unit-info.js";
import { units, unitPopWeights, type Unit } from "../units.js";
import type { GeneratedWorld } from "./world-generator.js";

/** Written into the generated files' config: a speed-1 world with the night bonus from 0 to 8. */
export const GENERATED_WORLD_SPEED = 1;
export const GENERATED_WORLD_UNIT_SPEED = 1;

/** PHP's urlencode, which the game's files use: `+` for spaces, every other special byte as %XX. */
export function gameUrlEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

export interface GeneratedWorldFiles {
  "village.txt": string;
  "player.txt": string;
  "ally.txt": string;
  "get_config.xml": string;
  "get_unit_info.xml": string;
}

export interface WorldFilesOptions {
  /**
   * The config's unit speed (the game's own setting: units walk that many times faster, and the unit
   * info's minutes per field are divided by it). A fast world lets a defence be sent and land within
   * minutes, as on the game's speed worlds; the sandbox's runner takes the same factor (--unit-speed).
   */
  unitSpeed?: number;
}

/** The world in the game's formats; like the game's, the txt files end without a final newline. */
export function worldFiles(world: GeneratedWorld, options: WorldFilesOptions = {}): GeneratedWorldFiles {
  const unitSpeed = options.unitSpeed ?? GENERATED_WORLD_UNIT_SPEED;
  return {
    "village.txt": world.villages.map((v) => `${v.id},${gameUrlEncode(v.name)},${v.x},${v.y},${v.playerId},${v.points},${v.bonusId}`).join("\n"),
    "player.txt": world.players.map((p) => `${p.id},${gameUrlEncode(p.name)},${p.allyId},${p.villages},${p.points},${p.rank}`).join("\n"),
    "ally.txt": world.allies
      .map((a) => `${a.id},${gameUrlEncode(a.name)},${gameUrlEncode(a.tag)},${a.members},${a.villages},${a.points},${a.allPoints},${a.rank}`)
      .join("\n"),
    "get_config.xml": generatedConfigXml(unitSpeed),
    "get_unit_info.xml": generatedUnitInfoXml(unitSpeed),
  };
}

function generatedConfigXml(unitSpeed: number): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
<config>
<speed>${GENERATED_WORLD_SPEED}</speed>
<unit_speed>${unitSpeed}</unit_speed>
<moral>1</moral>
<commands>
  <millis_arrival>1</millis_arrival>
  <command_cancel_time>600</command_cancel_time>
</commands>
<newbie>
  <days>5</days>
</newbie>
<game>
  <knight>1</knight>
  <archer>1</archer>
  <tech>2</tech>
  <farm_limit>0</farm_limit>
  <church>0</church>
  <watchtower>0</watchtower>
  <fake_limit>1</fake_limit>
  <barbarian_max_points>2000</barbarian_max_points>
  <base_production>30</base_production>
</game>
<snob>
  <gold>1</gold>
  <cheap_rebuild>0</cheap_rebuild>
  <rise>2</rise>
  <max_dist>100</max_dist>
  <factor>1</factor>
  <coin_wood>28000</coin_wood>
  <coin_stone>30000</coin_stone>
  <coin_iron>25000</coin_iron>
  <no_barb_conquer>0</no_barb_conquer>
</snob>
<coord>
  <map_size>1000</map_size>
</coord>
<night>
  <active>1</active>
  <start_hour>0</start_hour>
  <end_hour>8</end_hour>
  <def_factor>2</def_factor>
</night>
</config>`;
}

/** Base stats of the units (the game's values at speed 1): build seconds, attack, defences, carry. */
const unitStats: Record<Unit, [number, number, number, number, number, number]> = {
  spear: [1020, 10, 15, 45, 20, 25],
  sword: [1500, 25, 50, 15, 40, 15],
  axe: [1320, 40, 10, 5, 10, 10],
  archer: [1800, 15, 50, 40, 5, 10],
  spy: [900, 0, 2, 1, 2, 0],
  light: [1800, 130, 30, 40, 30, 80],
  marcher: [2700, 120, 40, 30, 50, 50],
  heavy: [3600, 150, 200, 80, 180, 50],
  ram: [4800, 2, 20, 50, 20, 0],
  catapult: [7200, 100, 100, 50, 100, 0],
  knight: [21600, 150, 250, 400, 150, 100],
  snob: [18000, 30, 100, 50, 100, 0],
};

/** A unit's battle stats at speed 1: attack, defence against infantry, cavalry and archers, and carry. */
export interface UnitBattleStats {
  attack: number;
  defense: number;
  defenseCavalry: number;
  defenseArcher: number;
  carry: number;
}

/** The game's base battle stats per unit (the sandbox fights with them). */
export const unitBattleStats: Readonly<Record<Unit, UnitBattleStats>> = Object.fromEntries(
  units.map((u) => {
    const [, attack, defense, defenseCavalry, defenseArcher, carry] = unitStats[u];
    return [u, { attack, defense, defenseCavalry, defenseArcher, carry }];
  }),
) as Record<Unit, UnitBattleStats>;

function generatedUnitInfoXml(unitSpeed: number): string {
  const factor = GENERATED_WORLD_SPEED * unitSpeed;
  const body = units
    .map((u) => {
      const [buildTime, attack, defense, cavalry, archer, carry] = unitStats[u];
      return `  <${u}>
    <build_time>${buildTime / GENERATED_WORLD_SPEED}</build_time>
    <pop>${unitPopWeights[u]}</pop>
    <speed>${baseUnitSpeeds[u] / factor}</speed>
    <attack>${attack}</attack>
    <defense>${defense}</defense>
    <defense_cavalry>${cavalry}</defense_cavalry>
    <defense_archer>${archer}</defense_archer>
    <carry>${carry}</carry>
  </${u}>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>\n<config>\n${body}\n</config>`;
}
