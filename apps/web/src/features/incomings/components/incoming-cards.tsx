// Eingehende Angriffe on a phone (below 540 px): one card per incoming with the table's own cells —
// attacker and kind on top, origin → target, then arrival, countdown, likely unit, fields and tag, the
// actions at the bottom — and the sort as a choice above the cards (there are no headers to click). A
// noble train's cards carry a yellow bar.
import type { Incoming } from "@dsbot/protocol";
import { incomingSortFields } from "@dsbot/protocol";
import { Group, Text } from "@mantine/core";
import { flexRender, type Row, type Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Card, CardField, CardList } from "@/components/ui/card-list";
import { incomingTexts as texts } from "../texts";
import { trainPlaces, type TrainPlace } from "./incoming-cells";
import cellClasses from "./incoming-cells.module.css";

const sortChoices = incomingSortFields.flatMap((field) => [
  { value: field, label: texts.sortChoice(texts.columns[field], false) },
  { value: `-${field}`, label: texts.sortChoice(texts.columns[field], true) },
]);

function cell(row: Row<Incoming>, id: string): ReactNode {
  const found = row.getAllCells().find((c) => c.column.id === id);
  return found ? flexRender(found.column.columnDef.cell, found.getContext()) : null;
}

function IncomingCard({ row, train }: { row: Row<Incoming>; train: TrainPlace | undefined }) {
  const card = (
    <Card rowId={row.original.id}>
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          {cell(row, "attacker")}
          {cell(row, "kind")}
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {cell(row, "origin")}
          <Text size="sm" c="dimmed" aria-hidden>
            →
          </Text>
          {cell(row, "target")}
        </Group>
        <CardField label={texts.columns.arrivalTime}>{cell(row, "arrivalTime")}</CardField>
        <CardField label={texts.columns.remaining}>{cell(row, "remaining")}</CardField>
        <CardField label={texts.columns.likelyUnit}>{cell(row, "likelyUnit")}</CardField>
        <CardField label={texts.columns.distance}>{cell(row, "distance")}</CardField>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          {cell(row, "tag")}
          {cell(row, "actions")}
        </Group>
    </Card>
  );
  return train ? (
    <div className={cellClasses.trainCard} data-train-place={train}>
      {card}
    </div>
  ) : (
    card
  );
}

interface IncomingCardsProps {
  table: Table<Incoming>;
  loading: boolean;
  sortBy: string;
  onSortByChange: (sortBy: string) => void;
  emptyText: string;
}

export function IncomingCards({ table, loading, sortBy, onSortByChange, emptyText }: IncomingCardsProps) {
  const rows = table.getRowModel().rows;
  const places = trainPlaces(rows.map((row) => row.original));
  return (
    <CardList
      label={texts.tableLabel}
      items={rows}
      itemKey={(row) => row.id}
      renderItem={(row) => <IncomingCard row={row} train={places.get(row.original.id)} />}
      loading={loading}
      sortLabel={texts.sortBy}
      sortChoices={sortChoices}
      sortBy={sortBy}
      onSortByChange={onSortByChange}
      empty={<Text c="dimmed">{emptyText}</Text>}
      skeletonHeight={200}
    />
  );
}
