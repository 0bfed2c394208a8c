// Bot table preferences: page, page size, search, sort, hidden columns and status
// filter, kept in the browser (localStorage) and resettable to the defaults.
import { botStatusFilterOrder, type BotStatus } from "@dsbot/protocol";
import { createTablePrefsStore, tableListParams, type TablePrefs } from "@/lib/table-prefs-store";
import type { BotListParams, BotSortBy } from "../api/types";

export const BOT_TABLE_STORAGE_KEY = "dsbot-bot-table";

export type BotTablePrefs = TablePrefs<BotSortBy, BotStatus>;

export const botTableDefaults: BotTablePrefs = {
  activePage: 1,
  perPage: 5,
  searchVal: "",
  sortBy: "-updatedAt",
  hiddenColumns: [],
  statusFilter: [...botStatusFilterOrder],
};

export const useBotTable = createTablePrefsStore({
  name: BOT_TABLE_STORAGE_KEY,
  version: 2,
  defaults: botTableDefaults,
  // Version 1 kept the untouched default in the old order (online, offline, paused, …).
  migrate: (persisted, version) => {
    const prefs = persisted as BotTablePrefs;
    const oldDefault = (persisted as Partial<BotTablePrefs>).statusFilter?.join() === "online,offline,paused,starting,stopping";
    return version < 2 && oldDefault ? { ...prefs, statusFilter: [...botStatusFilterOrder] } : prefs;
  },
});

/** The request parameters of the current preferences; an empty status filter means all five. */
export function botListParams(prefs: Pick<BotTablePrefs, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">): BotListParams {
  return tableListParams(prefs, botStatusFilterOrder);
}
