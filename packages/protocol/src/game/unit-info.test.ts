// get_unit_info: the parser and the schema.
import { describe, expect, it } from "vitest";
import { parseUnitInfoXml, unitInfoSchema, unitStatsSchema } from "./unit-info.js";

/** A hand-written answer: two units spelled like the game, one with odd whitespace and numbers. */
const answer = `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
<config>
  <spear>
    <build_time>637.5</build_time>
    <pop>1</pop>
    <speed>18.0000000001</speed>
    <attack>10</attack>
    <defense>15</defense>
    <defense_cavalry>45</defense_cavalry>
    <defense_archer>20</defense_archer>
    <carry>25</carry>
  </spear>
  <snob><build_time>11250</build_time><pop>100</pop><speed>
    35
  </speed><attack>30</attack><defense>100</defense><defense_cavalry>50</defense_cavalry><defense_archer>100</defense_archer><carry>0</carry><new_stat>7</new_stat></snob>
  <dragon><speed>1</speed></dragon>
  <militia>
    <build_time>1</build_time>
    <pop>0</pop>
    <speed>0.016666666666667</speed>
    <attack>0</attack>
    <defense>15</defense>
    <defense_cavalry>45</defense_cavalry>
    <defense_archer>25</defense_archer>
    <carry>0</carry>
  </militia>
</config>`;

describe("parseUnitInfoXml", () => {
  it("reads every stat, keeps numbers as written, ignores unknown units and fields, leaves missing units out", () => {
    const parsed = parseUnitInfoXml(answer);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.spear).toEqual({
      buildTime: 637.5,
      pop: 1,
      speed: 18.0000000001,
      attack: 10,
      defense: 15,
      defenseCavalry: 45,
      defenseArcher: 20,
      carry: 25,
    });
    expect(parsed.value.snob?.speed).toBe(35);
    expect(parsed.value.snob).not.toHaveProperty("new_stat");
    expect(parsed.value.militia?.speed).toBe(0.016666666666667);
    expect(Object.keys(parsed.value)).toEqual(["spear", "snob", "militia"]);
    expect(parsed.value).not.toHaveProperty("dragon");
    expect(parsed.value.archer).toBeUndefined();
    expect(unitInfoSchema.parse(parsed.value)).toEqual(parsed.value);
  });

  it.each([
    ["<html><body>Fehler</body></html>", "get_unit_info: keine gültige Antwort des Spiels (erwartet <config>, gefunden <html>)."],
    ["<!DOCTYPE html><html></html>", "get_unit_info: keine gültige Antwort des Spiels (kein XML-Dokument des Spiels (DOCTYPE, vermutlich eine HTML-Seite))."],
    ["<config><speed>1.6</speed></config>", "get_unit_info: <config> enthält keine Einheiten (z. B. <spear>)."],
    ["<config><__proto__><speed>1</speed></__proto__></config>", "get_unit_info: <config> enthält keine Einheiten (z. B. <spear>)."],
    [answer.replace("<speed>18.0000000001</speed>", "<speed>schnell</speed>"), "get_unit_info: <spear><speed> ist keine Zahl („schnell“)."],
    [answer.replace("<speed>18.0000000001</speed>", "<speed>0</speed>"), "get_unit_info: <spear><speed> muss größer als 0 sein."],
    [answer.replace("<carry>25</carry>", ""), "get_unit_info: <spear><carry> fehlt."],
    [answer.replace("<pop>1</pop>", "<pop></pop>"), "get_unit_info: <spear><pop> fehlt."],
    [answer.replace("<attack>10</attack>", "<attack>-10</attack>"), "get_unit_info: <spear><attack> darf nicht negativ sein (-10)."],
    [answer.replace("<speed>18.0000000001</speed>", "<speed>1e308</speed>"), "get_unit_info: <spear><speed> muss zwischen 0,001 und 10.000 liegen (ist 1e+308)."],
    [answer.replace("<speed>18.0000000001</speed>", "<speed>0.0000001</speed>"), "get_unit_info: <spear><speed> muss zwischen 0,001 und 10.000 liegen (ist 1e-7)."],
    [answer.replace("<speed>18.0000000001</speed>", "<speed>NaN</speed>"), "get_unit_info: <spear><speed> ist keine Zahl („NaN“)."],
    [answer.replace("<speed>18.0000000001</speed>", "<speed>-18</speed>"), "get_unit_info: <spear><speed> darf nicht negativ sein (-18)."],
    [answer.replace("<carry>25</carry>", "<carry>9e15</carry>"), "get_unit_info: <spear><carry> muss zwischen 0 und 10.000.000 liegen (ist 9000000000000000)."],
    [answer.replace("</militia>", "</militia><spear><speed>1</speed></spear>"), "get_unit_info: <spear> kommt mehrfach vor."],
    [answer.replace("</spear>", ""), "get_unit_info: keine gültige Antwort des Spiels (<spear> wird mit </config> geschlossen)."],
  ])("refuses a broken answer with the element named (%#)", (xml, error) => {
    expect(parseUnitInfoXml(xml)).toEqual({ ok: false, error });
  });
});

describe("unitStatsSchema", () => {
  it("wants a positive speed and non-negative stats", () => {
    const stats = { buildTime: 1, pop: 1, speed: 18, attack: 1, defense: 1, defenseCavalry: 1, defenseArcher: 1, carry: 1 };
    expect(unitStatsSchema.safeParse(stats).success).toBe(true);
    expect(unitStatsSchema.safeParse({ ...stats, speed: 0 }).success).toBe(false);
    expect(unitStatsSchema.safeParse({ ...stats, speed: 1e308 }).success).toBe(false);
    expect(unitStatsSchema.safeParse({ ...stats, carry: -1 }).success).toBe(false);
    expect(unitInfoSchema.safeParse({ dragon: stats }).success).toBe(false);
  });
});
