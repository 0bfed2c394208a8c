// The known worlds: code, server and server time zone (editable), counts, last import, last sync
// (running, or its error in red while the sync is on), the sync switch and the per-world actions
// (import files, sync now).
import { worldLabel, type WorldSummary } from "@dsbot/protocol";
import { ActionIcon, Button, Group, Loader, Stack, Switch, Text, VisuallyHidden } from "@mantine/core";
import { IconClock, IconPencil, IconRefresh, IconUpload } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDate } from "@/lib/dates";
import { worldTexts } from "../texts";

export interface WorldRowActions {
  onImport: (world: WorldSummary) => void;
  onSync: (world: WorldSummary) => void;
  onToggleSync: (world: WorldSummary, enabled: boolean) => void;
  onEditTimeZone: (world: WorldSummary) => void;
  /** The world whose sync is running now (its button spins). */
  syncingId: number | undefined;
  togglingId: number | undefined;
}

const numberCell = (value: number) => (
  <Text size="sm" ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
    {worldTexts.number(value)}
  </Text>
);

function dateCell(value: string | null) {
  return (
    <Text size="sm" c={value ? undefined : "dimmed"} style={{ whiteSpace: "nowrap" }}>
      {value ? formatDate(value) : worldTexts.never}
    </Text>
  );
}

/** When the last sync ran; "Abgleich läuft …" while one runs; its error only while the sync is on (else it is history). */
function LastSyncCell({ world }: { world: WorldSummary }) {
  return (
    <Stack gap={2}>
      {dateCell(world.lastSyncAt)}
      {world.syncing ? (
        <Group gap={6} wrap="nowrap" role="status" data-sync-running>
          <Loader size={10} />
          <Text size="xs" c="dimmed">
            {worldTexts.syncRunning}
          </Text>
        </Group>
      ) : (
        world.syncEnabled &&
        world.lastSyncError && (
          <Text size="xs" c="red.5" role="status" data-sync-error>
            {world.lastSyncError}
          </Text>
        )
      )}
    </Stack>
  );
}

/** The world's server time zone with its edit button; a corrected one names the market's beside it. */
function TimeZoneLine({ world, onEdit }: { world: WorldSummary; onEdit: (world: WorldSummary) => void }) {
  const corrected = world.timeZone !== world.timeZoneDefault;
  const label = worldTexts.timeZoneEdit(worldLabel(world));
  return (
    <Group gap={4} wrap="nowrap">
      <IconClock size={12} aria-hidden style={{ opacity: 0.6 }} />
      <Text size="xs" c={corrected ? "orange.4" : "dimmed"} data-testid="world-time-zone" title={corrected ? worldTexts.timeZoneMarket(world.timeZoneDefault) : undefined}>
        {world.timeZone}
      </Text>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="gray" size="xs" aria-label={label} onClick={() => onEdit(world)}>
          <IconPencil size={12} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function buildColumns(actions: WorldRowActions): ColumnDef<WorldSummary>[] {
  return [
    {
      id: "world",
      header: worldTexts.columns.world,
      cell: ({ row }) => (
        <div style={{ whiteSpace: "nowrap" }}>
          <Text size="sm" fw={600}>
            {worldLabel(row.original)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.server}
          </Text>
          <TimeZoneLine world={row.original} onEdit={actions.onEditTimeZone} />
        </div>
      ),
    },
    { id: "villages", header: worldTexts.columns.villages, cell: ({ row }) => numberCell(row.original.villages) },
    { id: "players", header: worldTexts.columns.players, cell: ({ row }) => numberCell(row.original.players) },
    { id: "allies", header: worldTexts.columns.allies, cell: ({ row }) => numberCell(row.original.allies) },
    { id: "lastImport", header: worldTexts.columns.lastImport, cell: ({ row }) => dateCell(row.original.lastImportAt) },
    {
      id: "lastSync",
      header: worldTexts.columns.lastSync,
      meta: { width: 220 },
      cell: ({ row }) => <LastSyncCell world={row.original} />,
    },
    {
      id: "sync",
      header: worldTexts.columns.sync,
      cell: ({ row }) => (
        <Switch
          aria-label={worldTexts.syncSwitch(worldLabel(row.original))}
          checked={row.original.syncEnabled}
          disabled={actions.togglingId === row.original.id}
          onChange={(event) => actions.onToggleSync(row.original, event.currentTarget.checked)}
        />
      ),
    },
    {
      id: "actions",
      header: () => <VisuallyHidden>{worldTexts.columns.actions}</VisuallyHidden>,
      cell: ({ row }) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconUpload size={14} />} onClick={() => actions.onImport(row.original)}>
            {worldTexts.importFiles}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            disabled={!row.original.syncEnabled || (actions.syncingId !== undefined && actions.syncingId !== row.original.id)}
            loading={actions.syncingId === row.original.id || row.original.syncing}
            onClick={() => actions.onSync(row.original)}
          >
            {worldTexts.syncNow}
          </Button>
        </Group>
      ),
    },
  ];
}

export function WorldsTable({ worlds, loading, actions }: { worlds: WorldSummary[]; loading: boolean; actions: WorldRowActions }) {
  const columns = useMemo(() => buildColumns(actions), [actions]);
  // A handful of worlds, loaded whole: no sort, no pages.
  const table = useDataTable({ data: worlds, columns, getRowId: (row) => String(row.id) });
  return (
    <DataTable
      table={table}
      loading={loading}
      label={worldTexts.tableLabel}
      minWidth={1040}
      empty={
        <Stack gap={4} align="center">
          <Text fw={600}>{worldTexts.empty}</Text>
          <Text c="dimmed" size="sm">
            {worldTexts.emptyHint}
          </Text>
        </Stack>
      }
    />
  );
}
