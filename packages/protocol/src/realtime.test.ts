import { describe, expect, it } from "vitest";
import { botStatusReportSchema, normalizeUserCode, parseRealtimeMessage, realtimeMessageTypeNames, realtimeMessageTypes, runnerHelloSchema } from "./index.js";

describe("realtime messages", () => {
  it("knows the nine message types of the spec, attacks-updated for the attack table, the war room's two, the bot page's request budget and live log, and the tribe's three", () => {
    expect(realtimeMessageTypes).toHaveLength(17);
    expect(realtimeMessageTypes).toContain("bot-user-connection-created");
    expect(realtimeMessageTypes).toContain("attacks-updated");
    expect(realtimeMessageTypes).toContain("incomings-updated");
    expect(realtimeMessageTypes).toContain("troops-updated");
    expect(realtimeMessageTypes).toContain("bot-usage");
    expect(realtimeMessageTypes).toContain("bot-logs-updated");
    expect(realtimeMessageTypes).toContain("tribe-updated");
    expect(realtimeMessageTypes).toContain("tribe-board-updated");
    expect(realtimeMessageTypes).toContain("tribe-members-updated");
    // The plain list the web app's first page reads (no zod) names exactly the same types.
    expect([...realtimeMessageTypeNames].sort()).toEqual([...realtimeMessageTypes].sort());
  });

  it("parses a known message and drops unknown types or bad data", () => {
    const message = { type: "botUpdateStatus", data: { dsbot: { id: 3, status: "online", dsPlayer: { name: "Kalle" } } } };
    expect(parseRealtimeMessage(message)).toEqual(message);
    expect(parseRealtimeMessage({ type: "botUpdateStatus", data: { dsbot: { id: 3, status: "weg" } } })).toBeUndefined();
    expect(parseRealtimeMessage({ type: "somethingElse", data: {} })).toBeUndefined();
    expect(parseRealtimeMessage("[]")).toBeUndefined();
  });

  it("reads the flat bot status { id, status } as the wrapped one", () => {
    expect(parseRealtimeMessage({ type: "botUpdateStatus", data: { id: 3, status: "paused" } })).toEqual({ type: "botUpdateStatus", data: { dsbot: { id: 3, status: "paused" } } });
    expect(parseRealtimeMessage({ type: "botUpdateStatus", data: { id: 3, status: "weg" } })).toBeUndefined();
    expect(parseRealtimeMessage({ type: "botUpdateStatus", data: { status: "online" } })).toBeUndefined();
  });
});

describe("runner contract", () => {
  it("lets a bot report only online or paused", () => {
    expect(botStatusReportSchema.safeParse({ status: "online" }).success).toBe(true);
    expect(botStatusReportSchema.safeParse({ status: "offline" }).success).toBe(false);
  });

  it("bounds the hello", () => {
    expect(runnerHelloSchema.safeParse({ name: "PC", version: "1.0.0", bots: [1, 2] }).success).toBe(true);
    expect(runnerHelloSchema.safeParse({ name: "PC", version: "1.0.0", bots: [0] }).success).toBe(false);
  });

  it("normalises user codes typed in any form", () => {
    expect(normalizeUserCode("abcd efgh")).toBe("ABCD-EFGH");
    expect(normalizeUserCode("ABCDEFGH")).toBe("ABCD-EFGH");
    expect(normalizeUserCode("abc")).toBe("ABC");
  });
});
