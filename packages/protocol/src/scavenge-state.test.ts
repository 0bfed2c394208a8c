import { describe, expect, it } from "vitest";
import { SOCKET_MESSAGE_MAX_BYTES } from "./realtime-client.js";
import { botScavengeReportSchema, SCAVENGE_HAUL_MAX, SCAVENGE_REPORT_MAX_VILLAGES, type BotScavengeReport } from "./scavenge-state.js";
import { TROOPS_SCANNED_AT_MAX } from "./troops.js";

describe("bot:scavenge report", () => {
  it("the largest report it allows fits one socket message", () => {
    const until = TROOPS_SCANNED_AT_MAX;
    const report: BotScavengeReport = {
      scannedAt: until,
      villages: Array.from({ length: SCAVENGE_REPORT_MAX_VILLAGES }, (_, i) => ({
        villageId: 2_147_483_647 - i,
        options: ([1, 2, 3, 4] as const).map((option) => ({ option, state: "unlocking" as const, until, haul: SCAVENGE_HAUL_MAX })),
      })),
    };
    expect(botScavengeReportSchema.safeParse(report).success).toBe(true);
    // ASCII only: its length is its size in bytes.
    expect(JSON.stringify(report).length).toBeLessThan(SOCKET_MESSAGE_MAX_BYTES - 1024);
    const over = { ...report, villages: [...report.villages, { villageId: 1, options: [] }] };
    expect(botScavengeReportSchema.safeParse(over).success).toBe(false);
  });

  it("refuses an option twice in a village, a village twice and an option beyond 4", () => {
    const base = { scannedAt: Date.UTC(2026, 0, 1) };
    const free = { option: 1, state: "free", until: null, haul: null };
    expect(botScavengeReportSchema.safeParse({ ...base, villages: [{ villageId: 7, options: [free, free] }] }).success).toBe(false);
    expect(botScavengeReportSchema.safeParse({ ...base, villages: [{ villageId: 7, options: [free] }, { villageId: 7, options: [] }] }).success).toBe(false);
    expect(botScavengeReportSchema.safeParse({ ...base, villages: [{ villageId: 7, options: [{ ...free, option: 5 }] }] }).success).toBe(false);
    expect(botScavengeReportSchema.safeParse({ ...base, villages: [{ villageId: 7, options: [free] }] }).success).toBe(true);
  });
});
