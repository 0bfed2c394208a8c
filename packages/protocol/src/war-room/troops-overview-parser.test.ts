// The troops overview as players copy it: worlds with 12 and 10 units, names with "(1)" and "|", a line
// broken after "+", the table head and group lines between villages, every error with its line,
// villages listed twice, the size limits and a generated round trip.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { continent } from "../game/continent.js";
import { units, type Unit, type UnitCounts } from "../units.js";
import { coordArb } from "../attack-plans/test-arbitraries.js";
import { parseTroopsOverview, TROOPS_OVERVIEW_MAX_CHARS, type OverviewVillageTroops } from "./troops-overview-parser.js";

const allUnits = [...units];
/** A world without archers and mounted archers. */
const tenUnits = units.filter((unit) => unit !== "archer" && unit !== "marcher");

const twelve = `Gruppen: alle >Off< Deff [bearbeiten]
Dorf\tSpeerträger\tSchwertkämpfer\tAxtkämpfer\tBogenschütze\tSpäher\tLeichte Kavallerie\tBerittener Bogenschütze\tSchwere Kavallerie\tRammbock\tKatapult\tPaladin\tAdelsgeschlecht\tAktion
003 | Spitfire (472|480) K44\teigene\t2500\t1500\t0\t1964\t500\t0\t0\t1396\t0\t0\t0\t0\tBefehle
im Dorf\t2500\t1500\t0\t1964\t500\t0\t0\t1396\t0\t0\t0\t0\tTruppen
auswärts\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0
unterwegs\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\tBefehle

Burg (1) | Süd (501|512) K55\teigene\t0\t0\t6000\t0\t200\t2500\t300\t0\t300\t50\t1\t3\tBefehle
im Dorf\t120\t80\t5750\t0\t200\t2500\t300\t0\t300\t50\t1\t3\tTruppen
auswärts\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0
unterwegs\t0\t0\t250\t0\t0\t0\t0\t0\t0\t0\t0\t0\tBefehle
`;

const spitfire: OverviewVillageTroops = {
  line: 3,
  name: "003 | Spitfire",
  x: 472,
  y: 480,
  own: { spear: 2500, sword: 1500, archer: 1964, spy: 500, heavy: 1396 },
  inVillage: { spear: 2500, sword: 1500, archer: 1964, spy: 500, heavy: 1396 },
  outside: {},
  onTheWay: {},
};
const burg: OverviewVillageTroops = {
  line: 8,
  name: "Burg (1) | Süd",
  x: 501,
  y: 512,
  own: { axe: 6000, spy: 200, light: 2500, marcher: 300, ram: 300, catapult: 50, knight: 1, snob: 3 },
  inVillage: { spear: 120, sword: 80, axe: 5750, spy: 200, light: 2500, marcher: 300, ram: 300, catapult: 50, knight: 1, snob: 3 },
  outside: {},
  onTheWay: { axe: 250 },
};

const zeros = (n: number) => Array.from({ length: n }, () => "0").join("\t");
/** A village with all counts 0 (own row: `own` if given). */
const block = (head: string, n: number, own = zeros(n)) => `${head}\teigene\t${own}\nim Dorf\t${zeros(n)}\nauswärts\t${zeros(n)}\nunterwegs\t${zeros(n)}\n`;

