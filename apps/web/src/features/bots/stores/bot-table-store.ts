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

/** The status filter's default before version 2, in the old order: kept untouched, it takes today's. */
const oldDefaultFilter = "online,offline,paused,starting,stopping";

export const useBotTable = createTablePrefsStore({
  name: BOT_TABLE_STORAGE_KEY,
  version: 2,
  defaults: botTableDefaults,
  statusFilterDefaultChange: { before: 2, wasDefault: (filter) => filter.join() === oldDefaultFilter },
});

/** The request parameters of the current preferences; an empty status filter means all five. */
export function botListParams(prefs: Pick<BotTablePrefs, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">): BotListParams {
  return tableListParams(prefs, botStatusFilterOrder);
}
