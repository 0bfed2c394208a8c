// The timer's active hours and random breaks, on plain dates and a hand-made module context.
import { moduleDefaults, type ModuleConfig } from "@dsbot/protocol";
import { SandboxDriver, SandboxWorld } from "@dsbot/sandbox";
import { describe, expect, it } from "vitest";
import { createManualClock } from "../clock.js";
import { isActiveAt } from "./active-hours.js";
import type { ModuleContext } from "./module.js";
import { quietSession } from "./module-test-context.js";
import { createTimerModule } from "./timer.js";

const monday = (h: number, m = 0) => new Date(2026, 0, 5, h, m);

describe("active hours", () => {
  const days = moduleDefaults("timer").days;

  it("follows the day's window (07:00–23:30 by default)", () => {
    expect(isActiveAt(days, monday(6, 59))).toBe(false);
    expect(isActiveAt(days, monday(7, 0))).toBe(true);
    expect(isActiveAt(days, monday(23, 29))).toBe(true);
    expect(isActiveAt(days, monday(23, 30))).toBe(false);
  });

  it("handles windows past midnight and inactive days", () => {
    const night = { ...days, mon: { active: true, from: "22:00", to: "02:00" }, tue: { active: false, from: "07:00", to: "23:30" } };
    expect(isActiveAt(night, monday(23))).toBe(true);
    expect(isActiveAt(night, monday(1))).toBe(true);
    expect(isActiveAt(night, monday(12))).toBe(false);
    expect(isActiveAt(night, new Date(2026, 0, 6, 12))).toBe(false);
  });
});

describe("timer breaks", () => {
  it("takes a break after the planned working time and works again after it, logging each change once", async () => {
    const clock = createManualClock(monday(12).getTime());
    const logs: string[] = [];
    const config: ModuleConfig<"timer"> = {
      ...moduleDefaults("timer"),
      enabled: true,
      breaks: { enabled: true, everyMinutesMin: 60, everyMinutesMax: 60, lengthMinutesMin: 10, lengthMinutesMax: 10 },
    };
    const world = new SandboxWorld({ seed: 1, realNow: clock.now });
    const ctx: ModuleContext<"timer"> = {
      config,
      driver: new SandboxDriver(world, { playerName: "Timo", password: "pw" }),
      now: clock.now,
      random: () => 0,
      log: (_level, message) => logs.push(message),
      session: quietSession(),
    };
    const timer = createTimerModule();
    const at = async (minutes: number) => {
      clock.advance(minutes * 60_000);
      return timer.run(ctx);
    };
    expect(await at(0)).toBe("continue");
    expect(await at(59)).toBe("continue");
    expect(await at(1)).toBe("halt");
    expect(await at(9)).toBe("halt");
    expect(await at(1)).toBe("continue");
    expect(logs).toEqual(["Timer: aktive Zeit, der Bot arbeitet", "Timer: zufällige Pause für 10 Minuten", "Timer: aktive Zeit, der Bot arbeitet"]);
  });
});
