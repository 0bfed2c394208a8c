// The attack table card: toolbar, table, bulk bar and pagination; preferences kept in the browser
// (attack-table-store), the search sent 300 ms after typing stops (as the bot list).
import type { Attack, AttackPlan } from "@dsbot/protocol";
import { attackStatuses, canEditPlan } from "@dsbot/protocol";
import { Button } from "@mantine/core";
import { useCallback, useMemo } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable } from "@/components/ui/server-table/use-server-table";
import { StateMessage } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { attacksQueryOptions, useDeleteAttack } from "../api/attacks-api";
import { attackListParams, attackTableDefaults, isOpenOnly, useAttackTable } from "../stores/attack-table-store";
import { attackPlanTexts as texts } from "../texts";
import { AttackBulkBar } from "./attack-bulk-bar";
import { AttackTable } from "./attack-table";
import { AttackTableToolbar } from "./attack-table-toolbar";

export const attackPerPageOptions = [10, 25, 50, 100];

/** The table without rows: an empty plan, a plan with nothing left to send ("Nur offene"), or no match. */
function EmptyAttacks({ planTotal, openOnly, filtered, onShowAll }: { planTotal: number; openOnly: boolean; filtered: boolean; onShowAll: () => void }) {
  if (planTotal === 0 || !filtered) return <StateMessage framed={false} title={texts.emptyAttacks} description={texts.emptyAttacksHint} />;
  if (openOnly) {
    return (
      <StateMessage
        framed={false}
        title={texts.nothingOpen}
        description={texts.nothingOpenHint}
        action={
          <Button variant="light" onClick={onShowAll}>
            {texts.showAllAttacks}
          </Button>
        }
      />
    );
  }
  return <StateMessage framed={false} title={texts.noMatches} />;
}

interface AttackTableCardProps {
  plan: AttackPlan;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  onEdit: (attack: Attack) => void;
}

export function AttackTableCard({ plan, selected, onSelectedChange, onEdit }: AttackTableCardProps) {
  const prefs = useAttackTable();
  const params = attackListParams(prefs);
  const list = useServerTable({
    state: prefs,
    query: attacksQueryOptions(plan.id, params),
    rows: (data) => data.attacks,
    perPageOptions: attackPerPageOptions,
    clampToLastPage: true,
  });
  const attacks = list.rows;

  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const onToggle = useCallback(
    (id: number) => onSelectedChange(selectedSet.has(id) ? selected.filter((s) => s !== id) : [...selected, id]),
    [selected, selectedSet, onSelectedChange],
  );
  const onTogglePage = useCallback(
    (select: boolean) => {
      const page = attacks.map((a) => a.id);
      onSelectedChange(select ? [...new Set([...selected, ...page])] : selected.filter((id) => !page.includes(id)));
    },
    [attacks, selected, onSelectedChange],
  );

  const deleteAttack = useDeleteAttack(plan.id);
  const { mutateAsync: deleteAsync } = deleteAttack;
  const onDelete = useCallback(
    async (attack: Attack) => {
      const ok = await confirm({ title: texts.deleteAttackTitle, message: texts.deleteAttackMessage, confirmLabel: texts.bulkDelete, cancelLabel: texts.cancel, danger: true });
      if (!ok) return;
      try {
        await deleteAsync(attack.id);
        alert.success(texts.attackDeleted);
        onSelectedChange(selected.filter((id) => id !== attack.id));
      } catch (error) {
        alertError(error);
      }
    },
    [deleteAsync, selected, onSelectedChange],
  );
  const onDeleteRow = useCallback((attack: Attack) => void onDelete(attack), [onDelete]);

  const reset = () => {
    list.search.reset(attackTableDefaults.searchVal);
    prefs.reset();
  };
  const canEdit = canEditPlan(plan.access);
  const filtered = params.searchVal !== "" || params.statusFilter.length < attackStatuses.length;
  const openOnly = params.searchVal === "" && isOpenOnly(params.statusFilter);

  return (
    <ServerTableCard
      query={list.query}
      pagination={list.pagination}
      toolbar={
        <AttackTableToolbar
          search={list.search.value}
          onSearchChange={list.search.onChange}
          statusFilter={prefs.statusFilter}
          onStatusFilterChange={prefs.setStatusFilter}
          hiddenColumns={prefs.hiddenColumns}
          onToggleColumn={prefs.toggleColumn}
          onReset={reset}
        />
      }
      below={canEdit && <AttackBulkBar planId={plan.id} selected={selected} onClear={() => onSelectedChange([])} />}
    >
      <AttackTable
        attacks={attacks}
        loading={list.query.isFetching}
        sortBy={list.sortBy}
        onSortByChange={list.onSortByChange}
        hiddenColumns={prefs.hiddenColumns}
        world={plan.world}
        canEdit={canEdit}
        selected={selectedSet}
        onToggle={onToggle}
        onTogglePage={onTogglePage}
        onEdit={onEdit}
        onDelete={onDeleteRow}
        empty={<EmptyAttacks planTotal={plan.total} openOnly={openOnly} filtered={filtered} onShowAll={() => prefs.setStatusFilter([...attackStatuses])} />}
      />
    </ServerTableCard>
  );
}
