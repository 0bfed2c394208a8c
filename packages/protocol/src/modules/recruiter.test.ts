import { describe, expect, it } from "vitest";
import { recruiterDefaultTargets, recruiterModuleSchema } from "./recruiter.js";

describe("Rekrutierer targets", () => {
  it("default by the village's class: offensive units for Off, spears and swords for Def, nothing for the rest", () => {
    const { targets } = recruiterModuleSchema.parse({});
    expect(targets).toEqual([
      { villageId: null, villageType: "off", units: { axe: 2000, light: 500, ram: 50 } },
      { villageId: null, villageType: "def", units: { spear: 2000, sword: 2000 } },
    ]);
    for (const target of targets.filter((t) => t.villageType === "off")) {
      expect(target.units.spear ?? 0).toBe(0);
      expect(target.units.sword ?? 0).toBe(0);
    }
    // Parsing gives copies: a change to one config never reaches the shared default.
    targets[0]!.units.axe = 1;
    expect(recruiterDefaultTargets[0]!.units.axe).toBe(2000);
    expect(recruiterModuleSchema.parse({}).targets[0]!.units.axe).toBe(2000);
  });

  it("reads the old default (2,000 spears and swords for every village, no class) as the new one", () => {
    const old = recruiterModuleSchema.parse({ targets: [{ villageId: null, units: { spear: 2000, sword: 2000 } }] });
    expect(old.targets).toEqual(recruiterModuleSchema.parse({}).targets);
  });

  it("keeps targets the player chose, a missing class meaning every class", () => {
    const own = [
      { villageId: null, units: { spear: 2500, sword: 2000 } },
      { villageId: 7, units: { spear: 2000, sword: 2000 } },
    ];
    expect(recruiterModuleSchema.parse({ targets: own }).targets).toEqual(own.map((t) => ({ ...t, villageType: "any" })));
    const chosen = [{ villageId: null, villageType: "any", units: { spear: 2000, sword: 2000 } }];
    expect(recruiterModuleSchema.parse({ targets: chosen }).targets).toEqual(chosen);
  });

  it("refuses an unknown class in German", () => {
    const result = recruiterModuleSchema.safeParse({ targets: [{ villageId: null, villageType: "empty", units: {} }] });
    expect(result.error?.issues[0]?.message).toBe("Ungültiger Wert");
  });
});
