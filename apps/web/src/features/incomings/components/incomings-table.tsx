// The incomings table: attacker, origin, target, arrival (server time with ms), live countdown,
// distance, likely unit (with the slower ones still possible), kind with its reason, the noble train's
// place, the player's tag; sorting on the server. Rows that have landed are left out by the page.
import type { Incoming, IncomingKind, incomingSortFields } from "@dsbot/protocol";
import { formatServerTime, speedGroupLabel } from "@dsbot/protocol";
import { ActionIcon, Badge, Button, Group, Popover, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconCrown, IconPencil, IconShieldPlus, IconTrash } from "@tabler/icons-react";
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useMediaQuery } from "@mantine/hooks";
import { PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { UnitIcon } from "@/components/ui/unit-icon";
import { formatCountdown } from "@/lib/clock";
import { incomingTexts as texts } from "../texts";
import { IncomingCards } from "./incoming-cards";

export type IncomingSortField = (typeof incomingSortFields)[number];

const kindColors: Record<IncomingKind, string> = { attack: "red", fake: "gray", noble: "yellow" };
/** Under this much time left the countdown turns red. */
const URGENT_MS = 10 * 60_000;

function TagEditor({ incoming, onSave }: { incoming: Incoming; onSave: (tag: string) => Promise<unknown> }) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState(incoming.tag ?? "");
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(value.trim());
      setOpened(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" truncate maw={140} c={incoming.tag ? undefined : "dimmed"}>
        {incoming.tag ?? "–"}
      </Text>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={texts.editTag(incoming.target.coordinates)}
            onClick={() => {
              setValue(incoming.tag ?? "");
              setOpened((o) => !o);
            }}
          >
            <IconPencil size={15} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput label={texts.tagLabel} placeholder={texts.tagPlaceholder} value={value} maxLength={100} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
              <Button type="submit" size="sm" loading={saving}>
                {texts.save}
              </Button>
            </Group>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

function LikelyUnit({ incoming }: { incoming: Incoming }) {
  if (!incoming.likelyUnits) {
    return (
      <Tooltip label={texts.unknownUnitHint}>
        <Text size="sm" c="dimmed">
          {texts.unknownUnit}
        </Text>
      </Tooltip>
    );
  }
  const others = incoming.otherUnits.map((g) => speedGroupLabel({ units: g })).join(", ");
  return (
    <Tooltip label={others ? texts.othersPossible(others) : texts.onlyThis} multiline maw={320}>
      <Group gap={4} wrap="nowrap" aria-label={speedGroupLabel({ units: incoming.likelyUnits })} role="group" data-likely-unit={incoming.likelyUnits.join(" ")}>
        {incoming.likelyUnits.map((unit) => (
          <UnitIcon key={unit} unit={unit} size={16} />
        ))}
        {others && (
          <Text size="xs" c="dimmed">
            +{incoming.otherUnits.length}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}

interface RowActions {
  onTag: (incoming: Incoming, tag: string) => Promise<unknown>;
  onDelete: (incoming: Incoming) => void;
  onDefend: (incoming: Incoming) => void;
}

function columns(now: number, zone: string, { onTag, onDelete, onDefend }: RowActions): ColumnDef<Incoming>[] {
  return [
    {
      id: "attacker",
      header: texts.columns.attacker,
      cell: ({ row }) => {
        const player = row.original.origin.player;
        return (
          <div>
            <Text size="sm" fw={600}>
              {player?.name ?? texts.barbarian}
            </Text>
            {player?.tribe && (
              <Text size="xs" c="dimmed">
                [{player.tribe}]
              </Text>
            )}
          </div>
        );
      },
    },
    {
      id: "origin",
      header: texts.columns.origin,
      enableSorting: false,
      cell: ({ row }) => (
        <div>
          <Text size="sm" ff="monospace">
            {row.original.origin.coordinates}
          </Text>
          <Text size="xs" c="dimmed" truncate maw={160}>
            {row.original.origin.name}
          </Text>
        </div>
      ),
    },
    {
      id: "target",
      header: texts.columns.target,
      cell: ({ row }) => (
        <div>
          <Text size="sm" truncate maw={160}>
            {row.original.target.name ?? row.original.target.coordinates}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.original.target.coordinates}
          </Text>
        </div>
      ),
    },
    {
      id: "arrivalTime",
      header: texts.columns.arrivalTime,
      cell: ({ row }) => {
        const text = formatServerTime(row.original.arrivalTime, zone);
        return (
          <Tooltip label={row.original.source === "bot" ? texts.sourceBot(row.original.dsbot?.dsPlayer.name ?? "") : texts.sourcePaste}>
            <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
              {text.slice(0, -4)}
              <Text span size="xs" c="dimmed" ff="monospace">
                {text.slice(-4)}
              </Text>
            </Text>
          </Tooltip>
        );
      },
    },
    {
      id: "remaining",
      header: texts.columns.remaining,
      enableSorting: false,
      cell: ({ row }) => {
        const left = row.original.arrivalTime - now;
        return (
          <Text size="sm" ff="monospace" c={left < URGENT_MS ? "red.4" : undefined} fw={left < URGENT_MS ? 700 : undefined} data-countdown>
            {formatCountdown(left)}
          </Text>
        );
      },
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
    { id: "likelyUnit", header: texts.columns.likelyUnit, meta: { width: 96 }, cell: ({ row }) => <LikelyUnit incoming={row.original} /> },
    {
      id: "kind",
      header: texts.columns.kind,
      meta: { width: 118 },
      cell: ({ row }) => (
        <Stack gap={2} align="flex-start">
          <Tooltip label={row.original.kindReason} multiline maw={320}>
            <Badge
              color={kindColors[row.original.kind]}
              variant="light"
              leftSection={row.original.kind === "noble" ? <IconCrown size={12} /> : undefined}
              styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}
            >
              {texts.kinds[row.original.kind]}
            </Badge>
          </Tooltip>
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
      meta: { width: 112 },
      cell: ({ row }) => <TagEditor incoming={row.original} onSave={(tag) => onTag(row.original, tag)} />,
    },
    {
      id: "actions",
      header: () => <VisuallyHidden>{texts.columns.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 76 },
      cell: ({ row }) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <Tooltip label={texts.defend}>
            <ActionIcon variant="subtle" color="blue" aria-label={texts.defendRow(row.original.target.coordinates)} onClick={() => onDefend(row.original)}>
              <IconShieldPlus size={17} />
            </ActionIcon>
          </Tooltip>
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
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  actions: RowActions;
  emptyText: string;
}

/** Phones get cards instead of the table (IncomingCards). */
export function IncomingsTable({ incomings, loading, now, zone, sorting, onSortingChange, actions, emptyText }: IncomingsTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const defs = useMemo(() => columns(now, zone, actions), [now, zone, actions]);
  const table = useReactTable({
    data: incomings,
    columns: defs,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    onSortingChange: (updater) => onSortingChange(typeof updater === "function" ? updater(sorting) : updater),
  });
  if (phone) {
    const first = sorting[0];
    const sortBy = first ? `${first.desc ? "-" : ""}${first.id}` : "arrivalTime";
    const onSortByChange = (value: string) => onSortingChange([{ id: value.replace(/^-/, ""), desc: value.startsWith("-") }]);
    return <IncomingCards table={table} loading={loading} sortBy={sortBy} onSortByChange={onSortByChange} emptyText={emptyText} />;
  }
  return <DataTable table={table} loading={loading} label={texts.tableLabel} minWidth={1080} empty={emptyText} />;
}
