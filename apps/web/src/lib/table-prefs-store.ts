// The preferences of a server-paged table kept in the browser: page, page size, search,
// sort, hidden columns and a status filter, each setter back to page 1 where the rows change, and a
// reset to the table's defaults. The bot table and the attack table are two stores of this factory;
// their state is the state useServerTable takes.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface TablePrefs<Sort extends string, Status extends string> {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: Sort;
  hiddenColumns: string[];
  statusFilter: Status[];
}

export interface TablePrefsState<Sort extends string, Status extends string> extends TablePrefs<Sort, Status> {
  setActivePage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSearchVal: (search: string) => void;
  setSortBy: (sortBy: Sort) => void;
  setStatusFilter: (statuses: Status[]) => void;
  toggleColumn: (id: string) => void;
  reset: () => void;
}

/** A new default status filter: kept preferences older than `before` with the old default take the new one. */
export interface StatusFilterDefaultChange<Status extends string> {
  before: number;
  /** Whether a kept filter is the old default (never touched); a filter the user chose stays. */
  wasDefault: (filter: readonly Status[]) => boolean;
}

interface TablePrefsOptions<Sort extends string, Status extends string> {
  /** The localStorage key. */
  name: string;
  version: number;
  defaults: TablePrefs<Sort, Status>;
  statusFilterDefaultChange?: StatusFilterDefaultChange<Status>;
}

/** Kept preferences of an older version, brought to this one: the defaults under them, the new default filter where it changed. */
export function migrateTablePrefs<Sort extends string, Status extends string>(
  defaults: TablePrefs<Sort, Status>,
  change: StatusFilterDefaultChange<Status> | undefined,
): (persisted: unknown, version: number) => TablePrefs<Sort, Status> {
  return (persisted, version) => {
    const prefs = { ...defaults, ...(persisted as Partial<TablePrefs<Sort, Status>> | null) };
    if (change && version < change.before && change.wasDefault(prefs.statusFilter)) prefs.statusFilter = [...defaults.statusFilter];
    return prefs;
  };
}

export function createTablePrefsStore<Sort extends string, Status extends string>({ name, version, defaults, statusFilterDefaultChange }: TablePrefsOptions<Sort, Status>) {
  // Fresh arrays each time, so no store ever shares (or mutates) the defaults' arrays.
  const initial = (): TablePrefs<Sort, Status> => ({ ...defaults, hiddenColumns: [...defaults.hiddenColumns], statusFilter: [...defaults.statusFilter] });
  return create<TablePrefsState<Sort, Status>>()(
    persist(
      (set) => ({
        ...initial(),
        setActivePage: (activePage) => set({ activePage }),
        setPerPage: (perPage) => set({ perPage, activePage: 1 }),
        setSearchVal: (searchVal) => set({ searchVal, activePage: 1 }),
        setSortBy: (sortBy) => set({ sortBy, activePage: 1 }),
        setStatusFilter: (statusFilter) => set({ statusFilter, activePage: 1 }),
        toggleColumn: (id) =>
          set((state) => ({
            hiddenColumns: state.hiddenColumns.includes(id) ? state.hiddenColumns.filter((c) => c !== id) : [...state.hiddenColumns, id],
          })),
        reset: () => set(initial()),
      }),
      {
        name,
        version,
        storage: createJSONStorage(() => window.localStorage),
        migrate: migrateTablePrefs(defaults, statusFilterDefaultChange),
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
}

/** The list request's parameters of the preferences; an empty status filter means every status. */
export function tableListParams<Sort extends string, Status extends string>(
  prefs: Pick<TablePrefs<Sort, Status>, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">,
  allStatuses: readonly Status[],
) {
  return {
    activePage: prefs.activePage,
    perPage: prefs.perPage,
    searchVal: prefs.searchVal.trim(),
    sortBy: prefs.sortBy,
    statusFilter: prefs.statusFilter.length > 0 ? prefs.statusFilter : [...allStatuses],
  };
}
