// Coordinates in free text, the formatter and the single-input parser.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coordInputSchema, coordMessages, coordSchema, extractCoords, formatCoord, parseCoord, type Coord } from "./coords.js";

const coord = fc.record({ x: fc.integer({ min: 0, max: 999 }), y: fc.integer({ min: 0, max: 999 }) });
/** Text between coordinates: anything but digits and the bar (those would join numbers). */
const separator = fc.string({
  unit: fc.constantFrom(..." \n\t,;.:-_()[]{}/<>=\"'abcxyzKÄöüß€😀".split(/(?:)/u), "[coord]", "[/coord]", "Dorf ", "&nbsp;"),
  minLength: 1,
  maxLength: 6,
});
/** How a coordinate may be written: plain or with leading zeros up to three digits. */
const written = (c: Coord) =>
  fc.tuple(fc.boolean(), fc.boolean()).map(([padX, padY]) => `${padX ? String(c.x).padStart(3, "0") : c.x}|${padY ? String(c.y).padStart(3, "0") : c.y}`);
/** A digit run of 4–6 digits: glued to a bar it makes something that is no coordinate. */
const longNumber = fc.integer({ min: 1000, max: 999_999 }).map(String);
const shortNumber = fc.integer({ min: 0, max: 999 }).map(String);
const notACoord = fc.oneof(
  fc.tuple(longNumber, shortNumber).map(([a, b]) => `${a}|${b}`), // 1234|567
  fc.tuple(shortNumber, longNumber).map(([a, b]) => `${a}|${b}`), // 500|5001
  fc.tuple(longNumber, longNumber).map(([a, b]) => `${a}|${b}`),
  longNumber, // a number alone
);

describe("extractCoords", () => {
  it("finds coordinates in a forum post, BB-code, parentheses, in order with positions", () => {
    const text = "Ziele: (500|500), [coord]512|487[/coord] und 1|2; nicht 1234|567 oder 500|5001, aber 050|007!";
    const found = extractCoords(text);
    expect(found.map(formatCoord)).toEqual(["500|500", "512|487", "1|2", "50|7"]);
    expect(found.map((c) => c.text)).toEqual(["500|500", "512|487", "1|2", "050|007"]);
    for (const c of found) expect(text.slice(c.index, c.index + c.text.length)).toBe(c.text);
    expect(found[0]).toEqual({ x: 500, y: 500, index: 8, text: "500|500" });
  });

  it("finds none in text without them", () => {
    expect(extractCoords("")).toEqual([]);
    expect(extractCoords("1234|567 | 12 |3 12| 3 abc")).toEqual([]);
    expect(extractCoords("١٢٣|٤٥٦")).toEqual([]); // only ASCII digits
  });

  it("finds exactly the coordinates embedded in random text and none inside longer digit runs", () => {
    const piece = coord.chain((c) => fc.oneof(written(c).map((text) => ({ text, coord: c as Coord | null })), notACoord.map((text) => ({ text, coord: null }))));
    fc.assert(
      fc.property(fc.array(fc.tuple(separator, piece), { maxLength: 12 }), separator, (pieces, tail) => {
        let text = "";
        const expected: (Coord & { index: number })[] = [];
        for (const [sep, { text: piece, coord: c }] of pieces) {
          text += sep;
          if (c) expected.push({ ...c, index: text.length });
          text += piece;
        }
        text += tail;
        expect(extractCoords(text).map(({ x, y, index }) => ({ x, y, index }))).toEqual(expected);
      }),
    );
  });
});

describe("formatCoord and parseCoord", () => {
  it("round-trips every coordinate", () => {
    fc.assert(
      fc.property(coord, (c) => {
        expect(parseCoord(formatCoord(c))).toEqual({ ok: true, value: c });
        expect(extractCoords(formatCoord(c))).toEqual([{ ...c, index: 0, text: formatCoord(c) }]);
      }),
    );
  });

  it("accepts spaces and parentheses, refuses the rest in German", () => {
    expect(parseCoord(" 512|487 ")).toEqual({ ok: true, value: { x: 512, y: 487 } });
    expect(parseCoord("(512 | 487)")).toEqual({ ok: true, value: { x: 512, y: 487 } });
    expect(parseCoord("005|010")).toEqual({ ok: true, value: { x: 5, y: 10 } });
    expect(formatCoord({ x: 5, y: 10 })).toBe("5|10");
    for (const bad of ["", "512", "512|", "|487", "512/487", "512|487|1", "(512|487", "a512|487", "-1|5", "5.5|3"]) {
      expect(parseCoord(bad)).toEqual({ ok: false, error: coordMessages.format });
    }
    expect(parseCoord("1000|500")).toEqual({ ok: false, error: coordMessages.range });
  });

  it("coordInputSchema turns the text into a coordinate or the German message", () => {
    expect(coordInputSchema.parse("500|499")).toEqual({ x: 500, y: 499 });
    const bad = coordInputSchema.safeParse("500-499");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(coordMessages.format);
    expect(coordSchema.safeParse({ x: 1000, y: 0 }).success).toBe(false);
    expect(coordSchema.safeParse({ x: 1.5, y: 0 }).success).toBe(false);
  });
});
