// The columns of the attack table, in this order: Angreifer, Verteidiger, Startdorf, Zieldorf, Typ,
// Einheiten, Restzeit, Abschickzeit, Ankunftszeit, Priorität, Status and an actions column without a
// label (row selection, edit, delete, rally point). Sortable: sendTime, arrivalTime, attacker,
// defender and the villages. The set widths are not maxima: a column grows to what its content needs
// (DataTable's dense layout), so nothing a player reads is cut.
import type { Attack, AttackSortField, World } from "@dsbot/protocol";
import { rallyPointUrl } from "@dsbot/protocol";
import { ActionIcon, Checkbox, Group, Text } from "@mantine/core";
import { IconExternalLink, IconPencil, IconTrash } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { Tooltip } from "@/components/ui/tooltip";
import { attackPlanTexts as texts } from "../texts";
import { ArrivalTime, AttackStatusBadge, AttackTypeIcon, PlayerLink, ServerTime, UnitBadges, VillageLink } from "./attack-cells";
import { RemainingTime } from "./remaining-time";

export type AttackColumnId = keyof typeof texts.columns;

/** Every column in table order with header and its set width ("auto" columns share what is left); all but actions can be hidden. */
export const attackColumns: readonly { id: AttackColumnId; label: string; width: number | "auto"; sortable: boolean; hideable: boolean }[] = [
  { id: "attacker", label: texts.columns.attacker, width: "auto", sortable: true, hideable: true },
  { id: "defender", label: texts.columns.defender, width: "auto", sortable: true, hideable: true },
  { id: "startVillage", label: texts.columns.startVillage, width: 125, sortable: true, hideable: true },
  { id: "targetVillage", label: texts.columns.targetVillage, width: 125, sortable: true, hideable: true },
  { id: "type", label: texts.columns.type, width: 10, sortable: false, hideable: true },
  { id: "units", label: texts.columns.units, width: "auto", sortable: false, hideable: true },
  { id: "remaining", label: texts.columns.remaining, width: 100, sortable: false, hideable: true },
  { id: "sendTime", label: texts.columns.sendTime, width: 150, sortable: true, hideable: true },
  { id: "arrivalTime", label: texts.columns.arrivalTime, width: 150, sortable: true, hideable: true },
  { id: "priority", label: texts.columns.priority, width: 50, sortable: false, hideable: true },
  { id: "status", label: texts.columns.status, width: 70, sortable: false, hideable: true },
  { id: "actions", label: texts.columns.actions, width: 150, sortable: false, hideable: false },
];

export const sortableAttackColumns: readonly AttackSortField[] = ["sendTime", "arrivalTime", "attacker", "defender", "startVillage", "targetVillage"];

export interface AttackColumnOptions {
  world: World;
  canEdit: boolean;
  selected: ReadonlySet<number>;
  pageIds: readonly number[];
  onToggle: (id: number) => void;
  onTogglePage: (select: boolean) => void;
  onEdit: (attack: Attack) => void;
  onDelete: (attack: Attack) => void;
}

function SelectPageCheckbox({ selected, pageIds, onTogglePage }: Pick<AttackColumnOptions, "selected" | "pageIds" | "onTogglePage">) {
  const count = pageIds.filter((id) => selected.has(id)).length;
  const all = pageIds.length > 0 && count === pageIds.length;
  return (
    <Checkbox
      size="xs"
      aria-label={texts.selectPage}
      checked={all}
      indeterminate={count > 0 && !all}
      disabled={pageIds.length === 0}
      onChange={() => onTogglePage(!all)}
    />
  );
}

