// The settings kept in the browser: read back field by field (a broken field falls back alone), a
// village's override set and dropped, and everything forgotten at logout.
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "@/lib/session";
import { plainUser } from "@/test/fixtures";
import { defaultScavengeSettings } from "../lib/scavenge-settings";
import { SCAVENGE_STORAGE_KEY, SCAVENGE_STORAGE_VERSION, useScavengeStore } from "./scavenge-store";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  useScavengeStore.setState({ settings: { ...defaultScavengeSettings }, overrides: {} });
  window.localStorage.clear();
});

describe("Raubzug settings", () => {
  it("come back from the browser, a broken field as its default", async () => {
    const kept = {
      settings: { measure: "run", maxMinutes: "zwei", options: [4, 2, 9], keep: { counts: { spear: 100, ram: 5, axe: -3 }, share: 20 } },
      overrides: { "die-staemme.de/de231": { "17": { excluded: true }, "18": { options: [1], keep: "kaputt" } } },
    };
    window.localStorage.setItem(SCAVENGE_STORAGE_KEY, JSON.stringify({ state: kept, version: SCAVENGE_STORAGE_VERSION }));
    await useScavengeStore.persist.rehydrate();
    const { settings, overrides } = useScavengeStore.getState();
    expect(settings).toEqual({ measure: "run", maxMinutes: defaultScavengeSettings.maxMinutes, options: [2, 4], keep: { counts: { spear: 100 }, share: 20 } });
    expect(overrides["die-staemme.de/de231"]).toEqual({ "17": { excluded: true }, "18": { options: [1] } });
  });

  it("keep a village's override until it changes nothing, and forget everything at logout", () => {
    useSession.setState({ token: "t", user: plainUser });
    const { setOverride, update } = useScavengeStore.getState();
    update({ measure: "run" });
    setOverride("w", 17, { options: [1, 2], excluded: undefined });
    expect(useScavengeStore.getState().overrides).toEqual({ w: { "17": { options: [1, 2] } } });
    setOverride("w", 17, { excluded: undefined });
    expect(useScavengeStore.getState().overrides).toEqual({ w: {} });
    setOverride("w", 18, { excluded: true });
    expect(JSON.parse(window.localStorage.getItem(SCAVENGE_STORAGE_KEY) ?? "{}").state.overrides).toEqual({ w: { "18": { excluded: true } } });
    useSession.setState({ token: null, user: null });
    expect(useScavengeStore.getState()).toMatchObject({ settings: defaultScavengeSettings, overrides: {} });
    expect(window.localStorage.getItem(SCAVENGE_STORAGE_KEY)).toBeNull();
  });
});
