// The one wiring of a server-paged list: page, page size, sort and search state (kept in the browser by
// a table-prefs store, or held here), the list query that keeps the last page on screen while the next
// one loads, its rows and total, the pagination's props and the search box's debounced value. Every
// change of page size, sort or search goes back to page 1 (the state's setters do that). The TanStack
// table over the rows is useDataTable's, in the table component: its columns may hang on the page's
// answer (the attack table's page selection, the troops' unit columns), which only comes from here.
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useDebouncedCallback } from "@/lib/debounce";
import type { TablePaginationProps } from "../table-pagination";

/** List searches are sent 300 ms after typing stops. */
export const SERVER_TABLE_SEARCH_DELAY = 300;

export interface ServerTableState<S extends string> {
  activePage: number;
  perPage: number;
  /** As typed (the list's request trims it). */
  searchVal: string;
  /** "field" ascending, "-field" descending. */
  sortBy: S;
  setActivePage: (page: number) => void;
  /** Back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Back to page 1. */
  setSearchVal: (search: string) => void;
  /** Back to page 1. */
  setSortBy: (sortBy: S) => void;
}

/** Page, page size and sort held in the component (a list whose state is not kept): page 1, no search. */
export function useServerTableState<S extends string>(initial: { perPage: number; sortBy: S }): ServerTableState<S> {
  const [values, setValues] = useState({ activePage: 1, perPage: initial.perPage, searchVal: "", sortBy: initial.sortBy });
  const setters = useMemo(
    () => ({
      setActivePage: (activePage: number) => setValues((current) => ({ ...current, activePage })),
      setPerPage: (perPage: number) => setValues((current) => ({ ...current, perPage, activePage: 1 })),
      setSearchVal: (searchVal: string) => setValues((current) => ({ ...current, searchVal, activePage: 1 })),
      setSortBy: (sortBy: S) => setValues((current) => ({ ...current, sortBy, activePage: 1 })),
    }),
    [],
  );
  return useMemo(() => ({ ...values, ...setters }), [values, setters]);
}

export interface UseServerTableOptions<TData extends { totals: number }, TRow, S extends string, TKey extends QueryKey> {
  state: ServerTableState<S>;
  /** The list request of the current state. */
  query: UseQueryOptions<TData, Error, TData, TKey>;
  /** The page's rows in the answer: a field of it, so they stay the same array until the next answer. */
  rows: (data: TData) => TRow[];
  perPageOptions?: number[];
  /** A page beyond the end (its last rows deleted, fewer rows than when it was kept) shows the last page. */
  clampToLastPage?: boolean;
  searchDelay?: number;
}

export interface ServerTable<TData, TRow, S extends string> {
  query: UseQueryResult<TData, Error>;
  /** The page's rows: the last page's while the next one loads, none before the first answer. */
  rows: TRow[];
  totals: number;
  sortBy: S;
  onSortByChange: (sortBy: S) => void;
  /** The search box: its text at once, the state's search once typing stops. */
  search: {
    value: string;
    onChange: (value: string) => void;
    /** Drops a search still waiting and shows `value` (a reset of the table). */
    reset: (value?: string) => void;
  };
  pagination: TablePaginationProps;
}

const noRows: never[] = [];

export function useServerTable<TData extends { totals: number }, TRow, S extends string, TKey extends QueryKey>(
  options: UseServerTableOptions<TData, TRow, S, TKey>,
): ServerTable<TData, TRow, S> {
  const { state, rows: pickRows, perPageOptions, clampToLastPage = false, searchDelay = SERVER_TABLE_SEARCH_DELAY } = options;
  const query = useQuery({ ...options.query, placeholderData: keepPreviousData });
  const { data } = query;
  const rows = data ? pickRows(data) : noRows;
  const totals = data?.totals ?? 0;

  const { activePage, perPage, setActivePage } = state;
  const lastPage = Math.max(1, Math.ceil(totals / perPage));
  const outOfRange = clampToLastPage && query.isSuccess && !query.isPlaceholderData && activePage > lastPage;
  useEffect(() => {
    if (outOfRange) setActivePage(lastPage);
  }, [outOfRange, lastPage, setActivePage]);

  const [search, setSearch] = useState(state.searchVal);
  const sendSearch = useDebouncedCallback(state.setSearchVal, searchDelay);
  const onSearchChange = useCallback(
    (value: string) => {
      setSearch(value);
      sendSearch(value);
    },
    [sendSearch],
  );
  const resetSearch = useCallback(
    (value = "") => {
      sendSearch.cancel();
      setSearch(value);
    },
    [sendSearch],
  );

  return {
    query,
    rows,
    totals,
    sortBy: state.sortBy,
    onSortByChange: state.setSortBy,
    search: { value: search, onChange: onSearchChange, reset: resetSearch },
    pagination: { activePage, perPage, totals, perPageOptions, onPageChange: setActivePage, onPerPageChange: state.setPerPage },
  };
}
