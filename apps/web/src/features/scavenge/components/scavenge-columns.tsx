// The cells of a village's Raubzug, shared by the table and the phone's cards: the village (with a badge
// when it is adjusted, excluded, has squads out or nothing to send) with whose troops and how old and which
// bot last read its Raubzug, one cell per option,
// the haul per run, per hour and per day, and the button that adjusts the village.
import type { ScavengeOptionId } from "@dsbot/protocol";
import { scavengeOptions } from "@dsbot/protocol";
import { ActionIcon, Badge, Group, Text } from "@mantine/core";
import { IconAdjustments } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { Tooltip } from "@/components/ui/tooltip";
import { TroopSource } from "@/features/troops";
import { formatDate } from "@/lib/dates";
import type { PlannedVillage } from "../lib/scavenge-plan";
import { scavengeTexts as texts } from "../texts";
import { SquadCell } from "./squad-cell";

export type Figure = "perRun" | "perHour" | "perDay";

export function figureOf(village: PlannedVillage, figure: Figure): number {
  return figure === "perDay" ? village.perDay : village.plan[figure];
}

export function VillageCell({ village }: { village: PlannedVillage }) {
  const { row } = village;
  const busy = Object.keys(village.busy).length > 0;
  const badge = village.excluded
    ? texts.village.excluded
    : village.overridden
      ? texts.village.adjusted
      : village.plan.squads.length === 0
        ? busy
          ? texts.village.busy
          : texts.village.nothing
        : null;
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate maw={200}>
          {row.name}
        </Text>
        {badge && (
          <Badge size="xs" variant="light" color={village.excluded ? "gray" : village.overridden || busy ? "blue" : "yellow"} tt="none" data-village-state>
            {badge}
          </Badge>
        )}
      </Group>
      <Group gap={8} wrap="nowrap">
        <Text size="xs" c="dimmed" ff="monospace">
          {row.coordinates}
        </Text>
        <TroopSource row={row} />
      </Group>
      {village.game && (
        <Text size="xs" c="dimmed" data-scavenge-read>
          {texts.village.game(village.game.playerName, formatDate(village.game.scannedAt))}
        </Text>
      )}
    </div>
  );
}

export function FigureCell({ village, figure }: { village: PlannedVillage; figure: Figure }) {
  const value = figureOf(village, figure);
  return (
    <Text size="sm" ta="right" fw={figure === "perHour" ? 600 : undefined} c={value === 0 ? "dimmed" : undefined} data-figure={figure} style={{ whiteSpace: "nowrap" }}>
      {texts.number(value)}
    </Text>
  );
}

export function AdjustButton({ village, onAdjust }: { village: PlannedVillage; onAdjust: (village: PlannedVillage) => void }) {
  const label = texts.override.open(village.row.name);
  return (
    <Tooltip label={label}>
      <ActionIcon variant={village.overridden ? "light" : "subtle"} color={village.overridden ? "blue" : "gray"} aria-label={label} onClick={() => onAdjust(village)}>
        <IconAdjustments size={17} />
      </ActionIcon>
    </Tooltip>
  );
}

const optionColumn = (option: ScavengeOptionId, name: string): ColumnDef<PlannedVillage> => ({
  id: `option-${option}`,
  header: name,
  enableSorting: false,
  meta: { width: 150 },
  cell: ({ row }) => <SquadCell village={row.original} option={option} />,
});

const figureColumn = (figure: Figure, sortable: boolean): ColumnDef<PlannedVillage> => ({
  id: figure,
  header: texts.columns[figure],
  enableSorting: sortable,
  meta: { width: 96 },
  cell: ({ row }) => <FigureCell village={row.original} figure={figure} />,
});

export function scavengeColumns(onAdjust: (village: PlannedVillage) => void): ColumnDef<PlannedVillage>[] {
  return [
    { id: "village", header: texts.columns.village, meta: { width: 210 }, cell: ({ row }) => <VillageCell village={row.original} /> },
    ...scavengeOptions.map((option) => optionColumn(option.id, option.name)),
    figureColumn("perRun", true),
    figureColumn("perHour", true),
    figureColumn("perDay", false),
    {
      id: "actions",
      header: texts.columns.actions,
      enableSorting: false,
      meta: { width: 56 },
      cell: ({ row }) => <AdjustButton village={row.original} onAdjust={onAdjust} />,
    },
  ];
}
