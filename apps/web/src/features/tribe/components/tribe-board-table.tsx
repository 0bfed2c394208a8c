// The rows of Stammes-Eingänge: arrival (server time with ms) and countdown, target with the member,
// origin with the attacker, kind with the noble train's place (its rows joined as in the incomings
// table), likely unit and the defence. In the server's order (by arrival). Phones (below 540 px) get a
// card per incoming instead. Where the caller may ask for support for a row's village (`canRequest`), the
// row (a noble train: its first row only, the train is one attack) has "Unterstützung anfordern", in a
// last column "Aktionen" that is there only while some row on the page has it.
import type { TribeIncoming } from "@dsbot/protocol";
import { ActionIcon, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLifebuoy } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { Card, CardField, CardList, PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { ArrivalText, Countdown, LikelyUnit, NobleTrainCard, NobleTrainRows, trainPlaces, VillageCell } from "@/features/incomings";
import { tribeBoardTexts as texts, tribeRequestTexts } from "../texts";
import { DefenceCell, KindCell, OriginCell, SeenBy, TargetCell, trainSize } from "./tribe-board-cells";

/** Below this the table scrolls sideways; its columns grow to their content. */
const BOARD_TABLE_MIN_WIDTH = 900;

/** Who may ask for support for which row, and what asking does (tribe-board.tsx). */
export interface RequestActions {
  canRequest: (incoming: TribeIncoming) => boolean;
  /** An open request already asks for this row's village and attack: the action shows it, disabled. */
  requested: (incoming: TribeIncoming) => boolean;
  onRequest: (incoming: TribeIncoming) => void;
}

/** Whether `incoming` gets the request action: one a train (its first row among `rows`) where allowed. */
function offersRequest(actions: RequestActions, rows: readonly TribeIncoming[], incoming: TribeIncoming): boolean {
  const place = trainPlaces(rows).get(incoming.id);
  return place !== "middle" && place !== "last" && actions.canRequest(incoming);
}

function RequestButton({ incoming, actions }: { incoming: TribeIncoming; actions: RequestActions }) {
  if (actions.requested(incoming))
    return (
      <Tooltip label={tribeRequestTexts.requested}>
        {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
        <span>
          <ActionIcon variant="subtle" color="gray" disabled aria-label={tribeRequestTexts.requestedLabel(incoming.target.coordinates)}>
            <IconLifebuoy size={17} />
          </ActionIcon>
        </span>
      </Tooltip>
    );
  return (
    <Tooltip label={tribeRequestTexts.request}>
      <ActionIcon variant="subtle" color="blue" aria-label={tribeRequestTexts.requestLabel(incoming.target.coordinates)} onClick={() => actions.onRequest(incoming)}>
        <IconLifebuoy size={17} />
      </ActionIcon>
    </Tooltip>
  );
}

function columns(zone: string, actions: RequestActions | undefined): ColumnDef<TribeIncoming>[] {
  const nowOf = (meta: { now?: number } | undefined) => meta?.now ?? Date.now();
  const actionColumn: ColumnDef<TribeIncoming>[] = actions
    ? [
        {
          id: "actions",
          header: () => <VisuallyHidden>{tribeRequestTexts.actions}</VisuallyHidden>,
          meta: { width: 56, sticky: true },
          cell: ({ row, table }) =>
            offersRequest(actions, table.options.data, row.original) && (
              <Group justify="flex-end" wrap="nowrap">
                <RequestButton incoming={row.original} actions={actions} />
              </Group>
            ),
        },
      ]
    : [];
  return [
    {
      id: "arrival",
      header: texts.columns.arrival,
      cell: ({ row, table }) => (
        <Stack gap={2}>
          <ArrivalText time={row.original.arrivalTime} zone={zone} />
          <Countdown left={row.original.arrivalTime - nowOf(table.options.meta)} />
        </Stack>
      ),
    },
    { id: "target", header: texts.columns.target, cell: ({ row }) => <TargetCell incoming={row.original} /> },
    { id: "origin", header: texts.columns.origin, cell: ({ row }) => <OriginCell incoming={row.original} /> },
    {
      id: "kind",
      header: texts.columns.kind,
      meta: { width: 118 },
      cell: ({ row, table }) => <KindCell incoming={row.original} size={row.original.trainId === null ? 0 : trainSize(table.options.data, row.original.trainId)} />,
    },
    { id: "likelyUnit", header: texts.columns.likelyUnit, meta: { width: 150 }, cell: ({ row }) => <LikelyUnit incoming={row.original} /> },
    {
      id: "defence",
      header: texts.columns.defence,
      cell: ({ row, table }) => <DefenceCell defence={row.original.defence} now={nowOf(table.options.meta)} zone={zone} />,
    },
    ...actionColumn,
  ];
}

interface BoardCardProps {
  incoming: TribeIncoming;
  rows: readonly TribeIncoming[];
  now: number;
  zone: string;
  actions: RequestActions | undefined;
}

function BoardCard({ incoming, rows, now, zone, actions }: BoardCardProps) {
  const size = incoming.trainId === null ? 0 : trainSize(rows, incoming.trainId);
  return (
    <Card rowId={incoming.id}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <VillageCell village={incoming.target} world={incoming.world} />
        <KindCell incoming={incoming} size={size} />
      </Group>
      <CardField label={texts.columns.arrival}>
        <ArrivalText time={incoming.arrivalTime} zone={zone} />
      </CardField>
      <CardField label={texts.columns.remaining}>
        <Countdown left={incoming.arrivalTime - now} />
      </CardField>
      <CardField label={texts.columns.member}>
        <Group gap={6} justify="flex-end">
          <Text size="sm" fw={600} aria-label={texts.reportedBy(incoming.member.username)}>
            {incoming.member.username}
          </Text>
          <SeenBy count={incoming.seenBy} />
        </Group>
      </CardField>
      <CardField label={texts.columns.origin}>
        <OriginCell incoming={incoming} />
      </CardField>
      <CardField label={texts.columns.likelyUnit}>
        <LikelyUnit incoming={incoming} />
      </CardField>
      <CardField label={texts.columns.defence}>
        <DefenceCell defence={incoming.defence} now={now} zone={zone} />
      </CardField>
      {actions && offersRequest(actions, rows, incoming) && (
        <Group justify="flex-end" mt="xs">
          {actions.requested(incoming) ? (
            <Button size="xs" variant="light" color="gray" disabled leftSection={<IconLifebuoy size={16} />}>
              {tribeRequestTexts.requested}
            </Button>
          ) : (
            <Button size="xs" variant="light" leftSection={<IconLifebuoy size={16} />} onClick={() => actions.onRequest(incoming)}>
              {tribeRequestTexts.request}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}

interface TribeBoardTableProps {
  incomings: TribeIncoming[];
  loading: boolean;
  now: number;
  zone: string;
  emptyText: string;
  /** Asking for support; none: no action column (an admin who is not a member only looks). */
  actions?: RequestActions;
}

export function TribeBoardTable({ incomings, loading, now, zone, emptyText, actions }: TribeBoardTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  // The action column only where the caller may ask for some row on the page: else it would stay empty.
  const offering = actions !== undefined && incomings.some((incoming) => actions.canRequest(incoming));
  // Without `now`: the definitions stay the same while the countdown ticks (it reads `meta.now`); the
  // caller keeps `actions` the same between renders.
  const defs = useMemo(() => columns(zone, offering ? actions : undefined), [zone, offering, actions]);
  const table = useDataTable({ data: incomings, columns: defs, getRowId: (row) => String(row.id), meta: { now } });
  const places = trainPlaces(incomings);
  if (phone) {
    return (
      <CardList
        label={texts.tableLabel}
        items={incomings}
        itemKey={(incoming) => incoming.id}
        renderItem={(incoming) => (
          <NobleTrainCard place={places.get(incoming.id)}>
            <BoardCard incoming={incoming} rows={incomings} now={now} zone={zone} actions={actions} />
          </NobleTrainCard>
        )}
        loading={loading}
        empty={<Text c="dimmed">{emptyText}</Text>}
        skeletonHeight={240}
      />
    );
  }
  return (
    <NobleTrainRows>
      <DataTable
        table={table}
        loading={loading}
        label={texts.tableLabel}
        minWidth={BOARD_TABLE_MIN_WIDTH}
        dense
        empty={emptyText}
        rowAttributes={(row) => ({ "data-train-place": places.get(row.original.id), "data-train": row.original.trainId === null ? undefined : String(row.original.trainId) })}
      />
    </NobleTrainRows>
  );
}
