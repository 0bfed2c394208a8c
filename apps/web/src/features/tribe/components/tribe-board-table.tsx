// The rows of Stammes-Eingänge: arrival (server time with ms) and countdown, target with the member,
// origin with the attacker, kind with the noble train's place (its rows joined as in the incomings
// table), likely unit and the defence. In the server's order (by arrival). Phones (below 540 px) get a
// card per incoming instead.
import type { TribeIncoming } from "@dsbot/protocol";
import { Group, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { Card, CardField, CardList, PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { ArrivalText, Countdown, LikelyUnit, NobleTrainCard, NobleTrainRows, trainPlaces, VillageCell } from "@/features/incomings";
import { tribeBoardTexts as texts } from "../texts";
import { DefenceCell, KindCell, OriginCell, SeenBy, TargetCell, trainSize } from "./tribe-board-cells";

/** Below this the table scrolls sideways; its columns grow to their content. */
const BOARD_TABLE_MIN_WIDTH = 900;

function columns(zone: string): ColumnDef<TribeIncoming>[] {
  const nowOf = (meta: { now?: number } | undefined) => meta?.now ?? Date.now();
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
  ];
}

interface BoardCardProps {
  incoming: TribeIncoming;
  rows: readonly TribeIncoming[];
  now: number;
  zone: string;
}

function BoardCard({ incoming, rows, now, zone }: BoardCardProps) {
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
    </Card>
  );
}

interface TribeBoardTableProps {
  incomings: TribeIncoming[];
  loading: boolean;
  now: number;
  zone: string;
  emptyText: string;
}

export function TribeBoardTable({ incomings, loading, now, zone, emptyText }: TribeBoardTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  // Without `now`: the definitions stay the same while the countdown ticks (it reads `meta.now`).
  const defs = useMemo(() => columns(zone), [zone]);
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
            <BoardCard incoming={incoming} rows={incomings} now={now} zone={zone} />
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
