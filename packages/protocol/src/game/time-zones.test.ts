// Each market's server time zone, and the check of an admin's correction.
import { describe, expect, it } from "vitest";
import { knownServers } from "../world.js";
import { DEFAULT_SERVER_TIME_ZONE, isTimeZone, marketTimeZone, timeZoneMessages, timeZoneSchema, worldTimeZone } from "./time-zones.js";

describe("market time zones", () => {
  it("every market dsbot knows has a zone Intl knows", () => {
    for (const server of knownServers) {
      const zone = marketTimeZone(server);
      expect(isTimeZone(zone), `${server}: ${zone}`).toBe(true);
    }
  });

  it("names the markets that are not on Berlin time, and falls back to Berlin for others", () => {
    expect(marketTimeZone("tribalwars.co.uk")).toBe("Europe/London");
    expect(marketTimeZone("tribalwars.net")).toBe("Europe/London");
    expect(marketTimeZone("tribalwars.com.br")).toBe("America/Sao_Paulo");
    expect(marketTimeZone("tribalwars.us")).toBe("America/New_York");
    expect(marketTimeZone("voyna-plemyon.ru")).toBe("Europe/Moscow");
    expect(marketTimeZone("die-staemme.de")).toBe("Europe/Berlin");
    expect(marketTimeZone("Die-Staemme.DE")).toBe("Europe/Berlin");
    expect(marketTimeZone("dsbot-demo.invalid")).toBe(DEFAULT_SERVER_TIME_ZONE);
  });

  it("an admin's correction wins over the market's zone", () => {
    expect(worldTimeZone({ server: "tribalwars.co.uk", timeZone: null })).toBe("Europe/London");
    expect(worldTimeZone({ server: "tribalwars.co.uk", timeZone: "Europe/Dublin" })).toBe("Europe/Dublin");
  });

  it("takes IANA names only and answers anything else in German", () => {
    expect(timeZoneSchema.parse(" Europe/London ")).toBe("Europe/London");
    expect(timeZoneSchema.parse("UTC")).toBe("UTC");
    for (const bad of ["", "europe/london", "Europe/Atlantis", "+01:00", "CET ", "Europe/London; DROP", "x".repeat(80)]) {
      const result = timeZoneSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(timeZoneMessages.unknown);
    }
  });
});
