// get_config: the parser, its defaults and its German errors.
import { describe, expect, it } from "vitest";
import { gameConfigDefaults, gameConfigSchema, parseGameConfigXml } from "./game-config.js";

/** A hand-written answer with the elements dsbot reads (values like the real fixture world's). */
const answer = `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
<config>
<speed>1.6</speed>
<unit_speed>0.625</unit_speed>
<moral>1</moral>
<commands><millis_arrival>1</millis_arrival><command_cancel_time>600</command_cancel_time></commands>
<newbie><days>5</days></newbie>
<game>
  <knight>3</knight>
  <knight_new_items></knight_new_items>
  <knight_archer_bonus/>
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
  <gold>1</gold><cheap_rebuild>0</cheap_rebuild><rise>2</rise><max_dist>100</max_dist><factor>1</factor>
  <coin_wood>28000</coin_wood><coin_stone>30000</coin_stone><coin_iron>25000</coin_iron>
  <no_barb_conquer></no_barb_conquer>
</snob>
<coord><map_size>1000</map_size></coord>
<night>
  <active>1</active>
  <start_hour>23</start_hour>
  <end_hour>8</end_hour>
  <def_factor>2</def_factor>
</night>
</config>`;

describe("parseGameConfigXml", () => {
  it("reads the typed settings", () => {
    const parsed = parseGameConfigXml(answer);
    expect(parsed).toEqual({
      ok: true,
      value: {
        speed: 1.6,
        unitSpeed: 0.625,
        moral: 1,
        night: { active: true, startHour: 23, endHour: 8, defFactor: 2 },
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
          archer: true,
          knight: 3,
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
        newbie: { days: 5 },
      },
    });
    if (parsed.ok) expect(gameConfigSchema.parse(parsed.value)).toEqual(parsed.value);
  });

  it("falls back to the defaults for missing or empty elements; no night section means no night bonus", () => {
    const parsed = parseGameConfigXml("<config>\n <speed>2</speed>\n <unit_speed>1</unit_speed>\n <moral></moral>\n</config>");
    expect(parsed).toEqual({ ok: true, value: { speed: 2, unitSpeed: 1, ...gameConfigDefaults } });
    expect(gameConfigDefaults.night.active).toBe(false);
    const wrapping = parseGameConfigXml("<config><speed>1</speed><unit_speed>1</unit_speed><night><active>1</active><start_hour>0</start_hour><end_hour>8</end_hour></night></config>");
    expect(wrapping.ok && wrapping.value.night).toEqual({ active: true, startHour: 0, endHour: 8, defFactor: 1 });
  });

  it("reads a world without Raubzug; a config stored before the field counts as one with it", () => {
    const without = parseGameConfigXml("<config><speed>1</speed><unit_speed>1</unit_speed><game><scavenging>0</scavenging></game></config>");
    expect(without.ok && without.value.game.scavenging).toBe(false);
    const { scavenging: _dropped, ...olderGame } = gameConfigDefaults.game;
    expect(gameConfigSchema.parse({ ...gameConfigDefaults, speed: 1, unitSpeed: 1, game: olderGame }).game.scavenging).toBe(true);
  });

  it.each([
    ["<html><head/><body/></html>", "get_config: keine gültige Antwort des Spiels (erwartet <config>, gefunden <html>)."],
    ["Ungültige Welt", "get_config: keine gültige Antwort des Spiels (kein XML-Dokument (Text vor dem ersten Element))."],
    [answer.replace("<speed>1.6</speed>", ""), "get_config: <speed> fehlt."],
    [answer.replace("<unit_speed>0.625</unit_speed>", "<unit_speed></unit_speed>"), "get_config: <unit_speed> fehlt."],
    [answer.replace("<speed>1.6</speed>", "<speed>0</speed>"), "get_config: <speed> muss größer als 0 sein."],
    [answer.replace("<speed>1.6</speed>", "<speed>1,6</speed>"), "get_config: <speed> ist keine Zahl („1,6“)."],
    [answer.replace("<speed>1.6</speed>", "<speed>1e308</speed>"), "get_config: <speed> muss zwischen 0,01 und 1.000 liegen (ist 1e+308)."],
    [answer.replace("<speed>1.6</speed>", "<speed>-2</speed>"), "get_config: <speed> darf nicht negativ sein (-2)."],
    [answer.replace("<speed>1.6</speed>", "<speed>NaN</speed>"), "get_config: <speed> ist keine Zahl („NaN“)."],
    [answer.replace("<unit_speed>0.625</unit_speed>", "<unit_speed>0.000001</unit_speed>"), "get_config: <unit_speed> muss zwischen 0,01 und 1.000 liegen (ist 0.000001)."],
    [answer.replace("<start_hour>23</start_hour>", "<start_hour>elf</start_hour>"), "get_config: <night><start_hour> ist keine Zahl („elf“)."],
    [answer.replace("<end_hour>8</end_hour>", "<end_hour>25</end_hour>"), "get_config: <night><end_hour> muss eine Stunde von 0 bis 24 sein (25)."],
    [answer.replace("<end_hour>8</end_hour>", "<end_hour>7.5</end_hour>"), "get_config: <night><end_hour> muss eine ganze Zahl sein (7.5)."],
    [answer.replace("<max_dist>100</max_dist>", "<max_dist>-1</max_dist>"), "get_config: <snob><max_dist> darf nicht negativ sein (-1)."],
    [answer.replace("<map_size>1000</map_size>", "<map_size><x>1</x></map_size>"), "get_config: <coord><map_size> ist keine Zahl („“)."],
  ])("refuses a broken answer with the element named (%#)", (xml, error) => {
    expect(parseGameConfigXml(xml)).toEqual({ ok: false, error });
  });

  it("a get_unit_info answer is no get_config", () => {
    expect(parseGameConfigXml("<config><spear><speed>18</speed></spear></config>")).toEqual({ ok: false, error: "get_config: <speed> fehlt." });
  });
});
