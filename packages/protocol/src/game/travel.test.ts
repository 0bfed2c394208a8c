// Distances, travel times, slowest unit and send/arrival times: fast-check invariants plus tables of
// hand-checked values on a speed-1 world, the real fixture world (inline copy) and a speed-2 world.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Unit } from "../units.js";
import { formatServerTime, parseServerTime } from "./server-time.js";
import {
  arrivalTime,
  distance,
  sendTime,
  slowestUnit,
  travelSeconds,
  travelUnit,
  unitSpeedMinutes,
  unitTravelSeconds,
} from "./travel.js";
import { parseGameConfigXml } from "./game-config.js";
import { baseUnitSpeeds, parseUnitInfoXml, type UnitInfo, type UnitInfoUnit } from "./unit-info.js";

const coord = fc.record({ x: fc.integer({ min: 0, max: 999 }), y: fc.integer({ min: 0, max: 999 }) });
const speed = fc.double({ min: 0.01, max: 100, noNaN: true });
const boost = fc.double({ min: 0, max: 1, noNaN: true });
const dist = fc.double({ min: 0, max: 1500, noNaN: true });

/** A get_unit_info answer written from a table of speeds (other stats are placeholders). */
function unitInfoXml(speeds: Partial<Record<UnitInfoUnit, string | number>>): string {
  const body = Object.entries(speeds)
    .map(
      ([unit, minutes]) =>
        `  <${unit}>\n    <build_time>100</build_time>\n    <pop>1</pop>\n    <speed>${minutes}</speed>\n` +
        `    <attack>1</attack>\n    <defense>1</defense>\n    <defense_cavalry>1</defense_cavalry>\n` +
        `    <defense_archer>1</defense_archer>\n    <carry>1</carry>\n  </${unit}>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>\n<config>\n${body}\n</config>`;
}

function parsedUnitInfo(xml: string): UnitInfo {
  const parsed = parseUnitInfoXml(xml);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const fiveFields = { from: { x: 500, y: 500 }, to: { x: 503, y: 504 } }; // √(3² + 4²) = 5
const sqrt109 = { from: { x: 500, y: 500 }, to: { x: 510, y: 503 } }; // √(10² + 3²) = √109 ≈ 10.4403065

describe("distance", () => {
  it("is 5 between 500|500 and 503|504, √109 to 510|503, 0 to itself", () => {
    expect(distance(fiveFields.from, fiveFields.to)).toBe(5);
    expect(distance(sqrt109.from, sqrt109.to)).toBeCloseTo(10.44030650891055, 12);
    expect(distance({ x: 0, y: 0 }, { x: 999, y: 999 })).toBeCloseTo(999 * Math.SQRT2, 9);
    expect(distance({ x: 7, y: 9 }, { x: 7, y: 9 })).toBe(0);
  });

  it("is symmetric, never negative, zero only for the same field", () => {
    fc.assert(
      fc.property(coord, coord, (a, b) => {
        const d = distance(a, b);
        expect(d).toBe(distance(b, a));
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d === 0).toBe(a.x === b.x && a.y === b.y);
      }),
    );
  });

  it("satisfies the triangle inequality", () => {
    fc.assert(
      fc.property(coord, coord, coord, (a, b, c) => {
        expect(distance(a, c)).toBeLessThanOrEqual(distance(a, b) + distance(b, c) + 1e-9);
      }),
    );
  });
});

describe("travelSeconds", () => {
  it("is round(distance × minutes per field × 60 / (1 + boost))", () => {
    expect(travelSeconds(5, 18)).toBe(5400);
    expect(travelSeconds(5, 18, 0.2)).toBe(4500); // Freundschaft 20 %: 5400 / 1.2
    expect(travelSeconds(5, 18, 0.1)).toBe(4909); // 5400 / 1.1 = 4909.09
    expect(travelSeconds(Math.sqrt(109), 30)).toBe(18793); // 18792.55 rounds up
    expect(travelSeconds(0, 35)).toBe(0);
  });

  it("is monotonic in distance and in speed", () => {
    fc.assert(
      fc.property(dist, dist, speed, boost, (d1, d2, s, b) => {
        const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
        expect(travelSeconds(near, s, b)).toBeLessThanOrEqual(travelSeconds(far, s, b));
      }),
    );
    fc.assert(
      fc.property(dist, speed, speed, boost, (d, s1, s2, b) => {
        const [fast, slow] = s1 <= s2 ? [s1, s2] : [s2, s1];
        expect(travelSeconds(d, fast, b)).toBeLessThanOrEqual(travelSeconds(d, slow, b));
      }),
    );
  });

  it("gets shorter (never longer) with a boost, and a larger boost is never slower", () => {
    fc.assert(
      fc.property(dist, speed, boost, boost, (d, s, b1, b2) => {
        const [small, large] = b1 <= b2 ? [b1, b2] : [b2, b1];
        expect(travelSeconds(d, s, small)).toBeLessThanOrEqual(travelSeconds(d, s, 0));
        expect(travelSeconds(d, s, large)).toBeLessThanOrEqual(travelSeconds(d, s, small));
      }),
    );
  });

  it("is a whole number of seconds", () => {
    fc.assert(fc.property(dist, speed, boost, (d, s, b) => Number.isInteger(travelSeconds(d, s, b))));
  });

  it("refuses negative or non-finite input", () => {
    expect(() => travelSeconds(-1, 18)).toThrow(RangeError);
    expect(() => travelSeconds(5, 0)).toThrow(RangeError);
    expect(() => travelSeconds(5, Number.NaN)).toThrow(RangeError);
    expect(() => travelSeconds(5, 18, -0.1)).toThrow(RangeError);
    expect(() => travelSeconds(Number.POSITIVE_INFINITY, 18)).toThrow(RangeError);
  });
});

describe("sendTime and arrivalTime", () => {
  const epoch = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) });
  const seconds = fc.integer({ min: 0, max: 30 * 86_400 });

  it("send + travel = arrival exactly, milliseconds included", () => {
    fc.assert(
      fc.property(epoch, seconds, (arrival, travel) => {
        const send = sendTime(arrival, travel);
        expect(arrivalTime(send, travel)).toBe(arrival);
        expect(send % 1000).toBe(arrival % 1000);
        expect(arrival - send).toBe(travel * 1000);
      }),
    );
  });

  it("keeps the milliseconds: arrival 24.11.25 18:00:00:123 with spears over 5 fields → send 16:30:00:123", () => {
    const arrival = Date.UTC(2025, 10, 24, 17, 0, 0, 123); // 18:00:00.123 CET
    expect(formatServerTime(arrival, "Europe/Berlin")).toBe("24.11.25 18:00:00:123");
    const send = sendTime(arrival, travelSeconds(5, 18));
    expect(formatServerTime(send, "Europe/Berlin")).toBe("24.11.25 16:30:00:123");
    expect(send).toBe(arrival - 5_400_000);
  });

  it("counts real time across the change to summer time: rams arriving 30.03.25 04:00:00:500 leave at 00:30:00:500", () => {
    const arrival = parseServerTime("30.03.25 04:00:00:500", "Europe/Berlin");
    expect(arrival.ok).toBe(true);
    if (!arrival.ok) return;
    const send = sendTime(arrival.value, travelSeconds(5, 30)); // 9000 s = 2:30 h; the clock jumped 02:00 → 03:00
    expect(formatServerTime(send, "Europe/Berlin")).toBe("30.03.25 00:30:00:500");
  });
});

