// The request meter on a real sandbox driver: each game request counts, the local answers do not, a
// captcha answer counts as a check; requests leave after an hour, captchas after a day.
import { SandboxDriver, SandboxWorld } from "@dsbot/sandbox";
import { describe, expect, it } from "vitest";
import { createManualClock } from "./clock.js";
import { budgetGate, meteredDriver, RequestMeter } from "./request-meter.js";

describe("request meter", () => {
  it("counts game requests and captchas, and frees the budget as they leave the hour", async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 5, 12));
    const world = new SandboxWorld({ seed: 5, realNow: clock.now });
    const meter = new RequestMeter(clock.now, 3);
    const driver = meteredDriver(new SandboxDriver(world, { playerName: "Zähler", password: "pw" }), meter);
    const logs: string[] = [];
    const mayRun = budgetGate(meter, (_level, message) => logs.push(message), clock.now);

    world.injectFault("Zähler", "captcha", 5);
    expect((await driver.login()).ok).toBe(false);
    driver.now();
    driver.isLoggedIn();
    expect(meter.usage()).toEqual({ requestsLastHour: 1, budgetPerHour: 3, captchasLast24h: 1, throttled: false });
    clock.advance(10 * 60_000);
    expect((await driver.login()).ok).toBe(true);
    expect((await driver.getPlayer()).ok).toBe(true);
    expect(meter.usage()).toMatchObject({ requestsLastHour: 3, throttled: true });
    expect(mayRun("inventory")).toBe(false);
    expect(mayRun("relogin")).toBe(true);
    // The first request leaves the hour 50 minutes from now.
    expect(logs).toEqual(["Anfragebudget erreicht: 3 Anfragen in der letzten Stunde (Budget 3); die Module warten noch 50 min"]);
    clock.advance(50 * 60_000);
    expect(mayRun("inventory")).toBe(true);
    expect(logs[1]).toBe("Anfragebudget wieder frei: die Module laufen weiter");
    expect(meter.usage()).toMatchObject({ requestsLastHour: 2, captchasLast24h: 1 });
    clock.advance(24 * 3_600_000);
    expect(meter.usage()).toMatchObject({ requestsLastHour: 0, captchasLast24h: 0 });
  });
});
