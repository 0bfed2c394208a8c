// The attack table on the shared DataTable: server-side sort, hidden columns from the kept
// preferences, row selection in the actions column.
import type { Attack } from "@dsbot/protocol";
import { useMemo, type ReactNode } from "react";
import { PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import type { AttackSortBy } from "../api/keys";
import { attackPlanTexts as texts } from "../texts";
import { useMediaQuery } from "@mantine/hooks";
import { AttackCards } from "./attack-cards";
import { buildAttackColumns, sortableAttackColumns, type AttackColumnOptions } from "./attack-columns";

/**
 * The columns' set widths add up to 930 px; every column grows to what its content needs. A 1440 px screen
 * with the sidebar open gives the table 1,114 px: those widths and the content of Angreifer,
 * Verteidiger, Einheiten, Priorität and Status do not all fit there, so columns with room to spare
 * (times, Restzeit, actions) give back what their content does not need; nothing is cut and the table
 * does not scroll. With more room every column has at least its set width. Where even the content
 * does not fit, the table scrolls sideways, the row actions staying at the right edge.
 */
export const ATTACK_TABLE_MIN_WIDTH = 930;

interface AttackTableProps extends Omit<AttackColumnOptions, "pageIds"> {
  attacks: Attack[];
  loading: boolean;
  sortBy: AttackSortBy;
  onSortByChange: (sortBy: AttackSortBy) => void;
  hiddenColumns: string[];
  empty: ReactNode;
}

/** Phones get cards instead of the table (AttackCards). */
export function AttackTable(props: AttackTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  if (phone) {
    const { hiddenColumns: _hidden, ...rest } = props;
    return <AttackCards {...rest} pageIds={props.attacks.map((a) => a.id)} />;
  }
  return <AttackGrid {...props} />;
}

function AttackGrid({ attacks, loading, sortBy, onSortByChange, hiddenColumns, empty, ...options }: AttackTableProps) {
  const { world, canEdit, selected, onToggle, onTogglePage, onEdit, onDelete } = options;
  const pageIds = useMemo(() => attacks.map((a) => a.id), [attacks]);
  const columns = useMemo(
    () => buildAttackColumns({ world, canEdit, selected, pageIds, onToggle, onTogglePage, onEdit, onDelete }),
    [world, canEdit, selected, pageIds, onToggle, onTogglePage, onEdit, onDelete],
  );
  // The actions column (the row selection) is never hidden.
  const hidden = useMemo(() => hiddenColumns.filter((id) => id !== "actions"), [hiddenColumns]);
  const table = useDataTable({
    data: attacks,
    columns,
    getRowId: (row) => String(row.id),
    sortBy,
    onSortByChange,
    sortable: sortableAttackColumns,
    hiddenColumns: hidden,
    // Every column sorts ascending first; TanStack would start numeric ones (the times) descending.
    sortDescFirst: false,
  });
  return <DataTable table={table} loading={loading} label={texts.tableLabel} minWidth={ATTACK_TABLE_MIN_WIDTH} dense skeletonRows={10} empty={empty} />;
}
