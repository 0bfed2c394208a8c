import { describe, expect, it } from "vitest";
import { makeBot } from "@/test/bot-fixtures";
import { adminUser, plainUser } from "@/test/fixtures";
import { ownBots, ownPlayerIds } from "./own-players";

const de231 = { server: "die-staemme.de", world: "de231" };
const bots = [
  makeBot({ id: 1, ownerId: plainUser.id, dsPlayer: { name: "Kalle" }, world: de231 }),
  makeBot({ id: 2, ownerId: 99, dsPlayer: { name: "Zora" }, world: de231 }),
  makeBot({ id: 3, ownerId: plainUser.id, dsPlayer: { name: "Bruno" }, world: { server: "die-staemme.de", world: "de230" } }),
];

describe("own players", () => {
  it("are the players of the bots on the user's world; for an admin only the bots they own", () => {
    expect(ownBots(bots, plainUser).map((b) => b.id)).toEqual([1, 2]);
    expect(ownBots(bots, { ...adminUser, world: de231 }).map((b) => b.id)).toEqual([]);
    expect(ownBots(bots, { ...adminUser, id: 99, world: de231 }).map((b) => b.id)).toEqual([2]);
  });

  it("are found by name in the world's players, unknown names skipped", () => {
    const players: Record<string, { id: number; name: string; allyId: number; points: number }> = { kalle: { id: 7, name: "Kalle", allyId: 0, points: 1 } };
    expect(ownPlayerIds(bots, { playerByName: (name) => players[name.toLowerCase()] })).toEqual(new Set([7]));
  });
});
