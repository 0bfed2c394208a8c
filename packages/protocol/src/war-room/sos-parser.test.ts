// SOS requests as players paste them: BB code, stripped, fields joined on one line, CRLF and tabs, arrivals with
// and without ms across both clock changes, every error with its line, duplicates, limits, a generated round trip.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { continent } from "../game/continent.js";
import { formatServerTime, parseServerTime } from "../game/server-time.js";
import { units, type UnitCounts } from "../units.js";
import { coordArb, unitCountsArb } from "../attack-plans/test-arbitraries.js";
import { WAR_ROOM_PARSE_MAX_ERRORS } from "./parse-messages.js";
import { parseSosText, SOS_TEXT_MAX_CHARS, type SosIncoming } from "./sos-parser.js";

const zone = "Europe/Berlin";
/** The long form's 02:30 on 25.10.26 lies in the repeated autumn hour: read as its first occurrence. */
const options = { timeZone: zone, repeatedHour: "first" } as const;
const HOUR = 3_600_000;

/** parseServerTime's instant (NaN if it refuses the text, which no expectation equals). */
const at = (text: string) => ((parsed) => (parsed.ok ? parsed.value : NaN))(parseServerTime(text, zone, options));

const longForm = `[b]Verteidiger[/b]
Name: [player]Rattenfutter[/player]
Stamm: [ally]KdS[/ally]
Punkte: 1887516

[b]Angegriffenes Dorf[/b]
[coord]443|871[/coord]
Punkte: 10014
Stufe des Walls: 20

[b]Anwesende Truppen[/b]
[unit]axe[/unit] 41
[unit]spy[/unit] 45
[unit]ram[/unit] 8
[unit]snob[/unit] 0

[b]1. Angriff[/b]
Angreifer: [player]Feind[/player]
Stamm: [ally]BÖSE[/ally]
Punkte: 123456
Herkunft: [coord]444|868[/coord]
Ankunftszeit: 28.03.26 23:30:00:931

[b]2. Angriff[/b]
Angreifer: [player]Feind[/player]
Stamm: [ally]BÖSE[/ally]
Punkte: 123456
Herkunft: [coord]444|867[/coord]
Ankunftszeit: 29.03.26 03:30:00:000

[b]Angegriffenes Dorf[/b]
[coord]450|880[/coord]
Punkte: 9000
Stufe des Walls: 15

[b]Anwesende Truppen[/b]
[unit]spear[/unit] 1200
[unit]sword[/unit] 800

[b]1. Angriff[/b]
Angreifer: [player]Der Zweite[/player]
Punkte: 500
Herkunft: [coord]460|890[/coord]
Ankunftszeit: 25.10.26 02:30:00:500

[b]2. Angriff[/b]
Angreifer: [player]Der Zweite[/player]
Punkte: 500
Herkunft: [coord]460|891[/coord]
Ankunftszeit: 25.10.26 12:00:00:007
`;

const first: SosIncoming = {
  line: 17,
  target: { x: 443, y: 871 },
  wallLevel: 20,
  defenderName: "Rattenfutter",
  attackerName: "Feind",
  attackerTribe: "BÖSE",
  origin: { x: 444, y: 868 },
  arrival: Date.UTC(2026, 2, 28, 22, 30, 0, 931), // CET = UTC+1
};

const second = { ...first, target: { x: 450, y: 880 }, wallLevel: 15, attackerName: "Der Zweite", attackerTribe: null };

/** Pieces of SOS texts for the error and limit cases. */
const target = (coord = "443|871") => `[b]Angegriffenes Dorf[/b]\n[coord]${coord}[/coord]`;
const attack = (n: number, ...fields: string[]) => [`[b]${n}. Angriff[/b]`, ...fields].join("\n");
const from = (coord = "444|868") => `Herkunft: [coord]${coord}[/coord]`;
const arrive = (time = "23.03.26 18:44:00:931") => `Ankunftszeit: ${time}`;
const sos = (...parts: string[]) => parts.join("\n");

