import { describe, expect, it } from "vitest";
import { formatCountdown, formatGameTime, formatUnits } from "./format";

describe("formats", () => {
  it("counts down in hours, minutes and seconds", () => {
    expect(formatCountdown(42_900)).toBe("0:00:42");
    expect(formatCountdown(3_725_000)).toBe("1:02:05");
    expect(formatCountdown(-5_000)).toBe("0:00:05");
  });

  it("names units in the game's order with their German labels", () => {
    expect(formatUnits({ ram: 5, axe: 100, spy: 0 }, "keine")).toBe("100 Axtkämpfer, 5 Rammbock");
    expect(formatUnits({}, "keine Einheiten")).toBe("keine Einheiten");
  });

  it("shows the game's clock of the market", () => {
    expect(formatGameTime(Date.UTC(2026, 0, 5, 9, 30, 0, 7), "die-staemme.de")).toBe("05.01.26 10:30:00:007");
  });
});
