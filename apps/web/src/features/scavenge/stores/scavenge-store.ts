// Raubzug settings kept in the browser (localStorage): the settings of every village and, per world
// ("server/world": village ids belong to one world), each village's override. Whatever the browser kept
// is read field by field: a broken or older field falls back to its default. Logout forgets it all.
import { scavengeUnits } from "@dsbot/protocol";
import { z } from "zod";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { useSession } from "@/lib/session";
import { defaultScavengeSettings as defaults, MAX_MINUTES_LIMIT, noKeep, scavengeOptionIds, type ScavengeSettings, type VillageOverride } from "../lib/scavenge-settings";

export const SCAVENGE_STORAGE_KEY = "dsbot-scavenge";
export const SCAVENGE_STORAGE_VERSION = 1;

type Overrides = Record<string, Record<string, VillageOverride>>;

interface ScavengeState {
  settings: ScavengeSettings;
  overrides: Overrides;
  update: (patch: Partial<ScavengeSettings>) => void;
  /** Settings back to the defaults; the villages' overrides stay. */
  reset: () => void;
  /** A village's override (undefined or one without fields: the village follows the settings). */
  setOverride: (world: string, villageId: number, override: VillageOverride | undefined) => void;
}

const optionIds = z.array(z.number()).transform((ids) => scavengeOptionIds.filter((id) => ids.includes(id)));
const count = z.number().int().min(0).max(10_000_000);
const keepSchema = z.object({
  counts: z
    .record(z.string(), z.unknown())
    .transform((counts) => Object.fromEntries(scavengeUnits.flatMap((u) => (count.safeParse(counts[u]).success ? [[u, counts[u] as number]] : []))))
    .catch({}),
  share: z.number().min(0).max(100).catch(0),
});
/** A broken field of an override drops out: the village follows the settings there. */
const overrideSchema = z
  .object({ excluded: z.boolean().optional().catch(undefined), options: optionIds.optional().catch(undefined), keep: keepSchema.optional().catch(undefined) })
  .transform((override) => withoutUnset(override));
const persistedSchema = z
  .object({
    settings: z
      .object({
        measure: z.enum(["hour", "run"]).catch(defaults.measure),
        maxMinutes: z.number().int().min(1).max(MAX_MINUTES_LIMIT).catch(defaults.maxMinutes),
        options: optionIds.catch([...defaults.options]),
        keep: keepSchema.catch(noKeep),
      })
      .catch({ ...defaults }),
    overrides: z.record(z.string(), z.record(z.string(), overrideSchema.catch({}))).catch({}),
  })
  .catch({ settings: { ...defaults }, overrides: {} });

/** The override's fields that say something. */
function withoutUnset(override: VillageOverride): VillageOverride {
  return Object.fromEntries(Object.entries(override).filter(([, value]) => value !== undefined));
}

export const useScavengeStore = create<ScavengeState>()(
  persist(
    (set) => ({
      settings: { ...defaults },
      overrides: {},
      update: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
      reset: () => set({ settings: { ...defaults } }),
      setOverride: (world, villageId, override) =>
        set((state) => {
          const villages = { ...state.overrides[world] };
          const kept = override && withoutUnset(override);
          if (kept && Object.keys(kept).length > 0) villages[String(villageId)] = kept;
          else delete villages[String(villageId)];
          return { overrides: { ...state.overrides, [world]: villages } };
        }),
    }),
    {
      name: SCAVENGE_STORAGE_KEY,
      version: SCAVENGE_STORAGE_VERSION,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ settings, overrides }) => ({ settings, overrides }),
      merge: (persisted, current) => ({ ...current, ...(persistedSchema.parse(persisted ?? {}) as Pick<ScavengeState, "settings" | "overrides">) }),
    },
  ),
);

const noOverrides: Record<string, VillageOverride> = {};

/** The overrides of the villages of one world. */
export function useVillageOverrides(world: string): Record<string, VillageOverride> {
  return useScavengeStore((state) => state.overrides[world] ?? noOverrides);
}

// Logout clears user state: forget the in-memory copy too (the storage is cleared by the logout).
useSession.subscribe((state, previous) => {
  if (previous.user && !state.user) {
    useScavengeStore.setState({ settings: { ...defaults }, overrides: {} });
    useScavengeStore.persist.clearStorage();
  }
});
