import { afterEach, describe, expect, it } from "vitest";
import { adminUser } from "@/test/fixtures";
import { signIn } from "@/test/render-app";
import { useSession } from "./session";
import { dateDisplayZone, formatDate, formatDateLong } from "./dates";

describe("date formats", () => {
  // 09:05 in Berlin (CET) on 7 March 2025, whatever the zone these tests run in.
  const date = new Date(Date.UTC(2025, 2, 7, 8, 5));

  afterEach(() => useSession.setState({ user: null, token: null }));

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

  it("shows the server time of the signed-in user's world, not the browser's zone", () => {
    signIn({ ...adminUser, world: { server: "tribalwars.co.uk", world: "uk80" }, timeZone: "Europe/London" });
    expect(dateDisplayZone()).toBe("Europe/London");
    expect(formatDate(date)).toBe("07.03.25 08:05");
    signIn({ ...adminUser, timeZone: "Europe/Berlin" });
    expect(formatDate("2025-07-01T22:30:00Z")).toBe("02.07.25 00:30");
  });
});