describe("parseSosText: the game's BB code", () => {
  it("reads two attacked villages with two attacks each, their walls and troops", () => {
    const result = parseSosText(longForm, options);
    expect(result.errors).toEqual([]);
    expect(result.incomings).toEqual([
      first,
      { ...first, line: 24, origin: { x: 444, y: 867 }, arrival: Date.UTC(2026, 2, 29, 1, 30) }, // CEST = UTC+2
      // The repeated 02:30 of the autumn change, read as its first (summer time) occurrence as chosen.
      { ...second, line: 40, origin: { x: 460, y: 890 }, arrival: Date.UTC(2026, 9, 25, 0, 30, 0, 500) },
      { ...second, line: 46, origin: { x: 460, y: 891 }, arrival: Date.UTC(2026, 9, 25, 11, 0, 0, 7) },
    ]);
    expect(result.targets).toEqual([
      { line: 6, x: 443, y: 871, wallLevel: 20, troops: { axe: 41, spy: 45, ram: 8 } },
      { line: 31, x: 450, y: 880, wallLevel: 15, troops: { spear: 1200, sword: 800 } },
    ]);
  });

  it("gives the same instants as parseServerTime, three real hours apart across the spring change", () => {
    const [a, b, c, d] = parseSosText(longForm, options).incomings.map((incoming) => incoming.arrival);
    expect([a, b, c, d]).toEqual(["28.03.26 23:30:00:931", "29.03.26 03:30:00:000", "25.10.26 02:30:00:500", "25.10.26 12:00:00:007"].map(at));
    // 23:30 → 03:30 on the wall clock is four hours, but 02:00–03:00 never happens that night.
    expect((b as number) - (a as number)).toBe(3 * HOUR - 931);
    // 02:30 (summer time) → 12:00 (winter time) is 9.5 hours on the wall clock and one more in real time.
    expect((d as number) - (c as number)).toBe(9.5 * HOUR + HOUR - 493);
  });

  it("reads CRLF, tabs, no milliseconds and a missing tribe", () => {
    const text = longForm.replaceAll("\n", "\r\n").replaceAll(": ", ":\t").replace("28.03.26 23:30:00:931", "28.03.26 23:30:00");
    const result = parseSosText(text, options);
    expect(result.errors).toEqual([]);
    expect(result.incomings).toEqual([{ ...first, arrival: Date.UTC(2026, 2, 28, 22, 30, 0, 0) }, ...parseSosText(longForm, options).incomings.slice(1)]);
  });

  it("reads fields joined on one line", () => {
    const text = [
      "[b]Verteidiger[/b] Name: [player]Rattenfutter[/player] Stamm: [ally]KdS[/ally] Punkte: 1887516",
      "[b]Angegriffenes Dorf[/b] [coord]443|871[/coord] Punkte: 10014 Stufe des Walls: 20 [b]Anwesende Truppen[/b] [unit]axe[/unit] 41 [unit]spy[/unit] 45 [unit]ram[/unit] 8",
      "[b]1. Angriff[/b] Angreifer: [player]Feind[/player] Stamm: [ally]BÖSE[/ally] Punkte: 123456 Herkunft: [coord]444|868[/coord] Ankunftszeit: 28.03.26 23:30:00:931 [b]2. Angriff[/b] Angreifer: [player]Feind[/player] Herkunft: [coord]444|867[/coord] Ankunftszeit: 29.03.26 03:30:00:000",
    ].join(" ");
    const result = parseSosText(text, options);
    expect(result.errors).toEqual([]);
    expect(result.incomings).toEqual([
      { ...first, line: 1 },
      { ...first, line: 1, attackerTribe: null, origin: { x: 444, y: 867 }, arrival: Date.UTC(2026, 2, 29, 1, 30) },
    ]);
    expect(result.targets).toEqual([{ line: 1, x: 443, y: 871, wallLevel: 20, troops: { axe: 41, spy: 45, ram: 8 } }]);
  });

  it("finds no keywords inside player and tribe names, keeps bracketed tribe tags and skips the militia", () => {
    const text = sos(
      target("500|500"),
      "[b]Anwesende Truppen[/b]\n[unit]militia[/unit] 20\n[unit]spear[/unit] 5",
      attack(1, "Angreifer: [player]Herkunft: 1|1[/player]", "Stamm: [ally][KdS][/ally]", from("501|502"), arrive("01.01.26 00:00:00:000")),
    );
    const result = parseSosText(text, options);
    expect(result.errors).toEqual([]);
    expect(result.incomings).toEqual([
      { line: 6, target: { x: 500, y: 500 }, wallLevel: null, defenderName: null, attackerName: "Herkunft: 1|1", attackerTribe: "[KdS]", origin: { x: 501, y: 502 }, arrival: Date.UTC(2025, 11, 31, 23) },
    ]);
    expect(result.targets[0]?.troops).toEqual({ spear: 5 });
  });

  it("keeps the same attack once and merges a village listed twice", () => {
    const block = sos(target(), attack(1, from(), arrive()), attack(2, from(), arrive()), attack(3, from(), arrive("23.03.26 18:44:00:932")));
    const result = parseSosText(sos(block, block), options);
    expect(result.errors).toEqual([]);
    expect(result.incomings.map((i) => [i.line, i.arrival])).toEqual([
      [3, Date.UTC(2026, 2, 23, 17, 44, 0, 931)],
      [9, Date.UTC(2026, 2, 23, 17, 44, 0, 932)],
    ]);
    expect(result.targets).toEqual([{ line: 1, x: 443, y: 871, wallLevel: null, troops: {} }]);
  });
});

