// A list's sort key as the server takes it ("field" ascending, "-field" descending) and TanStack's
// sorting state of that one column, both ways.
import type { SortingState } from "@tanstack/react-table";

export function sortingOf(sortBy: string): SortingState {
  const desc = sortBy.startsWith("-");
  return [{ id: desc ? sortBy.slice(1) : sortBy, desc }];
}

/**
 * The sort key of the first sorted column; `fallback` where no column is sorted or the column is not
 * one of `sortable` (the server sorts by those only).
 */
export function sortByOf<S extends string>(sorting: SortingState, fallback: S, sortable?: readonly string[]): S {
  const first = sorting[0];
  if (!first || (sortable && !sortable.includes(first.id))) return fallback;
  return (first.desc ? `-${first.id}` : first.id) as S;
}
