import { describe, expect, it } from "vitest";
import { units, type UnitCounts } from "../units.js";
import { summarizeAttackers } from "./planner-attackers.js";

/** The worker's arrays of villages given as troops (null: not scanned). */
function attackers(villages: (UnitCounts | null)[]) {
  const troops = new Int32Array(villages.length * units.length);
  const known = new Uint8Array(villages.length);
  villages.forEach((v, i) => {
    if (!v) return;
    known[i] = 1;
    units.forEach((unit, u) => (troops[i * units.length + u] = v[unit] ?? 0));
  });
  return { troops, known };
}

const offensive = { axe: 6000, light: 2500, ram: 250 };

describe("summarizeAttackers", () => {
  it("counts the villages, the scanned ones and those able to send each demanded template", () => {
    const summary = summarizeAttackers(attackers([{ axe: 7000, light: 3000, ram: 300 }, { axe: 100 }, null]), {
      counts: { attack: 1, conquer: 1, fake: 0 },
      templates: { attack: offensive, conquer: { axe: 500, snob: 1 }, fake: { ram: 1 } },
      noblesFromUnknownVillages: false,
    });
    // The unscanned village counts for attacks, not for nobles (unless allowed); fakes are not asked for.
    expect(summary).toEqual({ villages: 3, scanned: 2, able: { conquer: 0, attack: 2 }, fitted: {} });
  });

  it("offers for a type no village can send what the strongest scanned village has, without the units it lacks", () => {
    const summary = summarizeAttackers(attackers([{ axe: 120, spear: 50 }, { axe: 180, ram: 4, light: 0 }, { axe: 40, light: 10 }]), {
      counts: { attack: 2 },
      templates: { attack: offensive },
      noblesFromUnknownVillages: false,
    });
    expect(summary.able).toEqual({ attack: 0 });
    // 180 axes and 4 rams (200 by population) beat 40 axes and 10 light (80) and 120 axes.
    expect(summary.fitted).toEqual({ attack: { axe: 180, ram: 4 } });
  });

  it("offers no noble template without a noble, and nothing when no village is scanned", () => {
    const noNoble = summarizeAttackers(attackers([{ axe: 900 }]), { counts: { conquer: 1 }, templates: { conquer: { axe: 500, snob: 1 } }, noblesFromUnknownVillages: false });
    expect(noNoble).toEqual({ villages: 1, scanned: 1, able: { conquer: 0 }, fitted: {} });
    const unknown = summarizeAttackers(attackers([null, null]), { counts: { conquer: 1 }, templates: { conquer: { snob: 1 } }, noblesFromUnknownVillages: false });
    expect(unknown).toEqual({ villages: 2, scanned: 0, able: { conquer: 0 }, fitted: {} });
  });
});