describe("parseSosText: the text with the BB codes stripped", () => {
  it("reads village names with their coordinates and the units by name", () => {
    const text = `Verteidiger
Name: Rattenfutter
Stamm: KdS
Punkte: 1887516

Angegriffenes Dorf
Nordwacht (1) 12|34 (443|871) K84
Punkte: 10014
Stufe des Walls: 20

Anwesende Truppen
axe 41
Späher 45

1. Angriff
Angreifer: Feind
Stamm: BÖSE
Punkte: 123456
Herkunft: Dorfname (444|868) K84
Ankunftszeit: 28.03.26 23:30:00:931

2. Angriff
Angreifer: Der Zweite
Herkunft:
Räuberhöhle (444|867) K84
Ankunftszeit: 29.03.26 03:30:00`;
    const result = parseSosText(text, options);
    expect(result.errors).toEqual([]);
    expect(result.incomings).toEqual([
      { ...first, line: 15 },
      { ...first, line: 22, attackerName: "Der Zweite", attackerTribe: null, origin: { x: 444, y: 867 }, arrival: Date.UTC(2026, 2, 29, 1, 30) },
    ]);
    expect(result.targets).toEqual([{ line: 6, x: 443, y: 871, wallLevel: 20, troops: { axe: 41, spy: 45 } }]);
  });
});

