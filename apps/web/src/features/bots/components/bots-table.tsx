// The bot list table: Spieler, Status, Module, Erstellungsdatum, Änderungsdatum, actions;
// server-side sort on player, status and the dates; hidden columns come from the kept table state.
// The Spieler cell also names the bot's world and its Bot-ID (what `dsbot bots add --id` takes), with
// a copy button: no column of its own, so the columns stay those of the list.
import type { Dsbot } from "@dsbot/protocol";
import { ActionIcon, Anchor, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconChevronRight, IconTrash } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/dates";
import type { BotSortBy, BotSortField } from "../api/types";
import { botTexts } from "../texts";
import { BotModulesCell } from "./bot-modules-cell";
import { BotStatusBadge } from "@/components/ui/bot-status-badge";

/** Column ids in table order with their German headers (the column menu lists them). */
export const botColumns = [
  { id: "player", label: botTexts.columns.player },
  { id: "status", label: botTexts.columns.status },
  { id: "modules", label: botTexts.columns.modules },
  { id: "createdAt", label: botTexts.columns.createdAt },
  { id: "updatedAt", label: botTexts.columns.updatedAt },
  { id: "actions", label: botTexts.columns.actions },
] as const;

const sortable: readonly BotSortField[] = ["player", "status", "createdAt", "updatedAt"];

function dateCell(value: string): ReactNode {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
      {formatDate(value)}
    </Text>
  );
}

function buildColumns(onDelete: (bot: Dsbot) => void): ColumnDef<Dsbot>[] {
  return [
    {
      id: "player",
      accessorFn: (bot) => bot.dsPlayer.name,
      header: botTexts.columns.player,
      cell: ({ row }) => (
        <div>
          <Anchor component={Link} to={paths.botDetail(row.original.id)} fw={600} c="gray.0" underline="hover">
            {row.original.dsPlayer.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {row.original.world.world.toUpperCase()} · {row.original.world.server}
          </Text>
          <Group gap={2} wrap="nowrap" data-bot-id={row.original.id}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {botTexts.botIdValue(row.original.id)}
            </Text>
            <CopyButton value={String(row.original.id)} label={botTexts.copyBotId(row.original.dsPlayer.name)} size="sm" />
          </Group>
        </div>
      ),
    },
    {
      id: "status",
      accessorFn: (bot) => bot.status ?? "offline",
      header: botTexts.columns.status,
      cell: ({ row }) => <BotStatusBadge status={row.original.status} protectedSince={row.original.protectedSince} />,
    },
    {
      id: "modules",
      header: botTexts.columns.modules,
      enableSorting: false,
      cell: ({ row }) => <BotModulesCell modules={row.original.modules} />,
    },
    { id: "createdAt", accessorKey: "createdAt", header: botTexts.columns.createdAt, cell: ({ row }) => dateCell(row.original.createdAt) },
    { id: "updatedAt", accessorKey: "updatedAt", header: botTexts.columns.updatedAt, cell: ({ row }) => dateCell(row.original.updatedAt) },
    {
      id: "actions",
      header: () => <VisuallyHidden>{botTexts.columns.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 96 },
      cell: ({ row }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={botTexts.openRow(row.original.dsPlayer.name)}>
            <ActionIcon
              component={Link}
              to={paths.botDetail(row.original.id)}
              variant="subtle"
              color="gray"
              aria-label={botTexts.openRow(row.original.dsPlayer.name)}
            >
              <IconChevronRight size={17} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={botTexts.deleteRow(row.original.dsPlayer.name)}>
            <ActionIcon variant="subtle" color="red" aria-label={botTexts.deleteRow(row.original.dsPlayer.name)} onClick={() => onDelete(row.original)}>
              <IconTrash size={17} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

interface BotsTableProps {
  bots: Dsbot[];
  loading: boolean;
  sortBy: BotSortBy;
  onSortByChange: (sortBy: BotSortBy) => void;
  hiddenColumns: string[];
  onDelete: (bot: Dsbot) => void;
  empty: ReactNode;
}

export function BotsTable({ bots, loading, sortBy, onSortByChange, hiddenColumns, onDelete, empty }: BotsTableProps) {
  const columns = useMemo(() => buildColumns(onDelete), [onDelete]);
  const table = useDataTable({ data: bots, columns, getRowId: (row) => String(row.id), sortBy, onSortByChange, sortable, hiddenColumns });
  return <DataTable table={table} loading={loading} label={botTexts.tableLabel} minWidth={720} empty={empty} />;
}