describe("slowest unit", () => {
  const info = parsedUnitInfo(unitInfoXml(baseUnitSpeeds));

  it("takes the unit with the most minutes per field among counts > 0", () => {
    expect(slowestUnit({ axe: 5000, light: 2000, ram: 250 }, info)).toBe("ram");
    expect(slowestUnit({ axe: 5000, light: 2000, ram: 0, snob: 1 }, info)).toBe("snob");
    expect(slowestUnit({ spy: 5, light: 100 }, info)).toBe("light");
    expect(slowestUnit({ spear: 1, sword: 1 }, info)).toBe("sword");
    expect(slowestUnit({ ram: 1, catapult: 1 }, info)).toBe("ram"); // tie: the game's order
    expect(slowestUnit({}, info)).toBeNull();
    expect(slowestUnit({ axe: 0, snob: -1 }, info)).toBeNull();
  });

  it("an explicit unit wins over the troops", () => {
    expect(travelUnit({ axe: 5000, ram: 250 }, info, "snob")).toBe("snob");
    expect(travelUnit({ axe: 5000, ram: 250 }, info)).toBe("ram");
    expect(travelUnit({ axe: 5000 }, info, null)).toBe("axe");
  });

  it("is never faster than any unit sent", () => {
    const unitArb = fc.constantFrom(...(Object.keys(baseUnitSpeeds) as Unit[]));
    fc.assert(
      fc.property(fc.dictionary(unitArb, fc.integer({ min: 0, max: 100 })), (counts) => {
        const slowest = slowestUnit(counts, info);
        const sent = (Object.keys(counts) as Unit[]).filter((unit) => (counts[unit] ?? 0) > 0);
        if (sent.length === 0) {
          expect(slowest).toBeNull();
          return;
        }
        expect(slowest).not.toBeNull();
        for (const unit of sent) expect(unitSpeedMinutes(info, slowest as Unit)).toBeGreaterThanOrEqual(unitSpeedMinutes(info, unit));
      }),
    );
  });

  it("says in German when the world lacks a unit", () => {
    const noArchers = parsedUnitInfo(unitInfoXml({ spear: 18, axe: 18 }));
    expect(() => slowestUnit({ axe: 10, archer: 5 }, noArchers)).toThrow("Die Einheit „Bogenschütze“ gibt es auf dieser Welt nicht.");
    expect(() => travelUnit({ axe: 10 }, noArchers, "snob")).toThrow("Adelsgeschlecht");
  });

  it("accepts any table with speeds (e.g. what the server stores)", () => {
    const stored: Record<string, { speed: number; pop: number }> = { axe: { speed: 18, pop: 1 }, ram: { speed: 30, pop: 5 } };
    expect(slowestUnit({ axe: 1, ram: 1 }, stored)).toBe("ram");
  });
});

