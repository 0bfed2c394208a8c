// Auge's log line against the sandbox's NPC attackers: the first look finds a scout a minute from landing.
import type { BotIncomingsReport } from "@dsbot/protocol";
import { NPC_FIRST_LANDING_MS } from "@dsbot/sandbox";
import { describe, expect, it } from "vitest";
import { commandScanSummary, createCommandScannerModule } from "./command-scanner.js";
import { MODULE_TEST_START, moduleTestContext } from "./module-test-context.js";

describe("Auge", () => {
  it("names the next arrival by its time on the world's clock, so a line read later stays true", async () => {
    const t = await moduleTestContext("command-scanner", {}, { world: { seed: 23, npcAggressors: true } });
    t.ctx.timeZone = "Europe/London";
    const reports: BotIncomingsReport[] = [];
    t.ctx.session.reportIncomings = (report) => reports.push(report);
    const auge = createCommandScannerModule();

    await auge.run(t.ctx);
    const first = reports.at(-1)!;
    expect(Math.min(...first.incomings.map((c) => c.arrivesAt))).toBe(MODULE_TEST_START + NPC_FIRST_LANDING_MS);
    // 12:01 in London (UTC in January): the scout, a minute away.
    expect(t.logs.at(-1)).toBe(`Auge: ${first.incomings.length} eingehende Angriffe · nächste Ankunft um 12:01:00 (in 1 min)`);

    // The scout has landed: the next line names the next command of the list, over an hour away.
    t.clock.advance(2 * 60_000);
    await auge.run(t.ctx);
    const next = Math.min(...reports.at(-1)!.incomings.map((c) => c.arrivesAt));
    expect(next - t.clock.now()).toBeGreaterThan(60 * 60_000);
    const minutes = Math.round((next - t.clock.now()) / 60_000);
    expect(t.logs.at(-1)).toMatch(new RegExp(`· nächste Ankunft um \\d\\d:\\d\\d:\\d\\d \\(in ${minutes} min\\)$`));
  });

  it("writes the time in the world's zone, Berlin where the server named none", () => {
    const at = Date.UTC(2026, 6, 1, 10, 30, 15);
    expect(commandScanSummary(1, 2, at, at - 95 * 60_000)).toBe("Auge: 1 eingehender Angriff · nächste Ankunft um 12:30:15 (in 95 min) · 2 ausgehende Befehle");
    expect(commandScanSummary(3, null, at, at, "Europe/London")).toBe("Auge: 3 eingehende Angriffe · nächste Ankunft um 11:30:15 (in 0 min)");
    expect(commandScanSummary(0, null, null, at)).toBe("Auge: 0 eingehende Angriffe");
  });
});
