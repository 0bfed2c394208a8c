// Eingehende Angriffe on a phone (below 540 px): one card per incoming with the table's own cells —
// attacker and kind on top, origin → target, then arrival, countdown, likely unit, fields and tag, the
// actions at the bottom — and the sort as a choice above the cards (there are no headers to click).
import type { Incoming } from "@dsbot/protocol";
import { incomingSortFields } from "@dsbot/protocol";
import { Center, Group, Paper, Select, Skeleton, Stack, Text } from "@mantine/core";
import { flexRender, type Row, type Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { incomingTexts as texts } from "../texts";
import classes from "./incoming-cards.module.css";

const sortChoices = incomingSortFields.flatMap((field) => [
  { value: field, label: texts.sortChoice(texts.columns[field], false) },
  { value: `-${field}`, label: texts.sortChoice(texts.columns[field], true) },
]);

function cell(row: Row<Incoming>, id: string): ReactNode {
  const found = row.getAllCells().find((c) => c.column.id === id);
  return found ? flexRender(found.column.columnDef.cell, found.getContext()) : null;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="xs" c="dimmed" className={classes.label}>
        {label}
      </Text>
      <div className={classes.value}>{children}</div>
    </Group>
  );
}

function IncomingCard({ row }: { row: Row<Incoming> }) {
  return (
    <Paper withBorder radius="md" p="sm" data-row-id={row.original.id} className={classes.card}>
      <Stack gap={6}>
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
        <Field label={texts.columns.arrivalTime}>{cell(row, "arrivalTime")}</Field>
        <Field label={texts.columns.remaining}>{cell(row, "remaining")}</Field>
        <Field label={texts.columns.likelyUnit}>{cell(row, "likelyUnit")}</Field>
        <Field label={texts.columns.distance}>{cell(row, "distance")}</Field>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          {cell(row, "tag")}
          {cell(row, "actions")}
        </Group>
      </Stack>
    </Paper>
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
  return (
    <Stack gap="sm" px="sm" pb="sm" role="list" aria-label={texts.tableLabel} aria-busy={loading}>
      <Select label={texts.sortBy} data={sortChoices} value={sortBy} onChange={(value) => value && onSortByChange(value)} allowDeselect={false} size="sm" />
      {loading && rows.length === 0 && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={200} radius="md" />)}
      {!loading && rows.length === 0 && (
        <Center py="xl">
          <Text c="dimmed">{emptyText}</Text>
        </Center>
      )}
      {rows.map((row) => (
        <div role="listitem" key={row.id} className={loading ? classes.stale : undefined}>
          <IncomingCard row={row} />
        </div>
      ))}
    </Stack>
  );
}
