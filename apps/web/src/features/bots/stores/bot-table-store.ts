// Bot table preferences (spec §2, §9): page, page size, search, sort, hidden columns and status
// filter, kept in the browser (localStorage) and resettable to the defaults.
import { botStatusFilterOrder, type BotStatus } from "@dsbot/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { BotListParams, BotSortBy } from "../api/types";

export const BOT_TABLE_STORAGE_KEY = "dsbot-bot-table";

export interface BotTablePrefs {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: BotSortBy;
  hiddenColumns: string[];
  statusFilter: BotStatus[];
}

export const botTableDefaults: BotTablePrefs = {
  activePage: 1,
  perPage: 5,
  searchVal: "",
  sortBy: "-updatedAt",
  hiddenColumns: [],
  statusFilter: [...botStatusFilterOrder],
};

interface BotTableState extends BotTablePrefs {
  setActivePage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSearchVal: (search: string) => void;
  setSortBy: (sortBy: BotSortBy) => void;
  setStatusFilter: (statuses: BotStatus[]) => void;
  toggleColumn: (id: string) => void;
  reset: () => void;
}

export const useBotTable = create<BotTableState>()(
  persist(
    (set) => ({
      ...botTableDefaults,
      setActivePage: (activePage) => set({ activePage }),
      setPerPage: (perPage) => set({ perPage, activePage: 1 }),
      setSearchVal: (searchVal) => set({ searchVal, activePage: 1 }),
      setSortBy: (sortBy) => set({ sortBy, activePage: 1 }),
      setStatusFilter: (statusFilter) => set({ statusFilter, activePage: 1 }),
      toggleColumn: (id) =>
        set((state) => ({
          hiddenColumns: state.hiddenColumns.includes(id) ? state.hiddenColumns.filter((c) => c !== id) : [...state.hiddenColumns, id],
        })),
      reset: () => set({ ...botTableDefaults, statusFilter: [...botStatusFilterOrder], hiddenColumns: [] }),
    }),
    {
      name: BOT_TABLE_STORAGE_KEY,
      version: 2,
      storage: createJSONStorage(() => window.localStorage),
      // Version 1 kept the untouched default in the old order (online, offline, paused, …).
      migrate: (persisted, version) => {
        const prefs = persisted as BotTablePrefs;
        const oldDefault = (persisted as Partial<BotTablePrefs>).statusFilter?.join() === "online,offline,paused,starting,stopping";
        return version < 2 && oldDefault ? { ...prefs, statusFilter: [...botStatusFilterOrder] } : prefs;
      },
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

/** The request parameters of the current preferences; an empty status filter means all five. */
export function botListParams(prefs: Pick<BotTablePrefs, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">): BotListParams {
  return {
    activePage: prefs.activePage,
    perPage: prefs.perPage,
    searchVal: prefs.searchVal.trim(),
    sortBy: prefs.sortBy,
    statusFilter: prefs.statusFilter.length > 0 ? prefs.statusFilter : [...botStatusFilterOrder],
  };
}