describe("parseTroopsOverview", () => {
  it("reads a world with 12 units, skipping the group line, the table head and empty lines", () => {
    expect(parseTroopsOverview(twelve, { units: allUnits })).toEqual({ villages: [spitfire, burg], errors: [] });
  });

  it("reads a world with 10 units and a line broken after the '+' beside a count", () => {
    const text = `Rattennest (0|0) (486|833) K84\teigene\t14\t8\t6490\t181\t2550\t0\t300\t30\t1\t+
3\tBefehle
im Dorf\t15000\t15000\t6490\t950\t2550\t5000\t300\t30\t1\t3\tTruppen
auswärts\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0
unterwegs\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\tBefehle
LGK88 | 7 (458|465) K44 eigene 0 0 6000 2300 0 300 50 0 0 0 Befehle
im Dorf 0 0 6000 2300 0 300 50 0 0 0 Truppen
auswärts 0 0 0 0 0 0 0 0 0 0
unterwegs 0 0 0 0 0 0 0 0 0 +
0 Befehle`;
    expect(parseTroopsOverview(text, { units: tenUnits })).toEqual({
      villages: [
        {
          line: 1,
          name: "Rattennest (0|0)",
          x: 486,
          y: 833,
          own: { spear: 14, sword: 8, axe: 6490, spy: 181, light: 2550, ram: 300, catapult: 30, knight: 1, snob: 3 },
          inVillage: { spear: 15000, sword: 15000, axe: 6490, spy: 950, light: 2550, heavy: 5000, ram: 300, catapult: 30, knight: 1, snob: 3 },
          outside: {},
          onTheWay: {},
        },
        { line: 6, name: "LGK88 | 7", x: 458, y: 465, own: { axe: 6000, spy: 2300, heavy: 300, ram: 50 }, inVillage: { axe: 6000, spy: 2300, heavy: 300, ram: 50 }, outside: {}, onTheWay: {} },
      ],
      errors: [],
    });
  });

  it("reads CRLF, 'eigene' on the line after the name, rows joined on one line and a row broken in its numbers", () => {
    const text = [
      "003 | Spitfire (472|480) K44  ",
      "eigene\t2500\t1500\t0\t1964\t500\t0\t0\t1396\t0\t0\t0\t0\tBefehle",
      "im Dorf\t2500\t1500\t0\t1964\t500\t0\t0\t1396",
      "0\t0\t0\t0\tTruppen auswärts\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0 unterwegs\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\tBefehle",
      "Burg (1) | Süd (501|512) K55 eigene 0 0 6000 0 200 2500 300 0 300 50 1 3 Befehle im Dorf 120 80 5750 0 200 2500 300 0 300 50 1 3 Truppen auswärts 0 0 0 0 0 0 0 0 0 0 0 0 unterwegs 0 0 250 0 0 0 0 0 0 0 0 0 Befehle",
    ].join("\r\n");
    expect(parseTroopsOverview(text, { units: allUnits })).toEqual({ villages: [{ ...spitfire, line: 1 }, { ...burg, line: 5 }], errors: [] });
  });
});

