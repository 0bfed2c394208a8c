// The map's choices kept in the browser (zustand persist): colour marks, the last view and the attack
// plan whose lines are shown, per world (player, tribe and plan ids belong to one world), and whether
// the legend is open.
import type { World } from "@dsbot/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { storageKeys } from "@/lib/storage";
import type { MapMark, MarkKind } from "../lib/classify";
import { MAX_MARKS } from "../lib/classify";
import type { MapView } from "../lib/view";

export const worldKey = (world: World) => `${world.server}/${world.world}`;

const NO_MARKS: readonly MapMark[] = [];

interface MapState {
  marks: Record<string, MapMark[]>;
  views: Record<string, MapView>;
  /** The attack plan shown on each world (no entry: "Kein Plan"). */
  plans: Record<string, number>;
  /** null: not chosen yet (open on wide screens, closed on phones). */
  legendOpen: boolean | null;
  addMark: (world: string, mark: MapMark) => void;
  removeMark: (world: string, kind: MarkKind, id: number) => void;
  setMarkColor: (world: string, kind: MarkKind, id: number, color: string) => void;
  setView: (world: string, view: MapView) => void;
  /** null hides the plan's lines. */
  setPlan: (world: string, planId: number | null) => void;
  setLegendOpen: (open: boolean) => void;
}

const same = (kind: MarkKind, id: number) => (m: MapMark) => m.kind === kind && m.id === id;

export const useMapStore = create<MapState>()(
  persist(
    (set) => ({
      marks: {},
      views: {},
      plans: {},
      legendOpen: null,
      addMark: (world, mark) =>
        set((s) => {
          const current = s.marks[world] ?? [];
          if (current.some(same(mark.kind, mark.id)) || current.length >= MAX_MARKS) return s;
          return { marks: { ...s.marks, [world]: [...current, mark] } };
        }),
      removeMark: (world, kind, id) =>
        set((s) => ({ marks: { ...s.marks, [world]: (s.marks[world] ?? []).filter((m) => !same(kind, id)(m)) } })),
      setMarkColor: (world, kind, id, color) =>
        set((s) => ({ marks: { ...s.marks, [world]: (s.marks[world] ?? []).map((m) => (same(kind, id)(m) ? { ...m, color } : m)) } })),
      setView: (world, view) => set((s) => ({ views: { ...s.views, [world]: view } })),
      setPlan: (world, planId) =>
        set((s) => {
          const plans = { ...s.plans };
          if (planId === null) delete plans[world];
          else plans[world] = planId;
          return { plans };
        }),
      setLegendOpen: (open) => set({ legendOpen: open }),
    }),
    { name: storageKeys.map, storage: createJSONStorage(() => window.localStorage), version: 1 },
  ),
);

/** The marks of one world (a stable empty array when there are none). */
export function useWorldMarks(world: string): readonly MapMark[] {
  return useMapStore((s) => s.marks[world] ?? NO_MARKS);
}

/** The attack plan chosen for one world, or null. */
export function useWorldPlan(world: string): number | null {
  return useMapStore((s) => s.plans[world] ?? null);
}
