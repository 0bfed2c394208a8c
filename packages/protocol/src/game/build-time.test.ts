// Build times of today's worlds (buildtime_formula 2): build_time × factor(level) × 1.05^-main ÷ speed,
// worked out by hand from the table in buildings.ts.
import { describe, expect, it } from "vitest";
import { buildSeconds } from "./buildings.js";

describe("build times (buildtime_formula 2)", () => {
  it("follows the hand computation for three buildings at three levels", () => {
    // Barracks level 1, main building 3, speed 1: 1800 × 0.0959730 = 172.751; ÷ 1.05^3 (1.157625) = 149.23 → 149 s.
    expect(buildSeconds("barracks", 1, 3, 1)).toBe(149);
    // Wall level 5, main building 10: 3600 × 0.9566867 = 3,444.07; ÷ 1.05^10 (1.628895) = 2,114.36 → 2,114 s.
    expect(buildSeconds("wall", 5, 10, 1)).toBe(2114);
    // Main building level 20 from 19, speed 1.6: 900 × 35.938767 = 32,344.89; ÷ 1.05^19 (2.526950) = 12,799.97;
    // ÷ 1.6 = 7,999.98 → 8,000 s.
    expect(buildSeconds("main", 20, 19, 1.6)).toBe(8000);
  });

  it("each of three buildings at levels 1, 10 and 20 with the main building at 5 (÷ 1.05^5 = 1.2762816)", () => {
    // factor(1) 0.0959730, factor(10) 4.8934614, factor(20) 35.9387667 (buildTimeFactors).
    // Barracks (build_time 1800): 172.751 → 135.36; 8,808.23 → 6,901.48; 64,689.78 → 50,686.14.
    expect([1, 10, 20].map((level) => buildSeconds("barracks", level, 5, 1))).toEqual([135, 6901, 50686]);
    // Wall (3600): 345.503 → 270.71; 17,616.46 → 13,802.96; 129,379.56 → 101,372.27.
    expect([1, 10, 20].map((level) => buildSeconds("wall", level, 5, 1))).toEqual([271, 13803, 101372]);
    // Main building (900): 86.376 → 67.68; 4,404.12 → 3,450.74; 32,344.89 → 25,343.07.
    expect([1, 10, 20].map((level) => buildSeconds("main", level, 5, 1))).toEqual([68, 3451, 25343]);
  });

  it("builds the first levels in about a minute and a half, not a quarter of an hour", () => {
    // A level-1 building of build_time 900 (the main building's) with the main building at 1:
    // 900 × 0.0959730 ÷ 1.05 = 82.26 → 82 s (the 2003 formula said 900 s).
    expect(buildSeconds("main", 1, 1, 1)).toBe(82);
    // Levels 1 and 2 share one factor.
    expect(buildSeconds("wood", 2, 1, 1)).toBe(buildSeconds("wood", 1, 1, 1));
    // A higher main building builds faster; a faster world too.
    expect(buildSeconds("smith", 10, 20, 1)).toBeLessThan(buildSeconds("smith", 10, 10, 1));
    // Smithy level 10, main 10, speed 2: 6000 × 4.8934614 = 29,360.77; ÷ 1.628895 = 18,024.97; ÷ 2 = 9,012.48 → 9,012 s.
    expect(buildSeconds("smith", 10, 10, 2)).toBe(9012);
  });
});
