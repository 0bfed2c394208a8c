// The kept state: versioned key, broken or older stored fields fall back per field, reset keeps the
// text, logout forgets everything.
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "@/lib/session";
import { plainUser } from "@/test/fixtures";
import { defaultCoordsFilterSettings } from "../lib/filter-settings";
import { COORDS_FILTER_STORAGE_KEY, COORDS_FILTER_STORAGE_VERSION, useCoordsFilterStore } from "./coords-filter-store";

afterEach(() => {
  useCoordsFilterStore.setState({ text: "", settings: { ...defaultCoordsFilterSettings } });
  useSession.setState({ token: null, user: null });
});

const stored = () => JSON.parse(window.localStorage.getItem(COORDS_FILTER_STORAGE_KEY) ?? "null") as { version: number; state: unknown } | null;

describe("useCoordsFilterStore", () => {
  it("keeps text and settings under a versioned key", () => {
    useCoordsFilterStore.getState().setText("500|500");
    useCoordsFilterStore.getState().update({ limit: 3, continents: ["K55"] });
    expect(stored()).toEqual({
      version: COORDS_FILTER_STORAGE_VERSION,
      state: { text: "500|500", settings: { ...defaultCoordsFilterSettings, limit: 3, continents: ["K55"] } },
    });
  });

  it("reads back what it kept and replaces broken fields by their defaults", async () => {
    window.localStorage.setItem(
      COORDS_FILTER_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { text: "1|2", settings: { ownerMode: "unknown", limit: 5, seed: "x", format: "bbcode", continents: "K1" } } }),
    );
    await useCoordsFilterStore.persist.rehydrate();
    const { text, settings } = useCoordsFilterStore.getState();
    expect(text).toBe("1|2");
    expect(settings).toEqual({ ...defaultCoordsFilterSettings, limit: 5, format: "bbcode" });

    window.localStorage.setItem(COORDS_FILTER_STORAGE_KEY, JSON.stringify({ version: 1, state: 42 }));
    await useCoordsFilterStore.persist.rehydrate();
    expect(useCoordsFilterStore.getState().settings).toEqual(defaultCoordsFilterSettings);
  });

  it("resets the settings but not the text; re-rolling changes the seed", () => {
    const store = useCoordsFilterStore.getState();
    store.setText("Ziel 500|500");
    store.update({ ownerMode: "barbarians", dedupe: false });
    store.reroll();
    expect(useCoordsFilterStore.getState().settings.seed).not.toBe(defaultCoordsFilterSettings.seed);
    useCoordsFilterStore.getState().reset();
    expect(useCoordsFilterStore.getState()).toMatchObject({ text: "Ziel 500|500", settings: defaultCoordsFilterSettings });
  });

  it("forgets text and settings on logout", () => {
    useSession.setState({ token: "t", user: plainUser });
    useCoordsFilterStore.getState().setText("500|500");
    useSession.setState({ token: null, user: null });
    expect(useCoordsFilterStore.getState().text).toBe("");
    expect(window.localStorage.getItem(COORDS_FILTER_STORAGE_KEY)).toBeNull();
  });
});
