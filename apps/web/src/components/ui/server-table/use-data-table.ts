// The TanStack table under a DataTable, set up the same way for every list: rows keyed by the caller's
// id, one sorted column at a time (never none) held as the list's sort key, hidden columns by id. The
// rows come sorted and paged from the server, unless `sortOnClient` sorts a list loaded whole.
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type Table, type TableMeta, type VisibilityState } from "@tanstack/react-table";
import { useMemo } from "react";
import { sortByOf, sortingOf } from "./sort";

export interface UseDataTableOptions<T, S extends string> {
  data: T[];
  columns: ColumnDef<T>[];
  getRowId: (row: T) => string;
  /** The sort key ("field" or "-field"); without it no header sorts. */
  sortBy?: S;
  onSortByChange?: (sortBy: S) => void;
  /** The column ids the list sorts by; a header outside them keeps the current sort. */
  sortable?: readonly string[];
  /** Sort the loaded rows here instead of on the server. */
  sortOnClient?: boolean;
  /** Whether a column's first click sorts descending; unset, TanStack decides per column. */
  sortDescFirst?: boolean;
  hiddenColumns?: readonly string[];
  meta?: TableMeta<T>;
}

const noColumns: readonly string[] = [];

export function useDataTable<T, S extends string = string>(options: UseDataTableOptions<T, S>): Table<T> {
  const { data, columns, getRowId, sortBy, onSortByChange, sortable, sortOnClient = false, sortDescFirst, hiddenColumns = noColumns, meta } = options;
  const sorting = useMemo(() => (sortBy === undefined ? [] : sortingOf(sortBy)), [sortBy]);
  const columnVisibility = useMemo<VisibilityState>(() => Object.fromEntries(hiddenColumns.map((id) => [id, false])), [hiddenColumns]);
  return useReactTable({
    data,
    columns,
    meta,
    state: { sorting, columnVisibility },
    enableSorting: sortBy !== undefined,
    manualSorting: !sortOnClient,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: sortOnClient ? getSortedRowModel() : undefined,
    getRowId,
    onSortingChange: (updater) => {
      if (sortBy === undefined || !onSortByChange) return;
      const next = sortByOf(typeof updater === "function" ? updater(sorting) : updater, sortBy, sortable);
      if (next !== sortBy) onSortByChange(next);
    },
  });
}