describe("parseTroopsOverview: errors", () => {
  const errorsOf = (text: string, worldUnits: readonly Unit[] = allUnits) => parseTroopsOverview(text, { units: worldUnits }).errors;

  it("reports the wrong number of columns and counts that are no whole numbers", () => {
    const text =
      block("A (100|100) K11", 12, "0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0") +
      block("B (101|100) K11", 12, `12a\t${zeros(11)}`) +
      block("C (102|100) K11", 12, `-5\t${zeros(11)}`) +
      block("D (103|100) K11", 12, `1.500\t${zeros(11)}`) +
      block("E (104|100) K11", 12, `1000001\t${zeros(11)}`) +
      "F (105|100) K11\teigene\t1\nim Dorf\t0\nauswärts\t0\nunterwegs\t0\t0\n";
    const result = parseTroopsOverview(text, { units: allUnits });
    expect(result.villages).toEqual([]);
    expect(result.errors).toEqual([
      { line: 1, message: "Zeile 1: 11 Zahlen gefunden, diese Welt hat 12 Einheiten." },
      { line: 5, message: "Zeile 5: „12a“ ist keine Truppenanzahl (ganze Zahl von 0 bis 1.000.000)." },
      { line: 9, message: "Zeile 9: „-5“ ist keine Truppenanzahl (ganze Zahl von 0 bis 1.000.000)." },
      { line: 13, message: "Zeile 13: „1.500“ ist keine Truppenanzahl (ganze Zahl von 0 bis 1.000.000)." },
      { line: 17, message: "Zeile 17: „1000001“ ist keine Truppenanzahl (ganze Zahl von 0 bis 1.000.000)." },
      { line: 21, message: "Zeile 21: 1 Zahl gefunden, diese Welt hat 12 Einheiten." },
      { line: 22, message: "Zeile 22: 1 Zahl gefunden, diese Welt hat 12 Einheiten." },
      { line: 23, message: "Zeile 23: 1 Zahl gefunden, diese Welt hat 12 Einheiten." },
      { line: 24, message: "Zeile 24: 2 Zahlen gefunden, diese Welt hat 12 Einheiten." },
    ]);
  });

  it("reports rows missing or out of order and still reads the next village", () => {
    const text = [
      `A (100|100) K11\teigene\t${zeros(10)}`, // 1
      `auswärts\t${zeros(10)}`, // 2: "im Dorf" expected
      `unterwegs\t${zeros(10)}`, // 3: skipped with its village
      block("B (101|100) K11", 10).trimEnd(), // 4–7
      `C (102|100) K11\teigene\t${zeros(10)}`, // 8
      `im Dorf\t${zeros(10)}`, // 9: "auswärts" missing before the next village
      `D (103|100) K11\teigene\t${zeros(10)}`, // 10
      `im Dorf\t${zeros(10)}`, // 11
      `auswärts\t${zeros(10)}`, // 12: "unterwegs" missing at the end
    ].join("\n");
    const result = parseTroopsOverview(text, { units: tenUnits });
    expect(result.villages.map((v) => v.name)).toEqual(["B"]);
    expect(result.errors).toEqual([
      { line: 2, message: "Zeile 2: Erwartet die Zeile „im Dorf“, gefunden „auswärts“." },
      { line: 9, message: "Zeile 9: Danach fehlt die Zeile „auswärts“." },
      { line: 12, message: "Zeile 12: Danach fehlt die Zeile „unterwegs“." },
    ]);
  });

  it("reports a village without 'eigene', rows without a village and ignores 'eigene' in other text", () => {
    const text = [
      `im Dorf\t${zeros(10)}`, // 1: no village before
      "Gruppen: eigene Dörfer", // 2: no counts, no row
      `Spitfire (472|480) K44\t${zeros(10)}`, // 3: the one-row view, not the overview
      block("B (101|100) K11", 10).trimEnd(), // 4–7
      `unterwegs\t${zeros(10)}`, // 8: a fifth row
    ].join("\n");
    expect(errorsOf(text, tenUnits)).toEqual([
      { line: 1, message: "Zeile 1: Die Zeile „im Dorf“ gehört zu keinem Dorf (es fehlt die Zeile mit Name und Koordinate)." },
      { line: 3, message: "Zeile 3: Danach fehlt die Zeile „eigene“." },
      { line: 8, message: "Zeile 8: Die Zeile „unterwegs“ gehört zu keinem Dorf (es fehlt die Zeile mit Name und Koordinate)." },
    ]);
  });

  it("reports a village listed twice, a coordinate out of range, a wrong continent and a missing name", () => {
    const text =
      block("003 | Spitfire (472|480) K44", 10) + // 1
      block("Spitfire Kopie (472|480) K44", 10) + // 5
      block("Zu weit (1000|480) K410", 10) + // 9
      block("Falsch (472|480) K45", 10) + // 13
      block("(473|480) K44", 10); // 17
    const result = parseTroopsOverview(text, { units: tenUnits });
    expect(result.villages.map((v) => v.line)).toEqual([1]);
    expect(result.errors).toEqual([
      { line: 5, message: "Zeile 5: Das Dorf 472|480 steht schon in Zeile 1." },
      { line: 9, message: "Zeile 9: Die Koordinate „1000|480“ liegt nicht zwischen 0|0 und 999|999." },
      { line: 13, message: "Zeile 13: 472|480 liegt in K44, nicht in K45." },
      { line: 13, message: "Zeile 13: Das Dorf 472|480 steht schon in Zeile 1." },
      { line: 17, message: "Zeile 17: Vor der Koordinate fehlt der Name des Dorfs." },
    ]);
  });

  it("refuses a village name longer than a bot's scan may report (TROOPS_VILLAGE_NAME_MAX)", () => {
    const text = block(`${"Ä".repeat(100)} (472|480) K44`, 10) + block(`${"A".repeat(3000)} (473|480) K44`, 10);
    const result = parseTroopsOverview(text, { units: tenUnits });
    expect(result.villages.map((v) => v.line)).toEqual([1]);
    expect(result.errors).toEqual([{ line: 5, message: "Zeile 5: Der Dorfname ist länger als 100 Zeichen." }]);
  });

  it("gives one error when no village is found", () => {
    const none = [
      {
        line: 0,
        message:
          "Kein Dorf mit den Zeilen „eigene“, „im Dorf“, „auswärts“ und „unterwegs“ gefunden. Bitte kopiere die Übersicht „Truppen“ aus dem Spiel.",
      },
    ];
    expect(errorsOf("")).toEqual(none);
    expect(errorsOf("Gruppen: alle\n\nDorf\tAktion\n500|500 ist mein Dorf")).toEqual(none);
  });

  it("refuses an empty or repeating unit list (the caller's mistake)", () => {
    expect(() => parseTroopsOverview(twelve, { units: [] })).toThrow(RangeError);
    expect(() => parseTroopsOverview(twelve, { units: ["spear", "spear"] })).toThrow(RangeError);
  });
});