// Hand-checked: distance 5 (500|500 → 503|504) and √109 ≈ 10.4403065 (500|500 → 510|503).
// seconds = round(distance × minutes per field × 60 / (1 + boost))
type Row = [unit: UnitInfoUnit, minutes: number, fiveFields: number, sqrt109: number];

describe("hand-checked table: speed-1 world (speed 1, unit_speed 1)", () => {
  const info = parsedUnitInfo(unitInfoXml(baseUnitSpeeds));
  const rows: Row[] = [
    ["spear", 18, 5400, 11276], //   5 × 18 × 60 = 5400 s = 1:30:00; 10.4403 × 1080 = 11275.53 → 11276
    ["sword", 22, 6600, 13781], //   5 × 22 × 60 = 6600 s = 1:50:00; 10.4403 × 1320 = 13781.20 → 13781
    ["axe", 18, 5400, 11276],
    ["archer", 18, 5400, 11276],
    ["spy", 9, 2700, 5638], //       5 × 9 × 60 = 2700 s = 0:45:00;  10.4403 × 540 = 5637.77 → 5638
    ["light", 10, 3000, 6264], //    5 × 10 × 60 = 3000 s = 0:50:00; 10.4403 × 600 = 6264.18 → 6264
    ["marcher", 10, 3000, 6264],
    ["heavy", 11, 3300, 6891], //    5 × 11 × 60 = 3300 s = 0:55:00; 10.4403 × 660 = 6890.60 → 6891
    ["ram", 30, 9000, 18793], //     5 × 30 × 60 = 9000 s = 2:30:00; 10.4403 × 1800 = 18792.55 → 18793
    ["catapult", 30, 9000, 18793],
    ["knight", 10, 3000, 6264],
    ["snob", 35, 10500, 21925], //   5 × 35 × 60 = 10500 s = 2:55:00; 10.4403 × 2100 = 21924.64 → 21925
  ];
  it.each(rows)("%s: %d min/field → %d s over 5 fields, %d s over √109", (unit, minutes, five, root109) => {
    expect(unitSpeedMinutes(info, unit)).toBe(minutes);
    expect(unitTravelSeconds(fiveFields.from, fiveFields.to, unit, info)).toBe(five);
    expect(unitTravelSeconds(sqrt109.from, sqrt109.to, unit, info)).toBe(root109);
  });

  it("a noble from 400|400 to 600|600 (282.84 fields) takes 593970 s = 6 d 20:59:30", () => {
    expect(unitTravelSeconds({ x: 400, y: 400 }, { x: 600, y: 600 }, "snob", info)).toBe(593970); // 282.8427 × 2100 = 593969.70
  });

  it("supports with Freundschaft 20 % (boost 0.2): spears over 5 fields 5400 / 1.2 = 4500 s", () => {
    expect(unitTravelSeconds(fiveFields.from, fiveFields.to, "spear", info, 0.2)).toBe(4500);
    expect(unitTravelSeconds(fiveFields.from, fiveFields.to, "heavy", info, 0.2)).toBe(2750); // 3300 / 1.2
  });
});

