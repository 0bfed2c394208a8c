// Attack table preferences (spec §2, §9): page, page size, search, sort, hidden columns (and the status
// filter), kept in the browser (localStorage) and resettable to the defaults: page 1, 10 rows, empty
// search, sendTime ascending, no hidden columns.
import { attackStatuses, type AttackStatus } from "@dsbot/protocol";
import { createTablePrefsStore, tableListParams, type TablePrefs } from "@/lib/table-prefs-store";
import type { AttackListParams, AttackSortBy } from "../api/keys";

export const ATTACK_TABLE_STORAGE_KEY = "dsbot-attack-table";

export type AttackTablePrefs = TablePrefs<AttackSortBy, AttackStatus>;

export const attackTableDefaults: AttackTablePrefs = {
  activePage: 1,
  perPage: 10,
  searchVal: "",
  sortBy: "sendTime",
  hiddenColumns: [],
  statusFilter: [...attackStatuses],
};

export const useAttackTable = createTablePrefsStore({ name: ATTACK_TABLE_STORAGE_KEY, version: 1, defaults: attackTableDefaults });

/** The request parameters of the preferences; an empty status filter means every status. */
export function attackListParams(prefs: Pick<AttackTablePrefs, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">): AttackListParams {
  return tableListParams(prefs, attackStatuses);
}
