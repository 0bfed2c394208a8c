// The planner form's schema: defaults and German messages.
import { describe, expect, it } from "vitest";
import { plannerSettingsSchema } from "./planner-settings.js";

const window = { from: Date.UTC(2025, 11, 24, 17), to: Date.UTC(2025, 11, 24, 21) };

describe("plannerSettingsSchema", () => {
  it("fills the defaults", () => {
    expect(plannerSettingsSchema.parse({ window })).toEqual({
      window,
      counts: {},
      templates: {},
      algorithm: "nearest",
      seed: 1,
      avoidNightBonus: true,
      noblesFromUnknownVillages: false,
      useFreundschaft: true,
    });
  });

  it("compacts templates and refuses reversed or long windows and too many attacks in German", () => {
    const parsed = plannerSettingsSchema.safeParse({ window: { from: window.to, to: window.from }, counts: { attack: 101 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "window.to: Das Ende des Ankunftsfensters muss nach dem Anfang liegen.",
      "counts.attack: Je Ziel und Typ höchstens 100 Angriffe.",
    ]);
    const long = plannerSettingsSchema.safeParse({ window: { from: window.from, to: window.from + 32 * 86_400_000 } });
    expect(long.error?.issues[0]?.message).toBe("Das Ankunftsfenster darf höchstens 31 Tage lang sein.");
    expect(plannerSettingsSchema.parse({ window, templates: { fake: { ram: 1, spy: 0 } } }).templates).toEqual({ fake: { ram: 1 } });
  });

  it("answers wrong shapes in German", () => {
    const parsed = plannerSettingsSchema.safeParse({ counts: { raid: 1 }, algorithm: "fast", seed: -1, avoidNightBonus: "ja" });
    expect(parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "window: Eingabe erforderlich",
      "counts: Ungültiger Wert",
      "algorithm: Ungültiger Wert",
      "seed: Bitte gib eine gültige Zahl ein",
      "avoidNightBonus: Ungültiger Wert",
    ]);
    expect(plannerSettingsSchema.safeParse(null).error?.issues[0]?.message).toBe("Ungültiger Wert");
  });
});
