// Angriffspläne (/attack-plans): the plans the user may see with their attacks per status
// and the next send time (live countdown); create, rename and delete ('Löschen bestätigen').
import type { AttackPlan } from "@dsbot/protocol";
import { Button, TextInput } from "@mantine/core";
import { IconPlus, IconSearch, IconTargetArrow } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable, useServerTableState } from "@/components/ui/server-table/use-server-table";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-error-message";
import { useAttacksRealtime } from "../api/attacks-realtime";
import type { PlanSortBy } from "../api/keys";
import { plansQueryOptions, useConfirmDeletePlan } from "../api/plans-api";
import classes from "../components/attack-plans.module.css";
import { PlanNameModal } from "../components/plan-name-modal";
import { PlansTable } from "../components/plans-table";
import { attackPlanTexts as texts } from "../texts";

export function AttackPlansRoute() {
  useAttacksRealtime();
  const [creating, setCreating] = useState(false);
  const [renamePlan, setRenamePlan] = useState<AttackPlan | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const confirmDelete = useConfirmDeletePlan();

  const state = useServerTableState<PlanSortBy>({ perPage: 25, sortBy: "-updatedAt" });
  const searchVal = state.searchVal.trim();
  const list = useServerTable({
    state,
    query: plansQueryOptions({ activePage: state.activePage, perPage: state.perPage, searchVal, sortBy: state.sortBy }),
    rows: (data) => data.attackPlans,
    perPageOptions: [10, 25, 50, 100],
  });
  const { query } = list;

  const onDelete = useCallback((plan: AttackPlan) => void confirmDelete(plan), [confirmDelete]);
  const onRename = useCallback((plan: AttackPlan) => {
    setRenamePlan(plan);
    setRenameOpen(true);
  }, []);
  const create = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
      {texts.create}
    </Button>
  );
  const noPlans = query.isSuccess && list.totals === 0 && searchVal === "";

  return (
    <>
      <RoutePageHeader actions={create} />
      {query.isError && !query.data ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : noPlans ? (
        <StateMessage icon={<IconTargetArrow size={26} />} title={texts.empty} description={texts.emptyHint} action={create} />
      ) : (
        <ServerTableCard
          query={query}
          pagination={list.pagination}
          toolbar={
            <div className={classes.toolbar}>
              <TextInput
                aria-label={texts.searchLabel}
                placeholder={texts.searchPlaceholder}
                leftSection={<IconSearch size={16} />}
                value={list.search.value}
                onChange={(event) => list.search.onChange(event.currentTarget.value)}
                maw={360}
              />
            </div>
          }
        >
          <PlansTable
            plans={list.rows}
            loading={query.isFetching}
            sortBy={list.sortBy}
            onSortByChange={list.onSortByChange}
            onRename={onRename}
            onDelete={onDelete}
            empty={<StateMessage framed={false} title={texts.noPlanMatches} />}
          />
        </ServerTableCard>
      )}
      <PlanNameModal opened={creating} onClose={() => setCreating(false)} />
      <PlanNameModal opened={renameOpen} onClose={() => setRenameOpen(false)} plan={renamePlan} />
    </>
  );
}
