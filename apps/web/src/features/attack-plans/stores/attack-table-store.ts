// Attack table preferences (spec §2, §9): page, page size, search, sort, hidden columns (and the status
// filter), kept in the browser (localStorage) and resettable to the defaults: page 1, 10 rows, empty
// search, sendTime ascending, no hidden columns.
import { attackStatuses, type AttackStatus } from "@dsbot/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { AttackListParams, AttackSortBy } from "../api/keys";

export const ATTACK_TABLE_STORAGE_KEY = "dsbot-attack-table";

export interface AttackTablePrefs {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: AttackSortBy;
  hiddenColumns: string[];
  statusFilter: AttackStatus[];
}

export const attackTableDefaults: AttackTablePrefs = {
  activePage: 1,
  perPage: 10,
  searchVal: "",
  sortBy: "sendTime",
  hiddenColumns: [],
  statusFilter: [...attackStatuses],
};

interface AttackTableState extends AttackTablePrefs {
  setActivePage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSearchVal: (search: string) => void;
  setSortBy: (sortBy: AttackSortBy) => void;
  setStatusFilter: (statuses: AttackStatus[]) => void;
  toggleColumn: (id: string) => void;
  reset: () => void;
}

export const useAttackTable = create<AttackTableState>()(
  persist(
    (set) => ({
      ...attackTableDefaults,
      setActivePage: (activePage) => set({ activePage }),
      setPerPage: (perPage) => set({ perPage, activePage: 1 }),
      setSearchVal: (searchVal) => set({ searchVal, activePage: 1 }),
      setSortBy: (sortBy) => set({ sortBy, activePage: 1 }),
      setStatusFilter: (statusFilter) => set({ statusFilter, activePage: 1 }),
      toggleColumn: (id) =>
        set((state) => ({
          hiddenColumns: state.hiddenColumns.includes(id) ? state.hiddenColumns.filter((c) => c !== id) : [...state.hiddenColumns, id],
        })),
      reset: () => set({ ...attackTableDefaults, hiddenColumns: [], statusFilter: [...attackStatuses] }),
    }),
    {
      name: ATTACK_TABLE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ activePage, perPage, searchVal, sortBy, hiddenColumns, statusFilter }) => ({
        activePage,
        perPage,
        searchVal,
        sortBy,
        hiddenColumns,
        statusFilter,
      }),
    },
  ),
);

/** The request parameters of the preferences; an empty status filter means every status. */
export function attackListParams(prefs: Pick<AttackTablePrefs, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">): AttackListParams {
  return {
    activePage: prefs.activePage,
    perPage: prefs.perPage,
    searchVal: prefs.searchVal.trim(),
    sortBy: prefs.sortBy,
    statusFilter: prefs.statusFilter.length > 0 ? prefs.statusFilter : [...attackStatuses],
  };
}
