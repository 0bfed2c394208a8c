// Game links on the user's world and server.
import { describe, expect, it } from "vitest";
import { allyInfoUrl, playerInfoUrl, rallyPointUrl, villageInfoUrl } from "./links.js";

const world = { server: "die-staemme.de", world: "de230" };

describe("game links", () => {
  it("village, player and tribe info", () => {
    expect(villageInfoUrl(world, 12345)).toBe("https://de230.die-staemme.de/game.php?screen=info_village&id=12345");
    expect(playerInfoUrl(world, 987)).toBe("https://de230.die-staemme.de/game.php?screen=info_player&id=987");
    expect(allyInfoUrl({ server: "plemiona.pl", world: "pl170" }, 42)).toBe("https://pl170.plemiona.pl/game.php?screen=info_ally&id=42");
  });

  it("rally point with the units of count > 0 in the game's order", () => {
    expect(rallyPointUrl(world, 111, 222, { snob: 1, axe: 6000, spear: 0, light: 3000, ram: -5 })).toBe(
      "https://de230.die-staemme.de/game.php?village=111&screen=place&target=222&axe=6000&light=3000&snob=1",
    );
    expect(rallyPointUrl(world, 111, 222, { spear: 10 })).toBe("https://de230.die-staemme.de/game.php?village=111&screen=place&target=222&spear=10");
    expect(rallyPointUrl(world, 111, 222)).toBe("https://de230.die-staemme.de/game.php?village=111&screen=place&target=222");
  });

  it("refuses ids and counts that are not whole numbers", () => {
    expect(() => villageInfoUrl(world, 0)).toThrow(RangeError);
    expect(() => playerInfoUrl(world, 1.5)).toThrow(RangeError);
    expect(() => rallyPointUrl(world, 1, Number.NaN)).toThrow(RangeError);
    expect(() => rallyPointUrl(world, 1, 2, { axe: 2.5 })).toThrow(RangeError);
  });
});