// The real fixture world (real-fixture.test.ts): get_config speed 1.6 × unit_speed 0.625 = 1,
// so its get_unit_info lists the base speeds. Rewritten by hand here as minimal input so the table runs
// without the fixture; real-fixture.test.ts checks the files themselves give the same values.
const realWorldSpeeds = {
  spear: "18",
  sword: "22",
  axe: "18",
  archer: "18",
  spy: "9",
  light: "10",
  marcher: "10",
  heavy: "11",
  ram: "30",
  catapult: "30",
  knight: "10",
  snob: "35",
  militia: "0.016666666666667",
} as const;

describe("hand-checked table: real fixture world (speed 1.6 × unit_speed 0.625), inline copy", () => {
  const config = parseGameConfigXml(
    "<config>\n  <speed>1.6</speed>\n  <unit_speed>0.625</unit_speed>\n  <night><active>1</active><start_hour>23</start_hour><end_hour>8</end_hour></night>\n</config>",
  );
  const info = parsedUnitInfo(unitInfoXml(realWorldSpeeds));

  it("reads speed 1.6 and unit_speed 0.625, and the unit info speeds as written", () => {
    expect(config.ok && config.value.speed).toBe(1.6);
    expect(config.ok && config.value.unitSpeed).toBe(0.625);
    expect(info.militia?.speed).toBe(0.016666666666667);
  });

  const rows: Row[] = [
    ["spear", 18, 5400, 11276], // 5 × 18 × 60 = 5400 s (1:30:00) — the speed is used as is
    ["sword", 22, 6600, 13781], // 5 × 22 × 60 = 6600 s (1:50:00)
    ["spy", 9, 2700, 5638], //     5 × 9 × 60 = 2700 s (0:45:00)
    ["light", 10, 3000, 6264], //  5 × 10 × 60 = 3000 s (0:50:00)
    ["heavy", 11, 3300, 6891], //  5 × 11 × 60 = 3300 s (0:55:00)
    ["ram", 30, 9000, 18793], //   5 × 30 × 60 = 9000 s (2:30:00)
    ["snob", 35, 10500, 21925], // 5 × 35 × 60 = 10500 s (2:55:00)
    ["militia", 0.016666666666667, 5, 10], // 5 × 0.016666666666667 × 60 = 5.0000000000001 → 5; √109 → 10.44 → 10
  ];
  it.each(rows)("%s: %d min/field → %d s over 5 fields, %d s over √109", (unit, minutes, five, root109) => {
    expect(unitSpeedMinutes(info, unit)).toBe(minutes);
    expect(unitTravelSeconds(fiveFields.from, fiveFields.to, unit, info)).toBe(five);
    expect(unitTravelSeconds(sqrt109.from, sqrt109.to, unit, info)).toBe(root109);
  });
});

