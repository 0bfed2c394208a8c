import { beforeEach, describe, expect, it } from "vitest";
import { storageKeys } from "@/lib/storage";
import { useMapStore, worldKey } from "./map-store";

const key = worldKey({ server: "die-staemme.de", world: "de230" });

beforeEach(() => useMapStore.setState({ marks: {}, views: {}, legendOpen: null }));

describe("map choices", () => {
  it("keeps marks per world, once each, recoloured and removed by kind and id", () => {
    const store = useMapStore.getState();
    store.addMark(key, { kind: "player", id: 5, label: "Anna", color: "#ff0000" });
    store.addMark(key, { kind: "player", id: 5, label: "Anna", color: "#00ff00" });
    store.addMark(key, { kind: "ally", id: 5, label: "S5", color: "#0000ff" });
    store.addMark("die-staemme.de/de231", { kind: "player", id: 5, label: "Anna", color: "#ffffff" });
    store.setMarkColor(key, "ally", 5, "#123456");
    expect(useMapStore.getState().marks[key]).toEqual([
      { kind: "player", id: 5, label: "Anna", color: "#ff0000" },
      { kind: "ally", id: 5, label: "S5", color: "#123456" },
    ]);
    store.removeMark(key, "player", 5);
    expect(useMapStore.getState().marks[key]).toEqual([{ kind: "ally", id: 5, label: "S5", color: "#123456" }]);
    expect(useMapStore.getState().marks["die-staemme.de/de231"]).toHaveLength(1);
  });

  it("is kept in the browser with the last view", () => {
    useMapStore.getState().setView(key, { cx: 1, cy: 2, scale: 3 });
    const stored = JSON.parse(window.localStorage.getItem(storageKeys.map) ?? "{}") as { state: { views: Record<string, unknown> } };
    expect(stored.state.views[key]).toEqual({ cx: 1, cy: 2, scale: 3 });
  });
});
