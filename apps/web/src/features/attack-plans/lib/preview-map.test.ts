import type { AttackType, PlannerResponse } from "@dsbot/protocol";
import { attackTypeColors } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { buildPreviewScene, clientToView, fitViewBox, nearestSegment } from "./preview-map";

type Attacks = PlannerResponse["attacks"];

function attack(from: string, to: string, type: AttackType = "attack"): Attacks[number] {
  return { from, to, fromVillageId: 1, toVillageId: 2, attacker: null, defender: null, type, units: { axe: 1 }, unit: "axe", sendTime: 0, arrivalTime: 1, priority: 3 };
}

const segmentsOf = (d: string) => d.match(/M[^M]+/g) ?? [];

describe("buildPreviewScene", () => {
  it("draws one segment per attack in the path of its type, coloured as on the Karte", () => {
    const scene = buildPreviewScene({
      attacks: [attack("500|500", "510|510"), attack("501|500", "510|510", "fake"), attack("502|500", "511|511"), attack("500|500", "512|512", "conquer")],
      unserved: [],
    })!;
    expect(scene.layers.map((l) => [l.type, l.count, l.color])).toEqual([
      ["attack", 2, attackTypeColors.attack],
      ["conquer", 1, attackTypeColors.conquer],
      ["fake", 1, attackTypeColors.fake],
    ]);
    expect(segmentsOf(scene.layers[0]!.d)).toEqual(["M500.5 500.5L510.5 510.5", "M502.5 500.5L511.5 511.5"]);
    expect(scene.attackers.count).toBe(3);
    expect(scene.targets.count).toBe(3);
    expect(segmentsOf(scene.targets.d)).toHaveLength(3);
    expect(scene.unserved.count).toBe(0);
    expect(Array.from(scene.lines)).toEqual([0, 1, 2, 3]);
    expect(Array.from(scene.segments.subarray(4, 8))).toEqual([501.5, 500.5, 510.5, 510.5]);
  });

  it("marks targets left (partly) unserved and keeps them in the view, but not fully served demands", () => {
    const scene = buildPreviewScene({
      attacks: [attack("500|500", "510|510")],
      unserved: [
        { target: "540|520", type: "attack", requested: 1, planned: 0, reason: "zu weit" },
        { target: "510|510", type: "conquer", requested: 2, planned: 1, reason: "keine Adelsgeschlechter" },
        { target: "600|600", type: "fake", requested: 1, planned: 1, reason: "" },
      ],
    })!;
    expect(scene.unserved.count).toBe(2);
    expect(segmentsOf(scene.unserved.d)).toEqual(["M540.5 520.5h0", "M510.5 510.5h0"]);
    expect(scene.targets.count).toBe(2);
    const { x, y, width, height } = scene.viewBox;
    expect(x).toBeLessThan(500.5);
    expect(x + width).toBeGreaterThan(540.5);
    expect(y).toBeLessThan(500.5);
    expect(y + height).toBeGreaterThan(520.5);
  });

  it("is null for an answer without villages, and skips what is no coordinate", () => {
    expect(buildPreviewScene({ attacks: [], unserved: [] })).toBeNull();
    const scene = buildPreviewScene({ attacks: [attack("kaputt", "510|510"), attack("500|500", "510|510")], unserved: [] })!;
    expect(scene.layers[0]!.count).toBe(1);
    expect(Array.from(scene.lines)).toEqual([1]);
  });

  it("draws the continent borders inside the view", () => {
    const scene = buildPreviewScene({ attacks: [attack("495|495", "505|505")], unserved: [] })!;
    expect(scene.grid).toContain("M500 ");
    expect(segmentsOf(scene.grid)).toHaveLength(2);
  });

  it("builds 2,000 lines into a handful of paths", () => {
    const attacks = Array.from({ length: 2000 }, (_, i) => attack(`${400 + (i % 50)}|${400 + Math.floor(i / 50)}`, `${500 + (i % 40)}|${520 + (i % 30)}`, i % 3 === 0 ? "fake" : "attack"));
    const scene = buildPreviewScene({ attacks, unserved: [] })!;
    expect(scene.layers).toHaveLength(2);
    expect(scene.layers.reduce((sum, l) => sum + segmentsOf(l.d).length, 0)).toBe(2000);
    expect(scene.segments).toHaveLength(8000);
  });
});

describe("fitViewBox", () => {
  it("adds a margin, a minimum span and keeps the aspect between 1.25 and 2.4", () => {
    const one = fitViewBox(500, 500, 500, 500);
    expect(one.width / one.height).toBeCloseTo(1.25);
    expect(one.x + one.width / 2).toBe(500);
    const wide = fitViewBox(0, 500, 900, 510);
    expect(wide.width / wide.height).toBeCloseTo(2.4);
    expect(wide.x).toBeLessThan(0);
    const tall = fitViewBox(500, 0, 510, 900);
    expect(tall.width / tall.height).toBeCloseTo(1.25);
    expect(tall.y).toBeLessThan(0);
    expect(tall.y + tall.height).toBeGreaterThan(900);
  });
});

describe("nearestSegment and clientToView", () => {
  const segments = new Float32Array([0, 0, 10, 0, 0, 5, 10, 5]);

  it("finds the line nearest to a point within the distance", () => {
    expect(nearestSegment(segments, 5, 1, 2)).toBe(0);
    expect(nearestSegment(segments, 5, 4, 2)).toBe(1);
    expect(nearestSegment(segments, 5, 2.5, 1)).toBe(-1);
    expect(nearestSegment(segments, 12, 0, 3)).toBe(0);
  });

  it("maps a client point through a letterboxed SVG (xMidYMid meet)", () => {
    // 100 × 50 view in a 400 × 400 box: scale 4, 100 px bands above and below.
    const point = clientToView({ left: 10, top: 20, width: 400, height: 400 }, { x: 100, y: 200, width: 100, height: 50 }, 10 + 200, 20 + 100 + 100);
    expect(point).toEqual({ x: 150, y: 225, unitsPerPixel: 0.25 });
    expect(clientToView({ left: 0, top: 0, width: 0, height: 0 }, { x: 0, y: 0, width: 1, height: 1 }, 0, 0)).toBeNull();
  });
});
