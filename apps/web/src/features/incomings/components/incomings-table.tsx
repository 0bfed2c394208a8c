// The incomings table: attacker, origin, target (coordinates linked into the game, village names under
// them), arrival (server time with ms), live countdown, distance, likely unit (with the slower ones still
// possible), kind with its reason, the noble train's place (its rows joined), the marking; sorting on the
// server. Rows that have landed are left out by the page. Dense: nothing a player reads is cut, and
// "Verteidigen" stays in sight at the right edge.
import type { Incoming, incomingSortFields } from "@dsbot/protocol";
import { ActionIcon, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconShieldPlus, IconTrash } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useMediaQuery } from "@mantine/hooks";
import { PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { incomingTexts as texts } from "../texts";
import { ArrivalText, Countdown } from "./arrival";
import { IncomingCards } from "./incoming-cards";
import { AttackerCell, MarkingEditor, trainPlaces, VillageCell } from "./incoming-cells";
import cellClasses from "./incoming-cells.module.css";
import { IncomingKindBadge } from "./kind-badge";
import { LikelyUnit } from "./likely-unit";

export type IncomingSortField = (typeof incomingSortFields)[number];
export type IncomingSortBy = IncomingSortField | `-${IncomingSortField}`;

/** Below this the table scrolls sideways ("Verteidigen" staying at the right edge); its columns grow to their content. */
const INCOMINGS_TABLE_MIN_WIDTH = 900;

interface RowActions {
  onTag: (incoming: Incoming, tag: string) => Promise<unknown>;
  onDelete: (incoming: Incoming) => void;
  onDefend: (incoming: Incoming) => void;
}

function columns(zone: string, { onTag, onDelete, onDefend }: RowActions): ColumnDef<Incoming>[] {
  return [
    {
      id: "attacker",
      header: texts.columns.attacker,
      cell: ({ row }) => <AttackerCell player={row.original.origin.player} />,
    },
    {
      id: "origin",
      header: texts.columns.origin,
      enableSorting: false,
      cell: ({ row }) => <VillageCell village={row.original.origin} world={row.original.world} />,
    },
    {
      id: "target",
      header: texts.columns.target,
      cell: ({ row }) => <VillageCell village={row.original.target} world={row.original.world} />,
    },
    {
      id: "arrivalTime",
      header: texts.columns.arrivalTime,
      cell: ({ row }) => {
        // Date and time on one line where the room is, the time under the date where it is not.
        return (
          <Tooltip label={row.original.source === "bot" ? texts.sourceBot(row.original.dsbot?.dsPlayer.name ?? "") : texts.sourcePaste}>
            <ArrivalText time={row.original.arrivalTime} zone={zone} />
          </Tooltip>
        );
      },
    },
    {
      id: "remaining",
      header: texts.columns.remaining,
      enableSorting: false,
      cell: ({ row, table }) => <Countdown left={row.original.arrivalTime - (table.options.meta?.now ?? Date.now())} />,
    },
    {
      id: "distance",
      header: texts.columns.distance,
      meta: { width: 76 },
      cell: ({ row }) => (
        <Text size="sm" ta="right" style={{ whiteSpace: "nowrap" }}>
          {texts.fields(row.original.distance)}
        </Text>
      ),
    },
    { id: "likelyUnit", header: texts.columns.likelyUnit, meta: { width: 150 }, cell: ({ row }) => <LikelyUnit incoming={row.original} /> },
    {
      id: "kind",
      header: texts.columns.kind,
      meta: { width: 118 },
      cell: ({ row }) => (
        <Stack gap={2} align="flex-start">
          <IncomingKindBadge kind={row.original.kind} reason={row.original.kindReason} />
          {row.original.trainIndex !== null && (
            <Text size="xs" c="yellow.4" data-train={row.original.trainId} style={{ whiteSpace: "nowrap" }}>
              {texts.train(row.original.trainIndex)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: "tag",
      header: texts.columns.tag,
      enableSorting: false,
      cell: ({ row }) => <MarkingEditor incoming={row.original} onSave={(tag) => onTag(row.original, tag)} />,
    },
    {
      id: "actions",
      header: () => <VisuallyHidden>{texts.columns.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { sticky: true },
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconShieldPlus size={15} />}
            aria-label={texts.defendRow(row.original.target.coordinates)}
            onClick={() => onDefend(row.original)}
          >
            {texts.defend}
          </Button>
          {row.original.source === "paste" && (
            <Tooltip label={texts.deletePasted}>
              <ActionIcon variant="subtle" color="red" aria-label={texts.deletePasted} onClick={() => onDelete(row.original)}>
                <IconTrash size={17} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
}

interface IncomingsTableProps {
  incomings: Incoming[];
  loading: boolean;
  now: number;
  zone: string;
  sortBy: IncomingSortBy;
  onSortByChange: (sortBy: IncomingSortBy) => void;
  actions: RowActions;
  emptyText: string;
}

/** Phones get cards instead of the table (IncomingCards). */
export function IncomingsTable({ incomings, loading, now, zone, sortBy, onSortByChange, actions, emptyText }: IncomingsTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  // Without `now`: the definitions stay the same while the countdown ticks (it reads `meta.now`).
  const defs = useMemo(() => columns(zone, actions), [zone, actions]);
  const table = useDataTable({ data: incomings, columns: defs, getRowId: (row) => String(row.id), meta: { now }, sortBy, onSortByChange });
  if (phone) {
    return <IncomingCards table={table} loading={loading} sortBy={sortBy} onSortByChange={(value) => onSortByChange(value as IncomingSortBy)} emptyText={emptyText} />;
  }
  const places = trainPlaces(incomings);
  return (
    <div className={cellClasses.table}>
      <DataTable
        table={table}
        loading={loading}
        label={texts.tableLabel}
        minWidth={INCOMINGS_TABLE_MIN_WIDTH}
        dense
        empty={emptyText}
        rowAttributes={(row) => ({ "data-train-place": places.get(row.original.id) })}
      />
    </div>
  );
}
