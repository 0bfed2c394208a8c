// The Truppen table: a row per village with a column per unit (icon headers, the unit's name on hover),
// population, Off/Def population, the class and the scan it comes from, all of the page's view; a sum row
// over every filtered village below. A source that did not tell the view's units shows "?".
import type { TroopClass, TroopRow, TroopView, Unit } from "@dsbot/protocol";
import { Badge, Table, Text } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { UnitIcon } from "@/components/ui/unit-icon";
import type { TroopListParams, TroopPage } from "../api/troops-api";
import { viewCounts } from "../lib/troop-export";
import { TroopSource } from "./troop-source";
import { troopTexts as texts } from "../texts";

export type TroopSortBy = NonNullable<TroopListParams["sortBy"]>;

const classColors: Record<TroopClass, string> = { off: "red", def: "blue", mixed: "grape", empty: "gray" };
const number = (n: number) => n.toLocaleString("de-DE");

/** A figure of a view the row's source did not report (an older bot's scan knows only the units at home). */
function Unknown({ unit }: { unit?: Unit }) {
  return (
    <Tooltip label={texts.viewUnknown}>
      <Text size="sm" ta="right" c="dimmed" data-unit={unit}>
        ?
      </Text>
    </Tooltip>
  );
}

function columns(unitColumns: readonly Unit[], view: TroopView): ColumnDef<TroopRow>[] {
  return [
    {
      id: "village",
      header: texts.columns.village,
      cell: ({ row }) => (
        <div>
          <Text size="sm" fw={600} truncate maw={200}>
            {row.original.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.original.coordinates}
          </Text>
        </div>
      ),
    },
    { id: "player", header: texts.columns.player, cell: ({ row }) => <Text size="sm">{row.original.playerName ?? "–"}</Text> },
    ...unitColumns.map(
      (unit): ColumnDef<TroopRow> => ({
        id: `unit-${unit}`,
        header: () => <UnitIcon unit={unit} size={16} />,
        enableSorting: false,
        meta: { width: 72 },
        cell: ({ row }) => {
          const counts = viewCounts(row.original, view);
          if (counts === null) return <Unknown unit={unit} />;
          const n = counts[unit] ?? 0;
          return (
            <Text size="sm" ta="right" c={n === 0 ? "dimmed" : undefined} data-unit={unit}>
              {number(n)}
            </Text>
          );
        },
      }),
    ),
    {
      id: "population",
      header: texts.columns.population,
      cell: ({ row }) =>
        viewCounts(row.original, view) === null ? (
          <Unknown />
        ) : (
          <Text size="sm" ta="right" data-population>
            {number(row.original.population)}
          </Text>
        ),
    },
    {
      id: "class",
      header: texts.columns.class,
      enableSorting: false,
      cell: ({ row }) =>
        viewCounts(row.original, view) === null ? (
          <Unknown />
        ) : (
          <Tooltip label={`${texts.columns.offPopulation} ${number(row.original.offPopulation)} · ${texts.columns.defPopulation} ${number(row.original.defPopulation)}`}>
            <Badge color={classColors[row.original.class]} variant="light">
              {texts.classes[row.original.class]}
            </Badge>
          </Tooltip>
        ),
    },
    {
      id: "scannedAt",
      header: texts.columns.scannedAt,
      cell: ({ row }) => <TroopSource row={row.original} />,
    },
  ];
}

const noTroops: TroopRow[] = [];

interface TroopsTableProps {
  data: TroopPage | undefined;
  unitColumns: readonly Unit[];
  loading: boolean;
  sortBy: TroopSortBy;
  onSortByChange: (sortBy: TroopSortBy) => void;
  emptyText: string;
}

export function TroopsTable({ data, unitColumns, loading, sortBy, onSortByChange, emptyText }: TroopsTableProps) {
  // The view the page was loaded in (the previous page stays on screen while the next one loads).
  const view = data?.view ?? "total";
  const defs = useMemo(() => columns(unitColumns, view), [unitColumns, view]);
  const table = useDataTable({ data: data?.troops ?? noTroops, columns: defs, getRowId: (row) => `${row.source}-${row.villageId}`, sortBy, onSortByChange });
  const sumRow = data && data.totals > 0 && (
    <Table.Tr data-troop-totals>
      <Table.Th>{texts.totals(texts.views[view])}</Table.Th>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {number(data.totals)} {data.totals === 1 ? "Dorf" : "Dörfer"}
        </Text>
      </Table.Td>
      {unitColumns.map((unit) => (
        <Table.Td key={unit} ta="right" data-unit={unit}>
          <Text size="sm" fw={700}>
            {number(data.sum.total[unit] ?? 0)}
          </Text>
        </Table.Td>
      ))}
      <Table.Td ta="right">
        <Text size="sm" fw={700}>
          {number(data.sum.population)}
        </Text>
      </Table.Td>
      <Table.Td colSpan={2}>
        <Text size="xs" c="dimmed">
          {texts.columns.offPopulation} {number(data.sum.offPopulation)} · {texts.columns.defPopulation} {number(data.sum.defPopulation)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  return <DataTable table={table} loading={loading} label={texts.tableLabel} minWidth={480 + unitColumns.length * 72} empty={emptyText} footer={sumRow} />;
}
