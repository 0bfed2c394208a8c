// Noble trains as the form enters them: the schema's German messages and the arrivals of each attack.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attackTrainSchema, trainArrivals } from "./attack.js";
import { NOBLE_TRAIN_MAX, NOBLE_TRAIN_SPACING_DEFAULT_MS, NOBLE_TRAIN_SPACING_MAX_MS, NOBLE_TRAIN_SPACING_MIN_MS } from "./execution.js";
import { attackMessages } from "./messages.js";

const arrival = Date.UTC(2026, 11, 24, 17, 0, 0, 0);
const valid = { from: "500|500", to: "503|504", type: "conquer", units: { snob: 1, axe: 50 }, arrival, nobles: 4 };

function messages(input: unknown): string[] {
  const parsed = attackTrainSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("attackTrainSchema", () => {
  it("takes a train of nobles with the default spacing and no clearing attack", () => {
    const parsed = attackTrainSchema.parse(valid);
    expect(parsed).toMatchObject({ from: { x: 500, y: 500 }, to: { x: 503, y: 504 }, nobles: 4, spacingMs: NOBLE_TRAIN_SPACING_DEFAULT_MS, priority: 3 });
    expect(parsed.clearUnits).toBeUndefined();
    expect(attackTrainSchema.parse({ ...valid, clearUnits: { axe: 6000, ram: 0 } }).clearUnits).toEqual({ axe: 6000 });
  });

  it("answers each wrong field in German at its path", () => {
    const spacing = attackMessages.trainSpacing(NOBLE_TRAIN_SPACING_MIN_MS, NOBLE_TRAIN_SPACING_MAX_MS);
    expect(messages({ ...valid, type: "attack" })).toEqual([`type: ${attackMessages.trainType}`]);
    expect(messages({ ...valid, units: { axe: 50 } })).toEqual([`units: ${attackMessages.trainNoble}`]);
    expect(messages({ ...valid, nobles: 0 })).toEqual([`nobles: ${attackMessages.trainNobles(NOBLE_TRAIN_MAX)}`]);
    expect(messages({ ...valid, nobles: NOBLE_TRAIN_MAX + 1 })).toEqual([`nobles: ${attackMessages.trainNobles(NOBLE_TRAIN_MAX)}`]);
    expect(messages({ ...valid, nobles: 2.5 })).toEqual([`nobles: ${attackMessages.trainNobles(NOBLE_TRAIN_MAX)}`]);
    expect(messages({ ...valid, spacingMs: NOBLE_TRAIN_SPACING_MIN_MS - 1 })).toEqual([`spacingMs: ${spacing}`]);
    expect(messages({ ...valid, spacingMs: NOBLE_TRAIN_SPACING_MAX_MS + 1 })).toEqual([`spacingMs: ${spacing}`]);
    expect(messages({ ...valid, spacingMs: "100" })).toEqual([`spacingMs: ${spacing}`]);
    expect(messages({ ...valid, clearUnits: { axe: 0 } })).toEqual([`clearUnits: ${attackMessages.trainClearUnits}`]);
    expect(messages({ ...valid, to: "500|500" })).toEqual([`to: ${attackMessages.sameVillage}`]);
  });
});

describe("trainArrivals", () => {
  it("lands the clearing attack first and each noble the spacing after the one before", () => {
    expect(trainArrivals({ arrival, nobles: 3, spacingMs: 100, clear: true })).toEqual([
      { type: "attack", arrival },
      { type: "conquer", arrival: arrival + 100 },
      { type: "conquer", arrival: arrival + 200 },
      { type: "conquer", arrival: arrival + 300 },
    ]);
    expect(trainArrivals({ arrival, nobles: 2, spacingMs: 250, clear: false })).toEqual([
      { type: "conquer", arrival },
      { type: "conquer", arrival: arrival + 250 },
    ]);
  });

  it("always has nobles (+1) attacks, strictly in order, exactly the spacing apart", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: NOBLE_TRAIN_MAX }),
        fc.integer({ min: NOBLE_TRAIN_SPACING_MIN_MS, max: NOBLE_TRAIN_SPACING_MAX_MS }),
        fc.boolean(),
        (nobles, spacingMs, clear) => {
          const train = trainArrivals({ arrival, nobles, spacingMs, clear });
          expect(train).toHaveLength(nobles + (clear ? 1 : 0));
          expect(train.filter((a) => a.type === "conquer")).toHaveLength(nobles);
          for (let i = 1; i < train.length; i++) expect(train[i]!.arrival - train[i - 1]!.arrival).toBe(spacingMs);
        },
      ),
    );
  });
});
