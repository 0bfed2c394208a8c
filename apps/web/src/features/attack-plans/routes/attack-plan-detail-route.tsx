// Angriffsplan (/attack-plans/:id): the plan's name in the page header with its actions, and the
// attack table with add/edit, bulk actions, import/export, the planner and sharing.
import type { Attack, AttackPlan } from "@dsbot/protocol";
import { canEditPlan, worldLabel } from "@dsbot/protocol";
import { Alert, Stack } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { detailRouteState } from "@/components/ui/detail-route-state";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { routes } from "@/config/routes";
import { readPlannerHandoff, type PlannerHandoff } from "@/lib/planner-handoff";
import { ServerTimeZoneProvider } from "@/lib/server-time-zone";
import { useAttacksRealtime } from "../api/attacks-realtime";
import { planQueryOptions, useConfirmDeletePlan } from "../api/plans-api";
import { AttackFormModal } from "../components/attack-form-modal";
import { AttackTableCard } from "../components/attack-table-card";
import { ExportModal } from "../components/export-modal";
import { ImportModal } from "../components/import-modal";
import { PermissionsModal } from "../components/permissions-modal";
import { PlanHeaderActions, type PlanModal } from "../components/plan-header-actions";
import { PlanNameModal } from "../components/plan-name-modal";
import { PlannerModal } from "../components/planner-modal";
import { attackPlanTexts as texts } from "../texts";

/**
 * Targets handed over by the Koordinaten Filter or "Verteidigen" (navigation state): the planner opens
 * with them once (if the user may edit the plan), and the state is dropped so a reload or "back" does
 * not reopen it.
 */
function usePlannerHandoff(plan: AttackPlan): PlannerHandoff | null {
  const location = useLocation();
  const navigate = useNavigate();
  const handed = readPlannerHandoff(location.state);
  const [targets] = useState(() => (canEditPlan(plan.access) ? handed : null));
  useEffect(() => {
    if (handed !== null) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [handed, navigate, location.pathname, location.search, location.hash]);
  return targets;
}

function PlanPage({ plan }: { plan: AttackPlan }) {
  const navigate = useNavigate();
  const confirmDelete = useConfirmDeletePlan();
  const handed = usePlannerHandoff(plan);
  const [plannerHandoff, setPlannerHandoff] = useState(handed);
  const [modal, setModal] = useState<PlanModal | null>(handed !== null ? "planner" : null);
  const [editing, setEditing] = useState<Attack | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const close = () => {
    setModal(null);
    // The handed-over targets fill the planner once; opened again it starts empty.
    setPlannerHandoff(null);
  };

  const onEdit = (attack: Attack) => {
    setEditing(attack);
    setModal("add");
  };
  const onOpen = (next: PlanModal) => {
    if (next === "add") setEditing(null);
    setModal(next);
  };
  const onDelete = async () => {
    if (await confirmDelete(plan)) void navigate(paths.attackPlans);
  };

  return (
    <>
      <PageHeader
        title={plan.name}
        icon={routes.AttackPlanDetail.icon}
        subtitle={texts.subtitle(worldLabel(plan.world), plan.ownerName, plan.total, plan.timeZone)}
        actions={<PlanHeaderActions plan={plan} onOpen={onOpen} onDelete={() => void onDelete()} />}
      />
      <Stack gap="md">
        {plan.access === "read" && (
          <Alert color="blue" variant="light" icon={<IconEye size={18} />}>
            {texts.readOnlyHint}
          </Alert>
        )}
        <AttackTableCard plan={plan} selected={selected} onSelectedChange={setSelected} onEdit={onEdit} />
      </Stack>
      <AttackFormModal planId={plan.id} world={plan.world} opened={modal === "add"} attack={editing} onClose={close} />
      <ImportModal planId={plan.id} opened={modal === "import"} onClose={close} />
      <ExportModal planId={plan.id} planName={plan.name} selectedIds={selected} opened={modal === "export"} onClose={close} />
      <PlannerModal planId={plan.id} world={plan.world} opened={modal === "planner"} handoff={plannerHandoff ?? undefined} onClose={close} />
      <PermissionsModal planId={plan.id} opened={modal === "permissions"} onClose={close} />
      <PlanNameModal opened={modal === "rename"} onClose={close} plan={plan} />
    </>
  );
}

export function AttackPlanDetailRoute() {
  useAttacksRealtime();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({ ...planQueryOptions(id), enabled: valid });

  const state = detailRouteState({
    valid,
    query,
    notFound: { title: texts.notFound, backTo: paths.attackPlans, backLabel: texts.backToList },
    skeletons: [56, 420],
  });
  if (state || !query.data) return state;
  // Every time of the plan is shown and entered on its world's clock.
  return (
    <ServerTimeZoneProvider zone={query.data.attackPlan.timeZone}>
      <PlanPage key={query.data.attackPlan.id} plan={query.data.attackPlan} />
    </ServerTimeZoneProvider>
  );
}
