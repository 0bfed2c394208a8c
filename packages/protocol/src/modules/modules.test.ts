import { describe, expect, it } from "vitest";
import { moduleDefaults, moduleNames, moduleRegistry } from "./index.js";

describe("module registry", () => {
  it("holds the spec's 16 route segments and Raubzug", () => {
    expect(moduleNames).toEqual([
      "timer", "renamer", "command-scanner", "attack-planner-scanner", "relogin", "minter", "vpbuilder",
      "snobbuilder", "ressmover", "builder", "recruiter", "research", "templateassigner", "inventory",
      "simplefarm", "depot", "scavenge",
    ]);
    expect(moduleRegistry["command-scanner"].label).toBe("Auge");
    expect(moduleRegistry["attack-planner-scanner"].label).toBe("Offplaner Scanner");
    expect(moduleRegistry.simplefarm.label).toBe("SimpleFarmAssistant");
    expect(moduleRegistry.depot.label).toBe("Premium Depot");
    expect(moduleRegistry.scavenge.label).toBe("Raubzug");
  });

  it.each(moduleNames)("gives %s valid, disabled defaults that round-trip", (name) => {
    const defaults = moduleDefaults(name);
    expect(defaults).toMatchObject({ enabled: false });
    expect(moduleRegistry[name].schema.parse(JSON.parse(JSON.stringify(defaults)))).toEqual(defaults);
  });

  it("rejects out-of-range numbers with a German message", () => {
    const result = moduleRegistry["command-scanner"].schema.safeParse({ intervalSeconds: 5 });
    expect(result.error?.issues[0]?.message).toBe("Mindestens 30");
  });

  it("checks cross-field rules only where they matter", () => {
    const farm = moduleRegistry.simplefarm.schema.safeParse({ minPoints: 500, maxPoints: 100 });
    expect(farm.error?.issues[0]?.message).toBe("Minimum größer als Maximum");
    expect(moduleRegistry.builder.schema.safeParse({ enabled: true }).success).toBe(false);
    expect(moduleRegistry.builder.schema.safeParse({ enabled: false }).success).toBe(true);
    const mover = moduleRegistry.ressmover.schema.safeParse({ mode: "to_target" });
    expect(mover.error?.issues[0]?.path).toEqual(["targetVillageId"]);
  });

  it("validates timer clock times", () => {
    const bad = moduleRegistry.timer.schema.safeParse({ days: { mon: { from: "25:00" } } });
    expect(bad.error?.issues[0]?.message).toBe("Uhrzeit im Format HH:mm");
  });
});
