import { describe, expect, it } from "vitest";
import { rallyPointUrl } from "./game/links.js";
import { parseGamePage, userscriptMatches, userscriptOverviewQuerySchema } from "./userscript.js";
import { knownServers } from "./world.js";

describe("the game pages the userscript reads", () => {
  it("reads world, village, screen and target from a rally point link as the app builds it", () => {
    const url = rallyPointUrl({ server: "die-staemme.de", world: "de231" }, 123, 456, { axe: 100 });
    expect(parseGamePage(url)).toEqual({ world: { server: "die-staemme.de", world: "de231" }, villageId: 123, screen: "place", targetVillageId: 456 });
  });

  it("works on every market and leaves out what is no id", () => {
    expect(parseGamePage("https://en140.tribalwars.co.uk/game.php?screen=overview&village=x")).toEqual({
      world: { server: "tribalwars.co.uk", world: "en140" },
      villageId: null,
      screen: "overview",
      targetVillageId: null,
    });
    expect(parseGamePage("https://de231.die-staemme.de/game.php?village=0&target=99999999999")).toMatchObject({ villageId: null, targetVillageId: null });
  });

  it("is nothing off the game's pages", () => {
    expect(parseGamePage("https://de231.die-staemme.de/page.php?page=logout")).toBeNull();
    expect(parseGamePage("https://die-staemme.de/game.php")).toBeNull();
    expect(parseGamePage("kein Link")).toBeNull();
  });

  it("matches game.php on every known market", () => {
    expect(userscriptMatches).toHaveLength(knownServers.length);
    expect(userscriptMatches).toContain("https://*.die-staemme.de/game.php*");
  });

  it("takes the world the page is on and an optional village", () => {
    expect(userscriptOverviewQuerySchema.parse({ server: "die-staemme.de", world: "de231", village: "12" })).toEqual({ server: "die-staemme.de", world: "de231", village: 12 });
    expect(userscriptOverviewQuerySchema.safeParse({ server: "die-staemme.de", world: "de231", village: "-1" }).success).toBe(false);
  });
});
