// Attack table preferences: page, page size, search, sort, hidden columns (and the status
// filter), kept in the browser (localStorage) and resettable to the defaults: page 1, 10 rows, empty
// search, sendTime ascending, no hidden columns, and "Nur offene" (a plan opens on what is still to come).
import { attackStatuses, type AttackStatus } from "@dsbot/protocol";
import { createTablePrefsStore, migrateTablePrefs, tableListParams, type TablePrefs } from "@/lib/table-prefs-store";
import type { AttackListParams, AttackSortBy } from "../api/keys";

export const ATTACK_TABLE_STORAGE_KEY = "dsbot-attack-table";

export type AttackTablePrefs = TablePrefs<AttackSortBy, AttackStatus>;

/** The statuses still to be sent: the "Nur offene" filter. */
export const openAttackStatuses: readonly AttackStatus[] = ["planned", "due"];

export const isOpenOnly = (filter: readonly AttackStatus[]) => filter.length === openAttackStatuses.length && openAttackStatuses.every((s) => filter.includes(s));

export const attackTableDefaults: AttackTablePrefs = {
  activePage: 1,
  perPage: 10,
  searchVal: "",
  sortBy: "sendTime",
  hiddenColumns: [],
  statusFilter: [...openAttackStatuses],
};

/**
 * Version 2 opens on "Nur offene". Kept preferences of version 1 with every status (its default, the
 * filter never touched) take the new default; a filter the user chose stays.
 */
const statusFilterDefaultChange = { before: 2, wasDefault: (filter: readonly AttackStatus[]) => attackStatuses.every((s) => filter.includes(s)) };

export const migrateAttackTablePrefs = migrateTablePrefs(attackTableDefaults, statusFilterDefaultChange);

export const useAttackTable = createTablePrefsStore({ name: ATTACK_TABLE_STORAGE_KEY, version: 2, defaults: attackTableDefaults, statusFilterDefaultChange });

/** The request parameters of the preferences; an empty status filter means every status. */
export function attackListParams(prefs: Pick<AttackTablePrefs, "activePage" | "perPage" | "searchVal" | "sortBy" | "statusFilter">): AttackListParams {
  return tableListParams(prefs, attackStatuses);
}