describe("hand-checked table: speed-2 world (speed 2, unit_speed 1)", () => {
  // The game halves every speed in get_unit_info; dsbot must not halve them again.
  const config = parseGameConfigXml("<config><speed>2</speed><unit_speed>1</unit_speed></config>");
  const info = parsedUnitInfo(
    unitInfoXml({ spear: 9, sword: 11, axe: 9, spy: 4.5, light: 5, heavy: 5.5, ram: 15, catapult: 15, knight: 5, snob: 17.5 }),
  );
  const rows: Row[] = [
    ["spear", 9, 2700, 5638], //     5 × 9 × 60 = 2700 s (0:45:00); 10.4403 × 540 = 5637.77 → 5638
    ["sword", 11, 3300, 6891], //    5 × 11 × 60 = 3300 s (0:55:00); 10.4403 × 660 = 6890.60 → 6891
    ["spy", 4.5, 1350, 2819], //     5 × 4.5 × 60 = 1350 s (0:22:30); 10.4403 × 270 = 2818.88 → 2819
    ["light", 5, 1500, 3132], //     5 × 5 × 60 = 1500 s (0:25:00); 10.4403 × 300 = 3132.09 → 3132
    ["heavy", 5.5, 1650, 3445], //   5 × 5.5 × 60 = 1650 s (0:27:30); 10.4403 × 330 = 3445.30 → 3445
    ["ram", 15, 4500, 9396], //      5 × 15 × 60 = 4500 s (1:15:00); 10.4403 × 900 = 9396.28 → 9396
    ["snob", 17.5, 5250, 10962], //  5 × 17.5 × 60 = 5250 s (1:27:30); 10.4403 × 1050 = 10962.32 → 10962
  ];
  it.each(rows)("%s: %d min/field → %d s over 5 fields, %d s over √109", (unit, minutes, five, root109) => {
    expect(unitSpeedMinutes(info, unit)).toBe(minutes);
    expect(unitTravelSeconds(fiveFields.from, fiveFields.to, unit, info)).toBe(five);
    expect(unitTravelSeconds(sqrt109.from, sqrt109.to, unit, info)).toBe(root109);
  });

  it("uses get_unit_info's speed as is, not divided again by speed × unit_speed", () => {
    expect(config.ok && config.value.speed * config.value.unitSpeed).toBe(2);
    const spear = unitTravelSeconds(fiveFields.from, fiveFields.to, "spear", info);
    expect(spear).toBe(2700);
    expect(spear).not.toBe(travelSeconds(5, 9 / 2)); // the bug of other tools: 1350 s
    expect(info.marcher).toBeUndefined();
  });

  it("a send time for an arrival with milliseconds keeps them: 01.07.25 12:00:00:999 − 1650 s = 11:32:30:999", () => {
    const arrival = parseServerTime("01.07.25 12:00:00:999", "Europe/Berlin");
    expect(arrival.ok).toBe(true);
    if (!arrival.ok) return;
    const send = sendTime(arrival.value, unitTravelSeconds(fiveFields.from, fiveFields.to, "heavy", info));
    expect(formatServerTime(send, "Europe/Berlin")).toBe("01.07.25 11:32:30:999");
  });
});
