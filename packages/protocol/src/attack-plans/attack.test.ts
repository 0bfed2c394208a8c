// The attack entity: German labels, the input/data schemas' rules and messages, and send times built on
// travel.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseServerTime } from "../game/server-time.js";
import { sendTime, unitTravelSeconds } from "../game/travel.js";
import {
  attackDataSchema,
  attackInputSchema,
  attackStatusLabels,
  attackTimes,
  attackTypeLabels,
  compactUnits,
  slowestUnitOnAnyWorld,
  ARRIVAL_MAX_MS,
  ARRIVAL_MIN_MS,
} from "./attack.js";
import { attackMessages } from "./messages.js";
import { attackDataArb, coordArb, speedOneUnitInfo, unitCountsArb } from "./test-arbitraries.js";

const arrival = (text: string) => {
  const parsed = parseServerTime(text, "Europe/Berlin");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const valid = { from: "500|500", to: "503|504", type: "attack", units: { axe: 100, ram: 5 }, arrival: arrival("24.12.25 18:00:00:123") };

function messages(input: unknown, schema: { safeParse: typeof attackInputSchema.safeParse } = attackInputSchema): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("labels", () => {
  it("names the six types and six statuses in German", () => {
    expect(attackTypeLabels).toEqual({
      attack: "Angriff",
      conquer: "Adelung",
      fake: "Fake",
      wallbreaker: "Wallbrecher",
      support: "Unterstützung",
      fake_support: "Fake-Unterstützung",
    });
    expect(attackStatusLabels).toEqual({
      planned: "Geplant",
      due: "Fällig",
      sent: "Gesendet",
      failed: "Fehlgeschlagen",
      expired: "Abgelaufen",
      cancelled: "Abgebrochen",
    });
  });
});

describe("attackInputSchema", () => {
  it("reads coordinates, drops zero counts and defaults the priority to 3", () => {
    const parsed = attackInputSchema.parse({ ...valid, units: { spear: 0, axe: 100, ram: 5 } });
    expect(parsed).toEqual({ from: { x: 500, y: 500 }, to: { x: 503, y: 504 }, type: "attack", units: { axe: 100, ram: 5 }, arrival: valid.arrival, priority: 3 });
  });

  it("accepts an explicit unit without troops, and one as fast as the slowest sent", () => {
    expect(messages({ ...valid, units: {}, unit: "snob" })).toEqual([]);
    expect(messages({ ...valid, units: { ram: 5, catapult: 5 }, unit: "catapult" })).toEqual([]);
  });

  it("refuses an attack without units in German", () => {
    expect(messages({ ...valid, units: { axe: 0 } })).toEqual([`units: ${attackMessages.noUnits}`]);
  });

  it("refuses an explicit unit faster than the slowest unit sent, naming it", () => {
    expect(messages({ ...valid, unit: "axe" })).toEqual(["unit: Die Einheit muss die langsamste mitgeschickte sein (hier: Rammbock)."]);
  });

  it("refuses the same start and target, a bad priority, arrival and type", () => {
    expect(messages({ ...valid, to: "500|500" })).toEqual([`to: ${attackMessages.sameVillage}`]);
    expect(messages({ ...valid, priority: 6 })).toEqual([`priority: ${attackMessages.priority}`]);
    expect(messages({ ...valid, priority: 0 })).toEqual([`priority: ${attackMessages.priority}`]);
    expect(messages({ ...valid, arrival: 1.5 })).toEqual([`arrival: ${attackMessages.arrival}`]);
    expect(messages({ ...valid, arrival: ARRIVAL_MAX_MS + 1 })).toEqual([`arrival: ${attackMessages.arrivalRange}`]);
    expect(messages({ ...valid, arrival: ARRIVAL_MIN_MS - 1 })).toEqual([`arrival: ${attackMessages.arrivalRange}`]);
    expect(messages({ ...valid, type: "raid" })).toEqual([`type: ${attackMessages.type}`]);
    expect(messages({ ...valid, from: "5000|1" })).toEqual(["from: Koordinaten gehen von 0|0 bis 999|999."]);
  });

  it("names unknown units and wrong shapes in German", () => {
    expect(messages({ ...valid, units: { axe: 1, cannon: 3 } })).toEqual(["units: Unbekannte Einheit: cannon."]);
    expect(messages({ ...valid, units: "axe" })).toEqual([`units: ${attackMessages.unitsShape}`]);
    expect(messages({ ...valid, units: { axe: -1 } })).toEqual(["units.axe: Mindestens 0"]);
    expect(messages(42)).toEqual([`: ${attackMessages.notObject}`]);
  });

  it("requires the unit in the data schema of the formats", () => {
    expect(messages(valid, attackDataSchema)).toEqual(["unit: Unbekannte Einheit"]);
    expect(messages({ ...valid, unit: "ram" }, attackDataSchema)).toEqual([]);
  });

  it("accepts every generated attack unchanged (the generators and the schema agree)", () => {
    fc.assert(
      fc.property(attackDataArb, (a) => {
        const input = { ...a, from: `${a.from.x}|${a.from.y}`, to: `${a.to.x}|${a.to.y}` };
        expect(attackDataSchema.parse(input)).toEqual(a);
      }),
    );
  });
});

describe("compactUnits and slowestUnitOnAnyWorld", () => {
  it("keeps counts > 0 only and finds the slowest by the world-independent order", () => {
    expect(compactUnits({ spear: 0, snob: 1, axe: 3 })).toEqual({ axe: 3, snob: 1 });
    expect(slowestUnitOnAnyWorld({ axe: 1, light: 1 })).toBe("axe");
    expect(slowestUnitOnAnyWorld({ catapult: 1, ram: 1 })).toBe("ram");
    expect(slowestUnitOnAnyWorld({ ram: 1, snob: 1 })).toBe("snob");
    expect(slowestUnitOnAnyWorld({})).toBeNull();
  });
});

describe("attackTimes", () => {
  const from = { x: 500, y: 500 };
  const to = { x: 503, y: 504 }; // 5 fields

  it("times a ram attack over 5 fields on a speed-1 world: 2:30:00, milliseconds kept", () => {
    const at = arrival("24.12.25 18:00:00:123");
    expect(attackTimes({ from, to, units: { axe: 100, ram: 5 }, arrival: at, unitInfo: speedOneUnitInfo })).toEqual({
      unit: "ram",
      travelSeconds: 9000,
      sendTime: arrival("24.12.25 15:30:00:123"),
    });
  });

  it("uses an explicit unit, and the support boost", () => {
    const at = arrival("24.12.25 18:00:00:000");
    expect(attackTimes({ from, to, units: {}, unit: "snob", arrival: at, unitInfo: speedOneUnitInfo }).travelSeconds).toBe(5 * 35 * 60);
    // 5 × 18 min = 5400 s, with Freundschaft 20 %: 5400 / 1.2 = 4500 s.
    expect(attackTimes({ from, to, units: { spear: 1 }, arrival: at, unitInfo: speedOneUnitInfo, boost: 0.2 }).travelSeconds).toBe(4500);
  });

  it("throws a German RangeError without units or for a unit the world lacks", () => {
    expect(() => attackTimes({ from, to, units: {}, arrival: 0, unitInfo: speedOneUnitInfo })).toThrow(attackMessages.noUnits);
    const noArchers = { ...speedOneUnitInfo, archer: undefined };
    expect(() => attackTimes({ from, to, units: { archer: 1 }, arrival: 0, unitInfo: noArchers })).toThrow("Die Einheit „Bogenschütze“ gibt es auf dieser Welt nicht.");
  });

  it("agrees with travel.ts for any villages, troops and arrival", () => {
    fc.assert(
      fc.property(coordArb, coordArb, unitCountsArb, fc.integer({ min: ARRIVAL_MIN_MS, max: ARRIVAL_MAX_MS }), (a, b, counts, at) => {
        const unit = slowestUnitOnAnyWorld(counts);
        fc.pre(unit !== null);
        const times = attackTimes({ from: a, to: b, units: counts, arrival: at, unitInfo: speedOneUnitInfo });
        const travel = unitTravelSeconds(a, b, unit as NonNullable<typeof unit>, speedOneUnitInfo);
        expect(times).toEqual({ unit, travelSeconds: travel, sendTime: sendTime(at, travel) });
        expect(times.sendTime + times.travelSeconds * 1000).toBe(at);
      }),
    );
  });
});
