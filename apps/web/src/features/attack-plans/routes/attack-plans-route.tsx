// Angriffspläne (/attack-plans): the plans the user may see with their attacks per status
// and the next send time (live countdown); create, rename and delete ('Löschen bestätigen').
import type { AttackPlan } from "@dsbot/protocol";
import { Button, Card, Stack, TextInput } from "@mantine/core";
import { IconPlus, IconSearch, IconTargetArrow } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { TablePagination } from "@/components/ui/table-pagination";
import { errorMessage } from "@/lib/api-error-message";
import { useDebounced } from "@/lib/debounce";
import { useAttacksRealtime } from "../api/attacks-realtime";
import type { PlanListParams, PlanSortBy } from "../api/keys";
import { plansQueryOptions, useConfirmDeletePlan } from "../api/plans-api";
import classes from "../components/attack-plans.module.css";
import { PlanNameModal } from "../components/plan-name-modal";
import { PlansTable } from "../components/plans-table";
import { attackPlanTexts as texts } from "../texts";

/** List searches are sent 300 ms after typing stops. */
const PLAN_SEARCH_DELAY = 300;

export function AttackPlansRoute() {
  useAttacksRealtime();
  const [search, setSearch] = useState("");
  const searchVal = useDebounced(search.trim(), PLAN_SEARCH_DELAY);
  const [sortBy, setSortBy] = useState<PlanSortBy>("-updatedAt");
  const [activePage, setActivePage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [creating, setCreating] = useState(false);
  const [renamePlan, setRenamePlan] = useState<AttackPlan | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const confirmDelete = useConfirmDeletePlan();

  const params: PlanListParams = { activePage, perPage, searchVal, sortBy };
  const query = useQuery({ ...plansQueryOptions(params), placeholderData: keepPreviousData });
  const plans = query.data?.attackPlans ?? [];
  const totals = query.data?.totals ?? 0;

  const onDelete = useCallback((plan: AttackPlan) => void confirmDelete(plan), [confirmDelete]);
  const onRename = useCallback((plan: AttackPlan) => {
    setRenamePlan(plan);
    setRenameOpen(true);
  }, []);
  const onSort = useCallback((next: PlanSortBy) => {
    setSortBy(next);
    setActivePage(1);
  }, []);
  const create = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
      {texts.create}
    </Button>
  );
  const noPlans = query.isSuccess && totals === 0 && searchVal === "";

  return (
    <>
      <RoutePageHeader actions={create} />
      {query.isError && !query.data ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : noPlans ? (
        <StateMessage icon={<IconTargetArrow size={26} />} title={texts.empty} description={texts.emptyHint} action={create} />
      ) : (
        <Card padding={0}>
          <Stack gap={0}>
            <div className={classes.toolbar}>
              <TextInput
                aria-label={texts.searchLabel}
                placeholder={texts.searchPlaceholder}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setActivePage(1);
                }}
                maw={360}
              />
            </div>
            <PlansTable
              plans={plans}
              loading={query.isFetching}
              sortBy={sortBy}
              onSortByChange={onSort}
              onRename={onRename}
              onDelete={onDelete}
              empty={<StateMessage framed={false} title={texts.noPlanMatches} />}
            />
            <div className={classes.footer}>
              <TablePagination
                activePage={activePage}
                perPage={perPage}
                totals={totals}
                perPageOptions={[10, 25, 50, 100]}
                onPageChange={setActivePage}
                onPerPageChange={(n) => {
                  setPerPage(n);
                  setActivePage(1);
                }}
              />
            </div>
          </Stack>
        </Card>
      )}
      <PlanNameModal opened={creating} onClose={() => setCreating(false)} />
      <PlanNameModal opened={renameOpen} onClose={() => setRenameOpen(false)} plan={renamePlan} />
    </>
  );
}