describe("parseSosText: errors", () => {
  const errorsOf = (text: string) => parseSosText(text, options).errors;

  it("names each bad arrival with its line and German reason", () => {
    const text = sos(
      target(), // 1–2
      attack(1, from(), arrive("32.13.26 18:44:00")), // 3–5
      attack(2, from(), arrive("morgen früh")), // 6–8
      attack(3, from(), arrive("29.03.26 02:30:00:000")), // 9–11
      attack(4, from(), arrive("29.02.26 10:00:00:000")), // 12–14
    );
    expect(parseSosText(text, options)).toEqual({
      incomings: [],
      targets: [{ line: 1, x: 443, y: 871, wallLevel: null, troops: {} }],
      errors: [
        { line: 5, message: "Zeile 5: Ankunftszeit „32.13.26 18:44:00“ ist kein gültiges Datum." },
        { line: 8, message: "Zeile 8: Ankunftszeit „morgen früh“ ist keine Zeit im Format TT.MM.JJ HH:mm:ss:SSS." },
        { line: 11, message: "Zeile 11: Ankunftszeit „29.03.26 02:30:00:000“: Diese Uhrzeit gibt es in Europe/Berlin nicht (Umstellung auf Sommerzeit)." },
        { line: 14, message: "Zeile 14: Ankunftszeit „29.02.26 10:00:00:000“ ist kein gültiges Datum." },
      ],
    });
  });

  it("reports missing fields at the attack's heading and bad origins at their line", () => {
    const text = sos(
      target(), // 1–2
      attack(1, arrive()), // 3–4
      attack(2, from()), // 5–6
      attack(3, "Herkunft: Dorfname ohne Koordinate", arrive()), // 7–9
      attack(4, from("1000|868"), arrive()), // 10–12
      attack(5, from(), from("444|869"), arrive()), // 13–16
    );
    expect(errorsOf(text)).toEqual([
      { line: 3, message: "Zeile 3: Bei diesem Angriff fehlt „Herkunft:“ mit der Koordinate des angreifenden Dorfs." },
      { line: 5, message: "Zeile 5: Bei diesem Angriff fehlt die „Ankunftszeit:“." },
      { line: 8, message: "Zeile 8: Herkunft „Dorfname ohne Koordinate“ enthält keine Koordinate." },
      { line: 11, message: "Zeile 11: Die Koordinate „1000|868“ liegt nicht zwischen 0|0 und 999|999." },
      { line: 15, message: "Zeile 15: „Herkunft:“ steht zweimal im selben Angriff (fehlt davor eine Überschrift „… Angriff“?)." },
    ]);
  });

  it("reports attacks without a known village, fields outside an attack and a village without coordinate", () => {
    const text = sos(
      attack(1, from(), arrive(), arrive()), // 1–4
      "[b]Angegriffenes Dorf[/b]\nPunkte: 100", // 5–6
      attack(1, from(), arrive()), // 7–9
      "[b]Anwesende Truppen[/b]", // 10
      from(), // 11
      target("999|1000"), // 12–13
      "[b]Angegriffenes Dorf[/b]", // 14
    );
    expect(errorsOf(text)).toEqual([
      { line: 1, message: "Zeile 1: Dieser Angriff steht vor dem ersten „Angegriffenes Dorf“ – das Ziel ist unbekannt." },
      { line: 4, message: "Zeile 4: „Ankunftszeit:“ steht zweimal im selben Angriff (fehlt davor eine Überschrift „… Angriff“?)." },
      { line: 5, message: "Zeile 5: Nach „Angegriffenes Dorf“ fehlt die Koordinate des Dorfs." },
      { line: 11, message: "Zeile 11: „Herkunft:“ gehört zu keinem Angriff (es fehlt die Überschrift „1. Angriff“)." },
      { line: 13, message: "Zeile 13: Die Koordinate „999|1000“ liegt nicht zwischen 0|0 und 999|999." },
      { line: 14, message: "Zeile 14: Nach „Angegriffenes Dorf“ fehlt die Koordinate des Dorfs." },
    ]);
  });

  it("reports unknown units, bad counts and bad wall levels", () => {
    const text = sos(
      target(), // 1–2
      "Stufe des Walls: 21\nStufe des Walls: zwanzig", // 3–4
      "[b]Anwesende Truppen[/b]\n[unit]trebuchet[/unit] 4\n[unit]axe[/unit] viele\n[unit]spy[/unit] 1000001", // 5–8
      attack(1, from(), arrive()), // 9–11
    );
    expect(errorsOf(text)).toEqual([
      { line: 3, message: "Zeile 3: Stufe des Walls „21“ ist keine ganze Zahl von 0 bis 20." },
      { line: 4, message: "Zeile 4: Stufe des Walls „zwanzig“ ist keine ganze Zahl von 0 bis 20." },
      { line: 6, message: "Zeile 6: Unbekannte Einheit „trebuchet“ bei den anwesenden Truppen." },
      { line: 7, message: "Zeile 7: „viele“ ist keine gültige Anzahl für Axtkämpfer (ganze Zahl von 0 bis 1.000.000)." },
      { line: 8, message: "Zeile 8: „1000001“ ist keine gültige Anzahl für Späher (ganze Zahl von 0 bis 1.000.000)." },
    ]);
  });

  it("gives one error for text without SOS content", () => {
    const noContent = [{ line: 0, message: "Kein „Angegriffenes Dorf“ mit einem Angriff gefunden. Bitte kopiere die SOS-Anfrage aus dem Spiel." }];
    expect(errorsOf("")).toEqual(noContent);
    expect(errorsOf("Hallo Stamm,\nbitte Deff nach 500|500!\nPunkte: 12")).toEqual(noContent);
    expect(errorsOf("[b]Angegriffenes Dorf[/b]\n[coord]443|871[/coord]\nStufe des Walls: 3")).toEqual(noContent);
  });

  it("lists at most WAR_ROOM_PARSE_MAX_ERRORS problems and counts the rest", () => {
    const text = "Herkunft: 1|1\n".repeat(WAR_ROOM_PARSE_MAX_ERRORS + 7);
    const errors = errorsOf(text);
    expect(errors).toHaveLength(WAR_ROOM_PARSE_MAX_ERRORS + 1);
    expect(errors[WAR_ROOM_PARSE_MAX_ERRORS - 1]?.line).toBe(WAR_ROOM_PARSE_MAX_ERRORS);
    expect(errors.at(-1)).toEqual({ line: 0, message: "… und 7 weitere Fehler." });
  });
});

