// What a planner run may cost, decided before it starts: a window nobody can reach any more, the
// attacks asked for, and attackers × targets × types with demand.
import { describe, expect, it } from "vitest";
import { plannerMessages } from "./messages.js";
import { earliestPossibleArrival, plannerLimitError, PLANNER_MAX_DEMAND, PLANNER_MAX_WORK } from "./planner-limits.js";
import { speedOneUnitInfo } from "./test-arbitraries.js";

const now = Date.UTC(2026, 10, 26, 12);
const hour = 3_600_000;
const settings = (counts: Record<string, number>, window = { from: now + hour, to: now + 5 * hour }) => ({
  counts,
  templates: { attack: { axe: 100, ram: 10 }, fake: { ram: 1 }, support: { spear: 100 }, conquer: { snob: 1 } },
  window,
});

describe("plannerLimitError", () => {
  it("refuses a window that ends before the fastest demanded type could walk one field", () => {
    // Rams walk a field in 30 minutes, spears (supports, with up to 20 % Freundschaft) in 15.
    expect(earliestPossibleArrival(settings({ attack: 1 }), speedOneUnitInfo, now)).toBe(now + 30 * 60_000);
    expect(earliestPossibleArrival(settings({ attack: 1, support: 1 }), speedOneUnitInfo, now)).toBe(now + 15 * 60_000);
    const sizes = { attackers: 10, targets: 10 };
    expect(plannerLimitError(settings({ attack: 1 }, { from: now - hour, to: now + 29 * 60_000 }), sizes, speedOneUnitInfo, now)).toBe(plannerMessages.windowPast);
    expect(plannerLimitError(settings({ attack: 1 }, { from: now - hour, to: now + 30 * 60_000 }), sizes, speedOneUnitInfo, now)).toBeNull();
    // Types without demand or without a usable template do not count.
    expect(plannerLimitError(settings({ attack: 0, wallbreaker: 3 }, { from: 0, to: 1 }), sizes, speedOneUnitInfo, now)).toBeNull();
  });

  it("refuses more attacks than one run may plan (targets × counts)", () => {
    const perTarget = { attack: 100, fake: 100, support: 100 };
    const targets = Math.floor(PLANNER_MAX_DEMAND / 300);
    expect(plannerLimitError(settings(perTarget), { attackers: 1, targets }, speedOneUnitInfo, now)).toBeNull();
    expect(plannerLimitError(settings(perTarget), { attackers: 1, targets: targets + 1 }, speedOneUnitInfo, now)).toBe(
      plannerMessages.tooManyAttacks((targets + 1) * 300, PLANNER_MAX_DEMAND),
    );
    expect(plannerMessages.tooManyAttacks(50_100, PLANNER_MAX_DEMAND)).toContain("höchstens 50.000 je Planung");
  });

  it("refuses attackers × targets × types with demand over the work limit", () => {
    const twoTypes = settings({ attack: 1, fake: 1 });
    expect(plannerLimitError(twoTypes, { attackers: 20_000, targets: 5_000 }, speedOneUnitInfo, now)).toBeNull();
    expect(20_000 * 5_000 * 2).toBe(PLANNER_MAX_WORK);
    const threeTypes = settings({ attack: 1, fake: 1, support: 1 });
    expect(plannerLimitError(threeTypes, { attackers: 20_000, targets: 5_000 }, speedOneUnitInfo, now)).toBe(
      plannerMessages.tooMuchWork(20_000, 5_000, 3, PLANNER_MAX_WORK),
    );
  });
});
