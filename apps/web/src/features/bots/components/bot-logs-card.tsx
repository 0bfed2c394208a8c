// The bot's log table: Level, Nachricht, Benutzer, Zeit; paged on the server, live as the bot writes.
import type { BotLog } from "@dsbot/protocol";
import { Badge, Text } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { SectionCard } from "@/components/ui/section-card";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { useServerTable, useServerTableState } from "@/components/ui/server-table/use-server-table";
import { TablePagination } from "@/components/ui/table-pagination";
import { formatDate } from "@/lib/dates";
import { useBotLogsRealtime } from "../api/bot-logs-realtime";
import { botLogsQueryOptions } from "../api/bots-api";
import { botTexts } from "../texts";

const levelColors: Record<string, string> = { debug: "gray", info: "blue", warn: "yellow", error: "red" };

const columns: ColumnDef<BotLog>[] = [
  {
    id: "level",
    header: botTexts.logColumns.level,
    meta: { width: 90 },
    cell: ({ row }) => (
      <Badge size="sm" variant="light" color={levelColors[row.original.level] ?? "gray"}>
        {row.original.level}
      </Badge>
    ),
  },
  { id: "message", header: botTexts.logColumns.message, cell: ({ row }) => <Text size="sm">{row.original.message}</Text> },
  {
    id: "username",
    header: botTexts.logColumns.username,
    cell: ({ row }) => (
      <Text size="sm" c={row.original.username ? undefined : "dimmed"}>
        {row.original.username ?? botTexts.system}
      </Text>
    ),
  },
  {
    id: "createdAt",
    header: botTexts.logColumns.createdAt,
    meta: { width: 130 },
    cell: ({ row }) => (
      <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {formatDate(row.original.createdAt)}
      </Text>
    ),
  },
];

export function BotLogsCard({ botId }: { botId: number }) {
  // The log has no sort of its own: the server gives it newest first (the table sorts no column).
  const state = useServerTableState({ perPage: 10, sortBy: "-createdAt" });
  const list = useServerTable({ state, query: botLogsQueryOptions(botId, state.activePage, state.perPage), rows: (data) => data.logs });
  const table = useDataTable({ data: list.rows, columns, getRowId: (row) => String(row.id) });
  useBotLogsRealtime(botId);
  return (
    <SectionCard title={botTexts.logs}>
      <DataTable
        table={table}
        // A new page loading dims the old rows; a live refetch of the shown page does not.
        loading={list.query.isPending || list.query.isPlaceholderData}
        label={botTexts.logsLabel}
        minWidth={560}
        skeletonRows={3}
        empty={
          <Text c="dimmed" size="sm">
            {botTexts.logsEmpty}
          </Text>
        }
      />
      <TablePagination {...list.pagination} />
    </SectionCard>
  );
}