/** Selection, rally point, edit and delete of one attack: compact icon buttons (the table and the phone cards). */
export function ActionsCell({ attack, options }: { attack: Attack; options: AttackColumnOptions }) {
  const from = attack.startVillage.coordinates;
  const to = attack.targetVillage.coordinates;
  const canLink = attack.startVillage.id > 0 && attack.targetVillage.id > 0;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Checkbox size="xs" mr={6} aria-label={texts.selectRow(from, to)} checked={options.selected.has(attack.id)} onChange={() => options.onToggle(attack.id)} />
      {canLink && (
        <Tooltip label={texts.rallyPoint(from, to)}>
          <ActionIcon
            component="a"
            href={rallyPointUrl(options.world, attack.startVillage.id, attack.targetVillage.id, attack.units)}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            aria-label={texts.rallyPoint(from, to)}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {options.canEdit && (
        <>
          <Tooltip label={texts.editRow(from, to)}>
            <ActionIcon variant="subtle" color="gray" aria-label={texts.editRow(from, to)} onClick={() => options.onEdit(attack)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={texts.deleteAttackRow(from, to)}>
            <ActionIcon variant="subtle" color="red" aria-label={texts.deleteAttackRow(from, to)} onClick={() => options.onDelete(attack)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}

const meta = (id: AttackColumnId) => ({ width: attackColumns.find((c) => c.id === id)?.width, narrow: id === "type", tight: id === "status", sticky: id === "actions" });

export function buildAttackColumns(options: AttackColumnOptions): ColumnDef<Attack>[] {
  const { world } = options;
  return [
    {
      id: "attacker",
      accessorFn: (attack) => attack.startVillage.player?.name ?? "",
      header: texts.columns.attacker,
      meta: meta("attacker"),
      cell: ({ row }) => <PlayerLink player={row.original.startVillage.player} world={world} />,
    },
    {
      id: "defender",
      accessorFn: (attack) => attack.targetVillage.player?.name ?? "",
      header: texts.columns.defender,
      meta: meta("defender"),
      cell: ({ row }) => <PlayerLink player={row.original.targetVillage.player} world={world} />,
    },
    {
      id: "startVillage",
      accessorFn: (attack) => attack.startVillage.coordinates,
      header: texts.columns.startVillage,
      meta: meta("startVillage"),
      cell: ({ row }) => <VillageLink village={row.original.startVillage} world={world} />,
    },
    {
      id: "targetVillage",
      accessorFn: (attack) => attack.targetVillage.coordinates,
      header: texts.columns.targetVillage,
      meta: meta("targetVillage"),
      cell: ({ row }) => <VillageLink village={row.original.targetVillage} world={world} />,
    },
    { id: "type", header: texts.columns.type, meta: meta("type"), enableSorting: false, cell: ({ row }) => <AttackTypeIcon type={row.original.type} compact /> },
    { id: "units", header: texts.columns.units, meta: meta("units"), enableSorting: false, cell: ({ row }) => <UnitBadges units={row.original.units} formulas={row.original.formulas} compact /> },
    {
      id: "remaining",
      header: texts.columns.remaining,
      meta: meta("remaining"),
      enableSorting: false,
      cell: ({ row }) => <RemainingTime sendTime={row.original.sendTime} status={row.original.status} />,
    },
    { id: "sendTime", accessorKey: "sendTime", header: texts.columns.sendTime, meta: meta("sendTime"), cell: ({ row }) => <ServerTime ms={row.original.sendTime} stacked /> },
    { id: "arrivalTime", accessorKey: "arrivalTime", header: texts.columns.arrivalTime, meta: meta("arrivalTime"), cell: ({ row }) => <ArrivalTime planned={row.original.arrivalTime} real={row.original.realArrivalTime} stacked /> },
    {
      id: "priority",
      header: texts.columns.priority,
      meta: meta("priority"),
      enableSorting: false,
      cell: ({ row }) => (
        <Text size="sm" ta="center" fw={600}>
          {row.original.priority}
        </Text>
      ),
    },
    {
      id: "status",
      header: texts.columns.status,
      meta: meta("status"),
      enableSorting: false,
      cell: ({ row }) => <AttackStatusBadge status={row.original.status} error={row.original.error} />,
    },
    {
      id: "actions",
      header: () => <SelectPageCheckbox selected={options.selected} pageIds={options.pageIds} onTogglePage={options.onTogglePage} />,
      meta: meta("actions"),
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => <ActionsCell attack={row.original} options={options} />,
    },
  ];
}
