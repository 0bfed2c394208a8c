// The Truppen CSV: a village or player name that starts like a formula (names come from the game or a
// shared bot) is written as inert text; counts stay numbers.
import type { TroopRow } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { troopsCsv } from "./troop-export";

const row = (name: string, playerName: string): TroopRow => ({
  villageId: 1,
  name,
  coordinates: "500|500",
  playerName,
  source: "bot",
  dsbotId: 1,
  scannedAt: Date.UTC(2026, 0, 5),
  own: { spear: 10 },
  inVillage: null,
  outside: null,
  onTheWay: null,
  total: { spear: 10 },
  population: 10,
  offPopulation: 0,
  defPopulation: 10,
  class: "def",
});

describe("troopsCsv", () => {
  it("writes a name like =HYPERLINK(…) as quoted text with a quote in front, never as a formula", () => {
    const csv = troopsCsv([row('=HYPERLINK("http://x")', "@Spieler")], ["spear"], "own");
    const [, line] = csv.split("\r\n");
    expect(line).toBe(`"'=HYPERLINK(""http://x"")";500|500;"'@Spieler";10;10;Def`);
  });
});
