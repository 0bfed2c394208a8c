// The shared wiring of the server-paged tables: the state and its page-1 resets, the request of the
// state, the rows and total of the answer (the last page's while the next loads), the debounced search,
// a kept page beyond the end, and a whole list card with its sortable table, error and pagination.
import { QueryClient, QueryClientProvider, queryOptions } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { renderUi } from "@/test/render-ui";
import { DataTable } from "../data-table";
import { ServerTableCard } from "./server-table-card";
import { useDataTable } from "./use-data-table";
import { useServerTable, useServerTableState, type ServerTableState } from "./use-server-table";

interface Item {
  id: number;
  name: string;
}
type SortBy = "name" | "-name" | "id" | "-id";
interface Params {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: SortBy;
}
interface Page {
  items: Item[];
  totals: number;
}

const allItems: Item[] = Array.from({ length: 23 }, (_, index) => ({ id: index + 1, name: `Dorf ${String(index + 1).padStart(2, "0")}` }));

let calls: Params[] = [];
let failing = false;
/** Set to hold the answers back until `release()`. */
let held: (() => void)[] | undefined;

/** What a list endpoint answers: the matching rows, sorted, one page of them, and how many match. */
function answer(params: Params): Page {
  const field = params.sortBy.replace(/^-/, "") as "name" | "id";
  const sign = params.sortBy.startsWith("-") ? -1 : 1;
  const matching = allItems.filter((item) => item.name.includes(params.searchVal)).sort((a, b) => sign * String(a[field]).localeCompare(String(b[field]), "de", { numeric: true }));
  const start = (params.activePage - 1) * params.perPage;
  return { items: matching.slice(start, start + params.perPage), totals: matching.length };
}

const itemsQuery = (params: Params) =>
  queryOptions({
    queryKey: ["items", params],
    queryFn: async () => {
      calls.push(params);
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      if (failing) throw new ApiError(400, "bad_request", "Server weg");
      return answer(params);
    },
  });

function release() {
  const waiting = held ?? [];
  held = undefined;
  for (const resolve of waiting) resolve();
}

const paramsOf = (state: ServerTableState<SortBy>): Params => ({ activePage: state.activePage, perPage: state.perPage, searchVal: state.searchVal.trim(), sortBy: state.sortBy });

function useItems(options: { perPage?: number; clampToLastPage?: boolean; searchDelay?: number } = {}) {
  const state = useServerTableState<SortBy>({ perPage: options.perPage ?? 10, sortBy: "name" });
  const list = useServerTable({
    state,
    query: itemsQuery(paramsOf(state)),
    rows: (data) => data.items,
    perPageOptions: [5, 10],
    clampToLastPage: options.clampToLastPage,
    searchDelay: options.searchDelay ?? 20,
  });
  return { state, list };
}

