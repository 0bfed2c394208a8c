// Koordinaten Filter state kept in the browser (localStorage): the pasted text and every setting, so
// a reload or a later visit finds the page as it was left. "Zurücksetzen" resets the settings and
// keeps the text. Logout forgets both (another user may sit at this browser next).
import { create } from "zustand";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { z } from "zod";
import { useSession } from "@/lib/session";
import { defaultCoordsFilterSettings as defaults, outputFormats, ownerModes, type CoordsFilterSettings } from "../lib/filter-settings";
import { nextSeed } from "../lib/random-pick";

export const COORDS_FILTER_STORAGE_KEY = "dsbot-coords-filter";
export const COORDS_FILTER_STORAGE_VERSION = 1;

interface CoordsFilterState {
  text: string;
  settings: CoordsFilterSettings;
  setText: (text: string) => void;
  update: (patch: Partial<CoordsFilterSettings>) => void;
  reroll: () => void;
  /** Settings back to the defaults; the text stays. */
  reset: () => void;
}

const nullableNumber = z.number().nullable().catch(null);
const names = z.array(z.string()).catch([]);
/** Whatever the browser kept, field by field: a broken or older field falls back to its default. */
const persistedSchema = z.object({
  text: z.string().catch(""),
  settings: z
    .object({
      ownerMode: z.enum(ownerModes).catch(defaults.ownerMode),
      ownerPlayers: names,
      ownerAllies: names,
      pointsMin: nullableNumber,
      pointsMax: nullableNumber,
      continents: names,
      centre: z.string().catch(defaults.centre),
      radius: nullableNumber,
      dedupe: z.boolean().catch(defaults.dedupe),
      limit: nullableNumber,
      randomCount: nullableNumber,
      seed: z.number().nullable().catch(defaults.seed),
      format: z.enum(outputFormats).catch(defaults.format),
    })
    .catch({ ...defaults }),
}).catch({ text: "", settings: { ...defaults } });

/** localStorage that never throws: a full storage costs persistence, not the page. */
const safeLocalStorage: StateStorage = {
  getItem: (name) => window.localStorage.getItem(name),
  setItem: (name, value) => {
    try {
      window.localStorage.setItem(name, value);
    } catch (error) {
      console.warn("[coords-filter] could not keep the settings", error);
    }
  },
  removeItem: (name) => window.localStorage.removeItem(name),
};

export const useCoordsFilterStore = create<CoordsFilterState>()(
  persist(
    (set) => ({
      text: "",
      settings: { ...defaults },
      setText: (text) => set({ text }),
      update: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
      reroll: () => set((state) => ({ settings: { ...state.settings, seed: nextSeed(state.settings.seed ?? 0) } })),
      reset: () => set({ settings: { ...defaults } }),
    }),
    {
      name: COORDS_FILTER_STORAGE_KEY,
      version: COORDS_FILTER_STORAGE_VERSION,
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: ({ text, settings }) => ({ text, settings }),
      merge: (persisted, current) => ({ ...current, ...persistedSchema.parse(persisted ?? {}) }),
    },
  ),
);

// Logout clears user state: forget the in-memory copy too (the storage is cleared by endSession).
useSession.subscribe((state, previous) => {
  if (previous.user && !state.user) {
    useCoordsFilterStore.setState({ text: "", settings: { ...defaults } });
    useCoordsFilterStore.persist.clearStorage();
  }
});