describe("parseSosText: limits", () => {
  const numbered = (i: number) => attack(i + 1, from(), arrive(`23.03.26 18:44:00:${String(i % 1000).padStart(3, "0")}`));
  const withAttacks = (n: number) => sos(target(), ...Array.from({ length: n }, (_, i) => numbered(i)), "");

  it("refuses a text over the character limit unread", () => {
    const refused = { incomings: [], targets: [], errors: [{ line: 0, message: "Der SOS-Text ist zu lang: höchstens 1.000.000 Zeichen." }] };
    expect(parseSosText(" ".repeat(SOS_TEXT_MAX_CHARS + 1), options)).toEqual(refused);
    expect(parseSosText(withAttacks(1).padEnd(SOS_TEXT_MAX_CHARS), options).errors).toEqual([]);
    // Texts at the limit that would make a careless pattern backtrack for minutes are read at once.
    for (const text of ["[unit]" + " ".repeat(999_000), "[player]".repeat(120_000), "[size=".repeat(160_000), `1. Angriff Stamm: [ally]${" ".repeat(999_000)}`]) {
      expect(parseSosText(text, options).errors.length).toBeGreaterThan(0);
    }
  });

  it("refuses player and tribe names longer than a bot may report, naming the line, tagged or not", () => {
    const long = "A".repeat(3000);
    const named = (attacker: string, tribe: string, defender: string) =>
      longForm
        .replace("[player]Rattenfutter[/player]", defender)
        .replace("Angreifer: [player]Feind[/player]\nStamm: [ally]BÖSE[/ally]", `Angreifer: ${attacker}\nStamm: ${tribe}`);
    expect(parseSosText(named(`[player]${long}[/player]`, "[ally]BÖSE[/ally]", "[player]Rattenfutter[/player]"), options).errors).toEqual([
      { line: 18, message: "Zeile 18: Der Name des Angreifers ist länger als 100 Zeichen." },
    ]);
    expect(parseSosText(named(long, `[ally]${long}[/ally]`, long), options).errors).toEqual([
      { line: 2, message: "Zeile 2: Der Name des Verteidigers ist länger als 100 Zeichen." },
      { line: 18, message: "Zeile 18: Der Name des Angreifers ist länger als 100 Zeichen." },
      { line: 19, message: "Zeile 19: Der Stamm des Angreifers ist länger als 100 Zeichen." },
    ]);
    // 100 characters are what a bot may report, so they pass.
    const hundred = "Ä".repeat(100);
    const read = parseSosText(named(`[player]${hundred}[/player]`, hundred, hundred), options);
    expect(read.errors).toEqual([]);
    expect(read.incomings[0]).toMatchObject({ attackerName: hundred, attackerTribe: hundred, defenderName: hundred });
  });

  it("refuses more than maxIncomings attacks, errors after the limit unread", () => {
    expect(parseSosText(withAttacks(3), { ...options, maxIncomings: 3 }).incomings).toHaveLength(3);
    const refused = (max: string) => [{ line: 0, message: `Der SOS-Text enthält mehr als ${max} Angriffe. Bitte füge ihn in kleineren Teilen ein.` }];
    expect(parseSosText(`${withAttacks(4)}Ankunftszeit: kaputt`, { ...options, maxIncomings: 3 })).toEqual({ incomings: [], targets: [], errors: refused("3") });
    expect(parseSosText(withAttacks(5000), options).incomings).toHaveLength(1000); // arrivals repeat every 1000
    expect(parseSosText(withAttacks(5001), options).errors).toEqual(refused("5.000"));
  });
});

