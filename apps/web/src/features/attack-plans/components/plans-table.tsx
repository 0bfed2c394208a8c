// The plan list: name (link to the plan), world, attacks per status, next send time with a live
// countdown, owner and the caller's access; rename and delete for those allowed.
import type { AttackPlan } from "@dsbot/protocol";
import { canEditPlan, canManagePlan, worldLabel } from "@dsbot/protocol";
import { ActionIcon, Anchor, Badge, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { ServerTimeZoneProvider } from "@/lib/server-time-zone";
import type { PlanSortBy } from "../api/keys";
import { attackPlanTexts as texts } from "../texts";
import { NextSend } from "./next-send";
import { PlanStatusCounts } from "./plan-status-counts";

const c = texts.planColumns;

function buildColumns(onRename: (plan: AttackPlan) => void, onDelete: (plan: AttackPlan) => void): ColumnDef<AttackPlan>[] {
  return [
    {
      id: "name",
      accessorKey: "name",
      header: c.name,
      cell: ({ row }) => (
        <div>
          <Anchor component={Link} to={paths.attackPlanDetail(row.original.id)} fw={600} c="gray.0" underline="hover">
            {row.original.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {texts.total(row.original.total)}
          </Text>
        </div>
      ),
    },
    {
      id: "world",
      header: c.world,
      enableSorting: false,
      cell: ({ row }) => (
        <div>
          <Text size="sm" fw={500}>
            {worldLabel(row.original.world)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.world.server}
          </Text>
        </div>
      ),
    },
    { id: "counts", header: c.counts, enableSorting: false, cell: ({ row }) => <PlanStatusCounts counts={row.original.counts} /> },
    {
      id: "nextSendTime",
      accessorKey: "nextSendTime",
      header: c.nextSendTime,
      meta: { width: 170 },
      cell: ({ row }) => (
        <ServerTimeZoneProvider zone={row.original.timeZone}>
          <NextSend sendTime={row.original.nextSendTime} />
        </ServerTimeZoneProvider>
      ),
    },
    {
      id: "owner",
      header: c.owner,
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{row.original.ownerName}</Text>
          <Badge size="xs" variant="outline" color={row.original.access === "read" ? "gray" : "ember"} tt="none">
            {texts.accessLabels[row.original.access] ?? row.original.access}
          </Badge>
        </Group>
      ),
    },
    {
      id: "actions",
      header: () => <VisuallyHidden>{c.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 96 },
      cell: ({ row }) => {
        const plan = row.original;
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {canEditPlan(plan.access) && (
              <Tooltip label={texts.renameRow(plan.name)}>
                <ActionIcon variant="subtle" color="gray" aria-label={texts.renameRow(plan.name)} onClick={() => onRename(plan)}>
                  <IconPencil size={17} />
                </ActionIcon>
              </Tooltip>
            )}
            {canManagePlan(plan.access) && (
              <Tooltip label={texts.deleteRow(plan.name)}>
                <ActionIcon variant="subtle" color="red" aria-label={texts.deleteRow(plan.name)} onClick={() => onDelete(plan)}>
                  <IconTrash size={17} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      },
    },
  ];
}

interface PlansTableProps {
  plans: AttackPlan[];
  loading: boolean;
  sortBy: PlanSortBy;
  onSortByChange: (sortBy: PlanSortBy) => void;
  onRename: (plan: AttackPlan) => void;
  onDelete: (plan: AttackPlan) => void;
  empty: ReactNode;
}

export function PlansTable({ plans, loading, sortBy, onSortByChange, onRename, onDelete, empty }: PlansTableProps) {
  const columns = useMemo(() => buildColumns(onRename, onDelete), [onRename, onDelete]);
  const table = useDataTable({ data: plans, columns, getRowId: (row) => String(row.id), sortBy, onSortByChange });
  return <DataTable table={table} loading={loading} label={texts.listLabel} minWidth={860} empty={empty} />;
}
