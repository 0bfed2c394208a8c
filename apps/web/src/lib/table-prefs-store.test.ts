// The kept preferences of a server-paged table: what lands in localStorage (the key, the version and
// exactly the six fields), the setters' way back to page 1, the reset, and kept preferences of an older
// version taking a new default status filter only where the old one was never touched.
import { beforeEach, describe, expect, it } from "vitest";
import { createTablePrefsStore, migrateTablePrefs, tableListParams, type StatusFilterDefaultChange, type TablePrefs } from "./table-prefs-store";

type Sort = "name" | "-name" | "date" | "-date";
type Status = "open" | "done" | "failed";

const KEY = "test-table";
const statuses: readonly Status[] = ["open", "done", "failed"];
const defaults: TablePrefs<Sort, Status> = { activePage: 1, perPage: 10, searchVal: "", sortBy: "name", hiddenColumns: [], statusFilter: ["open"] };
/** Version 1 opened on every status. */
const change: StatusFilterDefaultChange<Status> = { before: 2, wasDefault: (filter) => statuses.every((s) => filter.includes(s)) };
const useTable = createTablePrefsStore({ name: KEY, version: 2, defaults, statusFilterDefaultChange: change });

const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? "null") as { state: Record<string, unknown>; version: number } | null;

beforeEach(() => useTable.getState().reset());

describe("table preferences store", () => {
  it("keeps exactly page, page size, search, sort, hidden columns and status filter under its key and version", () => {
    useTable.getState().setActivePage(4);
    expect(stored()).toEqual({
      state: { activePage: 4, perPage: 10, searchVal: "", sortBy: "name", hiddenColumns: [], statusFilter: ["open"] },
      version: 2,
    });
  });

  it("goes back to page 1 where the rows change, and not on a hidden column", () => {
    const table = () => useTable.getState();
    const cases: [string, () => void][] = [
      ["page size", () => table().setPerPage(25)],
      ["search", () => table().setSearchVal("kalle")],
      ["sort", () => table().setSortBy("-date")],
      ["status filter", () => table().setStatusFilter(["done"])],
    ];
    for (const [name, change] of cases) {
      table().setActivePage(3);
      change();
      expect(table().activePage, name).toBe(1);
    }
    table().setActivePage(3);
    table().toggleColumn("date");
    expect(table()).toMatchObject({ activePage: 3, hiddenColumns: ["date"], perPage: 25, searchVal: "kalle", sortBy: "-date", statusFilter: ["done"] });
    table().toggleColumn("date");
    expect(table().hiddenColumns).toEqual([]);
  });

  it("resets to the defaults without sharing their arrays", () => {
    useTable.getState().toggleColumn("name");
    useTable.getState().setStatusFilter(["open", "failed"]);
    useTable.getState().reset();
    expect(useTable.getState()).toMatchObject(defaults);
    expect(useTable.getState().hiddenColumns).not.toBe(defaults.hiddenColumns);
    expect(useTable.getState().statusFilter).not.toBe(defaults.statusFilter);
    expect(defaults).toEqual({ activePage: 1, perPage: 10, searchVal: "", sortBy: "name", hiddenColumns: [], statusFilter: ["open"] });
  });

  it("gives kept preferences of an older version the new default filter only where the old default was kept", async () => {
    const kept = (statusFilter: Status[], version: number) =>
      JSON.stringify({ state: { activePage: 2, perPage: 25, searchVal: "x", sortBy: "-date", hiddenColumns: ["date"], statusFilter }, version });

    window.localStorage.setItem(KEY, kept(["open", "done", "failed"], 1));
    await useTable.persist.rehydrate();
    expect(useTable.getState()).toMatchObject({ activePage: 2, perPage: 25, searchVal: "x", sortBy: "-date", hiddenColumns: ["date"], statusFilter: ["open"] });

    window.localStorage.setItem(KEY, kept(["failed"], 1));
    await useTable.persist.rehydrate();
    expect(useTable.getState().statusFilter).toEqual(["failed"]);

    // Every status chosen under the current version stays every status.
    window.localStorage.setItem(KEY, kept(["open", "done", "failed"], 2));
    await useTable.persist.rehydrate();
    expect(useTable.getState().statusFilter).toEqual(["open", "done", "failed"]);
  });

  it("fills what an older version did not keep from the defaults", () => {
    const migrate = migrateTablePrefs(defaults, change);
    expect(migrate({ perPage: 50 }, 1)).toEqual({ ...defaults, perPage: 50 });
    expect(migrate(null, 0)).toEqual(defaults);
    expect(migrateTablePrefs(defaults, undefined)({ statusFilter: ["open", "done", "failed"] }, 1).statusFilter).toEqual(["open", "done", "failed"]);
  });
});

describe("tableListParams", () => {
  it("trims the search and asks for every status when none is chosen", () => {
    expect(tableListParams({ activePage: 2, perPage: 10, searchVal: "  kalle ", sortBy: "name", statusFilter: [] }, statuses)).toEqual({
      activePage: 2,
      perPage: 10,
      searchVal: "kalle",
      sortBy: "name",
      statusFilter: ["open", "done", "failed"],
    });
    expect(tableListParams({ ...defaults, statusFilter: ["done"] }, statuses).statusFilter).toEqual(["done"]);
  });
});
