import { describe, expect, it } from "vitest";
import { gameConfigDefaults } from "../game/game-config.js";
import { vpbuilderMessages, vpbuilderUnavailable } from "./vpbuilder.js";

describe("VP-Builder and the world's nobles", () => {
  it("is unavailable where the world's config says coins, with a German reason", () => {
    expect(vpbuilderUnavailable({ snob: { ...gameConfigDefaults.snob, gold: 1 } })).toBe(vpbuilderMessages.noPackages);
    expect(vpbuilderMessages.noPackages).toContain("keine Ressourcenpakete");
  });

  it("is available on package worlds and where the world's config is unknown", () => {
    expect(vpbuilderUnavailable({ snob: { ...gameConfigDefaults.snob, gold: 0 } })).toBeNull();
    expect(vpbuilderUnavailable(null)).toBeNull();
    expect(vpbuilderUnavailable(undefined)).toBeNull();
  });
});
