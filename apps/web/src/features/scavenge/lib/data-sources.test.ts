import { describe, expect, it } from "vitest";
import { dataSources } from "./data-sources";

describe("data sources", () => {
  it("names the bots whose scans are read, whether pastes are among them, and the oldest and newest", () => {
    const rows = [
      { source: "bot" as const, playerName: "Zora", scannedAt: 300 },
      { source: "paste" as const, playerName: "Kalle", scannedAt: 100 },
      { source: "bot" as const, playerName: "Kalle", scannedAt: 200 },
      { source: "bot" as const, playerName: "Zora", scannedAt: 250 },
    ];
    expect(dataSources(rows)).toEqual({ bots: ["Kalle", "Zora"], pasted: true, oldest: 100, newest: 300 });
    expect(dataSources([])).toEqual({ bots: [], pasted: false, oldest: null, newest: null });
  });
});