/** A query client of the test's own (one per rendered hook). */
function Wrapper({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
const wrapper = Wrapper;

const names = (rows: Item[]) => rows.map((row) => row.name);

beforeEach(() => {
  calls = [];
  failing = false;
  held = undefined;
  queryClient.clear();
});

describe("useServerTable", () => {
  it("asks for page 1 of the state and gives the answer's rows, total and the pagination's props", async () => {
    const { result } = renderHook(() => useItems(), { wrapper });
    expect(result.current.list.rows).toEqual([]);
    expect(result.current.list.totals).toBe(0);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    expect(calls).toEqual([{ activePage: 1, perPage: 10, searchVal: "", sortBy: "name" }]);
    expect(result.current.list.rows[0]).toEqual({ id: 1, name: "Dorf 01" });
    expect(result.current.list.totals).toBe(23);
    expect(result.current.list.pagination).toMatchObject({ activePage: 1, perPage: 10, totals: 23, perPageOptions: [5, 10] });
  });

  it("keeps the last page on screen while the next one loads", async () => {
    const { result } = renderHook(() => useItems(), { wrapper });
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    held = [];
    act(() => result.current.list.pagination.onPageChange(3));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ activePage: 3 }));
    expect(result.current.list.pagination.activePage).toBe(3);
    expect(names(result.current.list.rows)[0]).toBe("Dorf 01");
    expect(result.current.list.query.isPlaceholderData).toBe(true);
    act(() => release());
    await waitFor(() => expect(names(result.current.list.rows)).toEqual(["Dorf 21", "Dorf 22", "Dorf 23"]));
  });

  it("goes back to page 1 on a new page size or sort, and sorts as the state says", async () => {
    const { result } = renderHook(() => useItems(), { wrapper });
    act(() => result.current.list.pagination.onPageChange(2));
    await waitFor(() => expect(result.current.list.rows[0]?.name).toBe("Dorf 11"));

    act(() => result.current.list.pagination.onPerPageChange?.(5));
    expect(result.current.list.pagination).toMatchObject({ activePage: 1, perPage: 5 });
    await waitFor(() => expect(result.current.list.rows).toHaveLength(5));

    act(() => result.current.list.pagination.onPageChange(2));
    act(() => result.current.list.onSortByChange("-name"));
    expect(result.current.list.sortBy).toBe("-name");
    expect(result.current.list.pagination.activePage).toBe(1);
    await waitFor(() => expect(result.current.list.rows[0]?.name).toBe("Dorf 23"));
    expect(calls.at(-1)).toEqual({ activePage: 1, perPage: 5, searchVal: "", sortBy: "-name" });
  });

  it("shows the typed search at once and sends it (from page 1) once typing stops", async () => {
    const { result } = renderHook(() => useItems({ searchDelay: 50 }), { wrapper });
    act(() => result.current.list.pagination.onPageChange(2));
    await waitFor(() => expect(result.current.list.rows[0]?.name).toBe("Dorf 11"));

    act(() => result.current.list.search.onChange("Dorf 1"));
    act(() => result.current.list.search.onChange("Dorf 1 "));
    expect(result.current.list.search.value).toBe("Dorf 1 ");
    expect(result.current.state.searchVal).toBe("");
    expect(result.current.list.pagination.activePage).toBe(2);

    await waitFor(() => expect(result.current.state.searchVal).toBe("Dorf 1 "));
    expect(result.current.list.pagination.activePage).toBe(1);
    await waitFor(() => expect(result.current.list.totals).toBe(10));
    // Only the search that stood still was asked for (trimmed by the request).
    expect(calls.map((call) => call.searchVal)).toEqual(["", "", "Dorf 1"]);
  });

  it("drops a search still waiting on reset", async () => {
    const { result } = renderHook(() => useItems({ searchDelay: 30 }), { wrapper });
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    act(() => result.current.list.search.onChange("Dorf 2"));
    act(() => result.current.list.search.reset());
    expect(result.current.list.search.value).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(result.current.state.searchVal).toBe("");
    expect(calls).toHaveLength(1);
  });

  it("moves a page beyond the end to the last page where asked to, and leaves it where not", async () => {
    const clamped = renderHook(() => useItems({ clampToLastPage: true }), { wrapper });
    act(() => clamped.result.current.state.setActivePage(7));
    await waitFor(() => expect(clamped.result.current.list.pagination.activePage).toBe(3));
    await waitFor(() => expect(names(clamped.result.current.list.rows)).toEqual(["Dorf 21", "Dorf 22", "Dorf 23"]));

    const kept = renderHook(() => useItems(), { wrapper });
    act(() => kept.result.current.state.setActivePage(7));
    await waitFor(() => expect(kept.result.current.list.query.isSuccess).toBe(true));
    await waitFor(() => expect(kept.result.current.list.query.isPlaceholderData).toBe(false));
    expect(kept.result.current.list.pagination.activePage).toBe(7);
    expect(kept.result.current.list.rows).toEqual([]);
  });
});

const columns: ColumnDef<Item>[] = [
  { id: "id", accessorKey: "id", header: "Nr." },
  { id: "name", accessorKey: "name", header: "Name" },
  { id: "actions", header: "Aktionen", enableSorting: false, cell: () => "…" },
];

function ItemsCard({ hidden = [] }: { hidden?: string[] }) {
  const { list } = useItems();
  const table = useDataTable({ data: list.rows, columns, getRowId: (row) => String(row.id), sortBy: list.sortBy, onSortByChange: list.onSortByChange, sortable: ["id", "name"], hiddenColumns: hidden });
  return (
    <ServerTableCard query={list.query} pagination={list.pagination} toolbar={<input aria-label="Suche" value={list.search.value} onChange={(event) => list.search.onChange(event.currentTarget.value)} />}>
      <DataTable table={table} loading={list.query.isFetching} label="Dörfer" empty="Keine Dörfer" />
    </ServerTableCard>
  );
}

describe("a list card on the shared wiring", () => {
  it("sorts on a header click from page 1, marks the sorted column and hides hidden columns", async () => {
    const user = userEvent.setup();
    renderUi(<ItemsCard hidden={["actions"]} />);
    const table = await screen.findByRole("table", { name: "Dörfer" });
    await waitFor(() => expect(table.querySelectorAll("tr[data-row-id]")).toHaveLength(10));
    expect(within(table).queryByRole("columnheader", { name: "Aktionen" })).not.toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");

    await user.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ activePage: 2 }));
    await user.click(within(table).getByRole("button", { name: "Name" }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ activePage: 1, perPage: 10, searchVal: "", sortBy: "-name" }));
    await waitFor(() => expect(table.querySelector("tr[data-row-id]")).toHaveAttribute("data-row-id", "23"));
    expect(within(table).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByText("1–10 von 23")).toBeInTheDocument();
  });

  it("shows the load error with a retry instead of the table", async () => {
    const user = userEvent.setup();
    failing = true;
    renderUi(<ItemsCard />);
    expect(await screen.findByText("Server weg")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Dörfer" })).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await screen.findByRole("table", { name: "Dörfer" })).toBeInTheDocument();
  });
});