describe("parseTroopsOverview: limits", () => {
  const villages = (n: number) => Array.from({ length: n }, (_, i) => block(`D${i} (${i % 1000}|${Math.floor(i / 1000)}) K0${Math.floor(i / 100) % 10}`, 10)).join("");

  it("refuses a text over the character limit unread", () => {
    expect(parseTroopsOverview(" ".repeat(TROOPS_OVERVIEW_MAX_CHARS + 1), { units: tenUnits })).toEqual({
      villages: [],
      errors: [{ line: 0, message: "Die Truppenübersicht ist zu lang: höchstens 2.000.000 Zeichen." }],
    });
    expect(parseTroopsOverview(villages(1).padEnd(TROOPS_OVERVIEW_MAX_CHARS), { units: tenUnits }).villages).toHaveLength(1);
  });

  it("refuses more than maxVillages villages, errors after the limit unread", () => {
    expect(parseTroopsOverview(villages(3), { units: tenUnits, maxVillages: 3 }).villages).toHaveLength(3);
    expect(parseTroopsOverview(`${villages(4)}im Dorf 1`, { units: tenUnits, maxVillages: 3 })).toEqual({
      villages: [],
      errors: [{ line: 0, message: "Die Truppenübersicht enthält mehr als 3 Dörfer. Bitte füge sie in kleineren Teilen ein." }],
    });
    expect(parseTroopsOverview(villages(5000), { units: tenUnits }).villages).toHaveLength(5000);
    expect(parseTroopsOverview(villages(5001), { units: tenUnits }).errors).toEqual([
      { line: 0, message: "Die Truppenübersicht enthält mehr als 5.000 Dörfer. Bitte füge sie in kleineren Teilen ein." },
    ]);
  });
});

describe("parseTroopsOverview: generated overviews", () => {
  const word = fc.array(fc.constantFrom(..."abcxyzäöüßABCÄÖÜ0123456789-_.'"), { minLength: 1, maxLength: 8 }).map((c) => c.join(""));
  const nameArb = fc
    .tuple(fc.constantFrom("", "003 | ", "(1) "), fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom("", " (1)", " | Nord", " (2|3)", " (7|8) K00"))
    .map(([prefix, words, suffix]) => `${prefix}${words.join(" ")}${suffix}`);
  const countArb = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) });
  const worldArb = fc.oneof(fc.constant(allUnits), fc.constant(tenUnits), fc.subarray(allUnits, { minLength: 1 }));
  const overviewArb = worldArb.chain((worldUnits) => {
    const rowArb = fc.array(countArb, { minLength: worldUnits.length, maxLength: worldUnits.length });
    const villageArb = fc.record({ name: nameArb, coord: coordArb, rows: fc.tuple(rowArb, rowArb, rowArb, rowArb) });
    return fc.record({
      units: fc.constant(worldUnits),
      villages: fc.uniqueArray(villageArb, { minLength: 1, maxLength: 6, selector: (v) => v.coord.x * 1000 + v.coord.y }),
      layout: fc.constantFrom("rows", "ownBelow", "joined"),
      sep: fc.constantFrom("\t", " ", " \t"),
      eol: fc.constantFrom("\n", "\r\n"),
      noise: fc.array(fc.constantFrom("", "Gruppen: alle >Off< Deff", "Dorf\tAktion", "   "), { maxLength: 3 }),
    });
  });
  type Overview = typeof overviewArb extends fc.Arbitrary<infer T> ? T : never;

  const counts = (worldUnits: readonly Unit[], row: number[]): UnitCounts =>
    Object.fromEntries(worldUnits.flatMap((unit, i) => ((row[i] as number) > 0 ? [[unit, row[i]]] : [])));

  /** The overview as the game lays it out, and the line of each village's name. */
  function render(o: Overview): { text: string; lines: number[] } {
    const out: string[] = [...o.noise];
    const villageLines: number[] = [];
    const row = (label: string, values: number[], link: string) => [label, ...values, ...(link ? [link] : [])].join(o.sep);
    for (const [i, village] of o.villages.entries()) {
      const [own, inVillage, outside, onTheWay] = village.rows;
      const head = `${village.name} (${village.coord.x}|${village.coord.y}) ${continent(village.coord)}`;
      const rows = [row("eigene", own, "Befehle"), row("im Dorf", inVillage, "Truppen"), row("auswärts", outside, ""), row("unterwegs", onTheWay, "Befehle")];
      villageLines.push(out.length + 1);
      if (o.layout === "rows") out.push(`${head}${o.sep}${rows[0]}`, ...rows.slice(1));
      else if (o.layout === "ownBelow") out.push(head, ...rows);
      else out.push([head, ...rows].join(o.sep));
      if (o.noise.length > 0) out.push(o.noise[i % o.noise.length] as string);
    }
    return { text: out.join(o.eol), lines: villageLines };
  }

  it("parses back to exactly the generated villages", () => {
    fc.assert(
      fc.property(overviewArb, (o) => {
        const { text, lines } = render(o);
        const expected: OverviewVillageTroops[] = o.villages.map((v, i) => ({
          line: lines[i] as number,
          name: v.name,
          x: v.coord.x,
          y: v.coord.y,
          own: counts(o.units, v.rows[0]),
          inVillage: counts(o.units, v.rows[1]),
          outside: counts(o.units, v.rows[2]),
          onTheWay: counts(o.units, v.rows[3]),
        }));
        expect(parseTroopsOverview(text, { units: o.units })).toEqual({ villages: expected, errors: [] });
      }),
      { numRuns: 200 },
    );
  });
});