describe("parseSosText: generated SOS texts", () => {
  const alphabet = [..."abcdeäöüßxyzABCDEÄÖÜ0123456789-_.*'"];
  const word = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 8 }).map((chars) => chars.join(""));
  const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));
  const villageName = fc.tuple(name, fc.constantFrom("", " (1)", " | 12|34", " (2) |")).map(([base, suffix]) => base + suffix);
  // Instants of 2000–2099 with one text each (not the repeated autumn hour, read as the occurrence chosen).
  const arrivalArb = fc
    .tuple(fc.integer({ min: Date.UTC(2000, 0, 2), max: Date.UTC(2099, 11, 30) }), fc.boolean())
    .map(([t, withMs]) => ({ t: withMs ? t : t - (t % 1000), withMs }))
    .filter(({ t }) => formatServerTime(t - HOUR, zone) !== formatServerTime(t, zone) && formatServerTime(t + HOUR, zone) !== formatServerTime(t, zone));
  const attackArb = fc.record({ origin: coordArb, attacker: name, tribe: fc.option(word, { nil: null }), arrival: arrivalArb, originName: villageName });
  const wallArb = fc.option(fc.integer({ min: 0, max: 20 }), { nil: null });
  const targetArb = fc.record({ coord: coordArb, name: villageName, wall: wallArb, troops: unitCountsArb, attacks: fc.array(attackArb, { maxLength: 4 }) });
  const sosArb = fc.record({
    defender: fc.option(name, { nil: null }),
    targets: fc.uniqueArray(targetArb, { minLength: 1, maxLength: 4, selector: (t) => t.coord.x * 1000 + t.coord.y }),
    bbCode: fc.boolean(),
    joined: fc.boolean(),
    eol: fc.constantFrom("\n", "\r\n"),
  });
  type Sos = typeof sosArb extends fc.Arbitrary<infer T> ? T : never;

  /** The text as the game writes it (BB code or stripped), and the line of each attack's heading. */
  function render(o: Sos): { text: string; attackLines: number[] } {
    const lines: string[] = [];
    const attackLines: number[] = [];
    const bb = (tag: string, value: string, stripped = value) => (o.bbCode ? `[${tag}]${value}[/${tag}]` : stripped);
    const village = (c: { x: number; y: number }, label: string) => bb("coord", `${c.x}|${c.y}`, `${label} (${c.x}|${c.y}) ${continent(c)}`);
    lines.push(bb("b", "Verteidiger"));
    if (o.defender !== null) lines.push(`Name: ${bb("player", o.defender)}`);
    for (const t of o.targets) {
      lines.push("", bb("b", "Angegriffenes Dorf"), village(t.coord, t.name), "Punkte: 1234");
      if (t.wall !== null) lines.push(`Stufe des Walls: ${t.wall}`);
      lines.push("", bb("b", "Anwesende Truppen"), ...units.map((unit) => `${bb("unit", unit)} ${(t.troops as UnitCounts)[unit] ?? 0}`));
      t.attacks.forEach((a, i) => {
        const fields = [
          bb("b", `${i + 1}. Angriff`),
          `Angreifer: ${bb("player", a.attacker)}`,
          ...(a.tribe === null ? [] : [`Stamm: ${bb("ally", a.tribe)}`]),
          `Herkunft: ${village(a.origin, a.originName)}`,
          `Ankunftszeit: ${formatServerTime(a.arrival.t, zone).slice(0, a.arrival.withMs ? undefined : -4)}`,
        ];
        lines.push("");
        attackLines.push(lines.length + 1);
        lines.push(...(o.joined ? [fields.join(" ")] : fields));
      });
    }
    return { text: lines.join(o.eol), attackLines };
  }

  it("parses back to exactly the generated incomings and villages", () => {
    fc.assert(
      fc.property(
        sosArb.filter((o) => o.targets.some((t) => t.attacks.length > 0)),
        (o) => {
          const { text, attackLines } = render(o);
          const expected: SosIncoming[] = [];
          const seen = new Set<string>();
          let attackNo = 0;
          for (const t of o.targets) {
            for (const a of t.attacks) {
              const line = attackLines[attackNo++] as number;
              const key = `${t.coord.x}|${t.coord.y}|${a.origin.x}|${a.origin.y}|${a.arrival.t}`;
              if (seen.has(key)) continue;
              seen.add(key);
              const incoming = { line, target: t.coord, wallLevel: t.wall, defenderName: o.defender, attackerName: a.attacker, attackerTribe: a.tribe };
              expected.push({ ...incoming, origin: a.origin, arrival: a.arrival.t });
            }
          }
          const result = parseSosText(text, options);
          expect(result.errors).toEqual([]);
          expect(result.incomings).toEqual(expected);
          const targets = result.targets.map(({ x, y, wallLevel, troops }) => ({ coord: { x, y }, wallLevel, troops }));
          expect(targets).toEqual(o.targets.map((t) => ({ coord: t.coord, wallLevel: t.wall, troops: t.troops })));
        },
      ),
      { numRuns: 200 },
    );
  });
});
