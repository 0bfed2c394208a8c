import { describe, expect, it } from "vitest";
import { formatDate, formatDateLong } from "./dates";

describe("date formats", () => {
  const date = new Date(2025, 2, 7, 9, 5);

  it("formats DD.MM.YY HH:mm by default", () => {
    expect(formatDate(date)).toBe("07.03.25 09:05");
  });

  it("formats DD.MM.YYYY HH:mm for long dates", () => {
    expect(formatDateLong(date)).toBe("07.03.2025 09:05");
  });

  it("shows a dash for missing or invalid values", () => {
    expect(formatDate(null)).toBe("–");
    expect(formatDate("not a date")).toBe("–");
  });
});
