import { describe, expect, it } from "vitest";
import { returnTimeText } from "./return-time";

describe("return time", () => {
  // 27.11.2026 22:30:00 in Berlin (UTC+1), 16:30:00 in New York.
  const now = Date.UTC(2026, 10, 27, 21, 30, 0);

  it("is the time of day in the world's server time, not the browser's", () => {
    expect(returnTimeText(now, 3_661.4, "Europe/Berlin")).toBe("23:31:01");
    expect(returnTimeText(now, 3_661.4, "America/New_York")).toBe("17:31:01");
  });

  it("names the day once the squad is back after midnight (server time)", () => {
    expect(returnTimeText(now, 2 * 3_600, "Europe/Berlin")).toBe("28.11. 00:30:00");
    expect(returnTimeText(now, 2 * 3_600, "America/New_York")).toBe("18:30:00");
  });
});
