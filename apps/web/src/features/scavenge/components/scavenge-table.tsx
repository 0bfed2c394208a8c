// The villages' Raubzug as a table (a row per village: its squads per option, the haul per run, hour and
// day), sorted and paged here (the whole list is in the browser); on a phone as cards with the sort as a
// choice above them.
import { scavengeOptions } from "@dsbot/protocol";
import { Group, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMemo } from "react";
import { Card, CardField, CardList, PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { scavengeSortFields, type PlannedVillage, type ScavengeSortBy } from "../lib/scavenge-plan";
import { scavengeTexts as texts } from "../texts";
import { AdjustButton, FigureCell, scavengeColumns, VillageCell, type Figure } from "./scavenge-columns";
import { SquadCell } from "./squad-cell";

const TABLE_MIN_WIDTH = 1060;
const figures: Figure[] = ["perRun", "perHour", "perDay"];
const sortChoices = scavengeSortFields.flatMap((field) => [
  { value: field, label: texts.sortChoice(texts.columns[field], false) },
  { value: `-${field}`, label: texts.sortChoice(texts.columns[field], true) },
]);

function VillageCard({ village, onAdjust }: { village: PlannedVillage; onAdjust: (village: PlannedVillage) => void }) {
  return (
    <Card rowId={village.row.villageId}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <VillageCell village={village} />
        <AdjustButton village={village} onAdjust={onAdjust} />
      </Group>
      {scavengeOptions.map((option) => (
        <CardField key={option.id} label={option.name}>
          <SquadCell village={village} option={option.id} />
        </CardField>
      ))}
      {figures.map((figure) => (
        <CardField key={figure} label={texts.columns[figure]}>
          <FigureCell village={village} figure={figure} />
        </CardField>
      ))}
    </Card>
  );
}

interface ScavengeTableProps {
  villages: PlannedVillage[];
  sortBy: ScavengeSortBy;
  onSortByChange: (sortBy: ScavengeSortBy) => void;
  onAdjust: (village: PlannedVillage) => void;
}

export function ScavengeTable({ villages, sortBy, onSortByChange, onAdjust }: ScavengeTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const defs = useMemo(() => scavengeColumns(onAdjust), [onAdjust]);
  const table = useDataTable({ data: villages, columns: defs, getRowId: (v) => String(v.row.villageId), sortBy, onSortByChange, sortable: scavengeSortFields });
  const empty = <Text c="dimmed">{texts.emptyFiltered}</Text>;
  if (phone) {
    return (
      <CardList
        label={texts.tableLabel}
        items={villages}
        itemKey={(v) => v.row.villageId}
        renderItem={(v) => <VillageCard village={v} onAdjust={onAdjust} />}
        loading={false}
        sortLabel={texts.sortBy}
        sortChoices={sortChoices}
        sortBy={sortBy}
        onSortByChange={(value) => onSortByChange(value as ScavengeSortBy)}
        empty={empty}
        skeletonHeight={320}
      />
    );
  }
  return <DataTable table={table} label={texts.tableLabel} minWidth={TABLE_MIN_WIDTH} dense empty={empty} />;
}
