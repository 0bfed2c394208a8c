// The sandbox's battles against hand computations of DS Workbench's simulator rule (battle.ts).
// Unit values: spear attack 10, defence 15 / cavalry 45 / archers 20; sword defence 50 / 15 / 40;
// axe attack 40; light attack 130; marcher attack 120; ram attack 2; carry axe 10, light 80, marcher 50.
import { describe, expect, it } from "vitest";
import { fight, hideCapacity, wallAtFight } from "./battle.js";

const none = { wood: 0, stone: 0, iron: 0 };

describe("battles (DS Workbench's NewSimulator)", () => {
  it("counts mounted archers once, as archers against the archer defence", () => {
    // 100 marchers: archer part 12,000, no infantry, no cavalry (shares 0 / 0 / 1).
    // 100 spears: archer defence 100 × 20 = 2,000, plus the empty wall's base 20 → 2,020.
    // Attack wins: marchers lose (2,020 / 12,000)^1.5 = 0.0691 → round(100 × 0.9309) = 93 left, 7 lost.
    // (Counted as cavalry as well, the spears' 45 per head made it 6,520 and 40 marchers lost.)
    const won = fight({ sent: { marcher: 100 }, defenders: [{ spear: 100 }], wall: 0, resources: none, hide: 0 });
    expect(won.lost).toEqual({ marcher: 7 });
    expect(won.defendersLost).toEqual([{ spear: 100 }]);
    // 1,000 spears: 20,000 + 20 = 20,020 > 12,000: every marcher dies, the spears lose
    // (12,000 / 20,020)^1.5 = 0.4641 → round(1,000 − 464.06) = 536 left, 464 lost.
    const lost = fight({ sent: { marcher: 100 }, defenders: [{ spear: 1000 }], wall: 0, resources: none, hide: 0 });
    expect(lost.lost).toEqual({ marcher: 100 });
    expect(lost.survivors).toEqual({});
    expect(lost.defendersLost).toEqual([{ spear: 464 }]);
  });

  it("gives an empty village with a wall its base defence 20 + 50 × wall", () => {
    // 50 axes (2,000) against an empty village with wall 10: 20 + 50 × 10 = 520.
    // Axes lose (520 / 2,000)^1.5 = 0.1326 → round(50 × 0.8674) = 43 left, 7 lost.
    const outcome = fight({ sent: { axe: 50 }, defenders: [{}], wall: 10, resources: { wood: 1000, stone: 1000, iron: 1000 }, hide: 0 });
    expect(outcome.lost).toEqual({ axe: 7 });
    expect(outcome.capacity).toBe(430);
    // 430 over three resources: 143 each, one left for wood.
    expect(outcome.haul).toEqual({ wood: 144, stone: 143, iron: 143 });
    // A full wall alone: 20 + 50 × 20 = 1,020 against 10 light (1,300):
    // (1,020 / 1,300)^1.5 = 0.6950 → round(10 × 0.3050) = 3 left.
    expect(fight({ sent: { light: 10 }, defenders: [{}], wall: 20, resources: none, hide: 0 }).survivors).toEqual({ light: 3 });
  });

  it("multiplies the defence by 1.037 per wall level and adds the base (full wall, level 20)", () => {
    // 1,000 spears + 1,000 swords: infantry defence 15,000 + 50,000 = 65,000.
    // × 1.037^20 = 2.06812 → 134,427.6, + 1,020 = 135,447.6.
    // 3,000 axes (120,000) lose all; the defenders lose (120,000 / 135,447.6)^1.5 = 0.8339
    // → round(1,000 − 833.90) = 166 left of each, 834 lost.
    const lost = fight({ sent: { axe: 3000 }, defenders: [{ spear: 1000, sword: 1000 }], wall: 20, resources: none, hide: 0 });
    expect(lost.lost).toEqual({ axe: 3000 });
    expect(lost.defendersLost).toEqual([{ spear: 834, sword: 834 }]);
    // 6,000 axes (240,000) win and lose (135,447.6 / 240,000)^1.5 = 0.4240 → round(6,000 × 0.5760) = 3,456 left.
    const won = fight({ sent: { axe: 6000 }, defenders: [{ spear: 600, sword: 600 }, { spear: 400, sword: 400 }], wall: 20, resources: none, hide: 0 });
    expect(won.lost).toEqual({ axe: 2544 });
    // Each group of defenders dies out (own troops and a support alike).
    expect(won.defendersLost).toEqual([{ spear: 600, sword: 600 }, { spear: 400, sword: 400 }]);
    expect(won.wallAfter).toBe(20);
  });

  it("lets rams lower the wall for the battle and damage it after", () => {
    // 100 rams at wall 20: 100 / (4 × 1.09^20 = 22.418) = 4.46 → 4 levels: the battle is at wall 16.
    expect(wallAtFight(20, 100)).toBe(16);
    // Never below half: 300 rams would take 13 levels (→ 7), the battle is at 10.
    expect(wallAtFight(20, 300)).toBe(10);
    expect(wallAtFight(0, 300)).toBe(0);
    // 6,000 axes + 100 rams: infantry 240,000 + 200 = 240,200. Defence 65,000 × 1.037^16 (1.78838)
    // = 116,244.8, + 20 + 50 × 16 = 117,064.8. Loss (117,064.8 / 240,200)^1.5 = 0.3402:
    // axes round(6,000 × 0.6598) = 3,959, rams round(100 × 0.6598) = 66.
    const outcome = fight({ sent: { axe: 6000, ram: 100 }, defenders: [{ spear: 1000, sword: 1000 }], wall: 20, resources: none, hide: 0 });
    expect(outcome.survivors).toEqual({ axe: 3959, ram: 66 });
    // Won: most damage 100 × 2 / 22.418 = 8.92 levels, less half of it in the share of units lost
    // (2,041 + 34) / 6,100 = 0.3402: 8.92 − 4.46 × 0.3402 = 7.40 → 7 levels, the wall is at 13.
    expect(outcome.wallAfter).toBe(13);
  });

  it("fights three rounds: defenders left over from the first round fall in the next", () => {
    // 1,000 axes (40,000) + 20 light (2,600) against 1,000 spears; shares 0.9390 / 0.0610.
    // Infantry: defence 0.9390 × 15,020 = 14,103.3 < 40,000: axes lose (14,103.3 / 40,000)^1.5 = 0.2094
    // → 791 left. Cavalry: defence 0.0610 × 45,020 = 2,747.7 > 2,600: the light cavalry dies; the spears'
    // cavalry part loses (2,600 / 2,747.7)^1.5 = 0.9205. Spears lose (40,000 + 2,600 × 0.9205) / 42,600
    // = 0.9951 → 5 left after round 1; in round 2 the 791 axes (31,640) kill them (5 × 15 = 75 defence,
    // no base any more) and lose round(791 × (1 − (75 / 31,640)^1.5)) = none.
    const outcome = fight({ sent: { axe: 1000, light: 20 }, defenders: [{ spear: 1000 }], wall: 0, resources: { wood: 5000, stone: 5000, iron: 5000 }, hide: 0 });
    expect(outcome.lost).toEqual({ axe: 209, light: 20 });
    expect(outcome.defendersLost).toEqual([{ spear: 1000 }]);
    expect(outcome.haul).toEqual({ wood: 2637, stone: 2637, iron: 2636 });
  });

  it("kills attacking scouts by the defending ones and plunders only a won battle", () => {
    // One scout against none: loses 1 × ((0 + 1) / 2)^1.5 = 0.35 → round(0.65) = 1 survives.
    expect(fight({ sent: { spy: 1 }, defenders: [{}], wall: 0, resources: none, hide: 0 }).survivors).toEqual({ spy: 1 });
    // Against 2 scouts (twice their number) all die; the village's army takes no losses from scouts.
    const caught = fight({ sent: { spy: 1 }, defenders: [{ spy: 2, spear: 10 }], wall: 0, resources: none, hide: 0 });
    expect(caught.lost).toEqual({ spy: 1 });
    expect(caught.defendersLost).toEqual([{}]);
    // 10 scouts against 3: lose 10 × (4 / 20)^1.5 = 0.89 → round(9.11) = 9 survive.
    expect(fight({ sent: { spy: 10 }, defenders: [{ spy: 3 }], wall: 0, resources: none, hide: 0 }).survivors).toEqual({ spy: 9 });
    // Scouts come home from a battle the rest of the attack lost, but nothing is plundered.
    const beaten = fight({ sent: { axe: 10, spy: 5 }, defenders: [{ spear: 100 }], wall: 0, resources: { wood: 900, stone: 900, iron: 900 }, hide: 0 });
    expect(beaten.survivors).toEqual({ spy: 5 });
    expect(beaten.haul).toEqual(none);
  });

  it("keeps the hiding place's share from the plunderer", () => {
    // Hiding place 3: 150 × 1.3335^2 = 266.7 → 267 per resource.
    expect(hideCapacity(3)).toBe(267);
    expect(fight({ sent: { light: 100 }, defenders: [{}], wall: 0, resources: { wood: 500, stone: 100, iron: 0 }, hide: hideCapacity(3) }).haul).toEqual({ wood: 233, stone: 0, iron: 0 });
  });
});
