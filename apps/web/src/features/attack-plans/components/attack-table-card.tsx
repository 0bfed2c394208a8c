// The attack table card: toolbar, table, bulk bar and pagination; preferences kept in the browser
// (attack-table-store), the search sent 300 ms after typing stops (as the bot list).
import type { Attack, AttackPlan } from "@dsbot/protocol";
import { attackStatuses, canEditPlan } from "@dsbot/protocol";
import { Button, Card, Stack } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { TablePagination } from "@/components/ui/table-pagination";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { useDebouncedCallback } from "@/lib/debounce";
import { attacksQueryOptions, useDeleteAttack } from "../api/attacks-api";
import { attackListParams, attackTableDefaults, isOpenOnly, useAttackTable } from "../stores/attack-table-store";
import { attackPlanTexts as texts } from "../texts";
import { AttackBulkBar } from "./attack-bulk-bar";
import { AttackTable } from "./attack-table";
import { AttackTableToolbar } from "./attack-table-toolbar";
import classes from "./attack-plans.module.css";

/** List searches are sent 300 ms after typing stops. */
export const ATTACK_SEARCH_DELAY = 300;
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
  const [search, setSearch] = useState(prefs.searchVal);
  const sendSearch = useDebouncedCallback(prefs.setSearchVal, ATTACK_SEARCH_DELAY);
  const onSearchChange = useCallback(
    (value: string) => {
      setSearch(value);
      sendSearch(value);
    },
    [sendSearch],
  );

  const params = attackListParams(prefs);
  const query = useQuery({ ...attacksQueryOptions(plan.id, params), placeholderData: keepPreviousData });
  const attacks = useMemo(() => query.data?.attacks ?? [], [query.data]);
  const totals = query.data?.totals ?? 0;
  // A kept page beyond the end (rows deleted, another plan) shows the last page.
  const lastPage = Math.max(1, Math.ceil(totals / prefs.perPage));
  const { setActivePage } = prefs;
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && prefs.activePage > lastPage) setActivePage(lastPage);
  }, [query.isSuccess, query.isPlaceholderData, prefs.activePage, lastPage, setActivePage]);

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
    sendSearch.cancel();
    prefs.reset();
    setSearch(attackTableDefaults.searchVal);
  };
  const canEdit = canEditPlan(plan.access);
  const filtered = params.searchVal !== "" || params.statusFilter.length < attackStatuses.length;
  const openOnly = params.searchVal === "" && isOpenOnly(params.statusFilter);

  return (
    <Card padding={0}>
      <Stack gap={0}>
        <AttackTableToolbar
          search={search}
          onSearchChange={onSearchChange}
          statusFilter={prefs.statusFilter}
          onStatusFilterChange={prefs.setStatusFilter}
          hiddenColumns={prefs.hiddenColumns}
          onToggleColumn={prefs.toggleColumn}
          onReset={reset}
        />
        {query.isError && !query.data ? (
          <div className={classes.toolbar}>
            <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
          </div>
        ) : (
          <AttackTable
            attacks={attacks}
            loading={query.isFetching}
            sortBy={prefs.sortBy}
            onSortByChange={prefs.setSortBy}
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
        )}
        {canEdit && <AttackBulkBar planId={plan.id} selected={selected} onClear={() => onSelectedChange([])} />}
        <div className={classes.footer}>
          <TablePagination
            activePage={prefs.activePage}
            perPage={prefs.perPage}
            totals={totals}
            perPageOptions={attackPerPageOptions}
            onPageChange={prefs.setActivePage}
            onPerPageChange={prefs.setPerPage}
          />
        </div>
      </Stack>
    </Card>
  );
}
