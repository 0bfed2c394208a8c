// A table shown as cards on a phone (below 540 px): the list with its sort as a choice on top (there
// are no headers to click), skeletons while the first page loads, the empty text, and the card's
// parts — the frame and a label/value line. The features build each card from their own cells.
import { Center, Group, Paper, Select, Skeleton, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./card-list.module.css";

/** Below 540 px a table turns into cards. */
export const PHONE_QUERY = "(max-width: 33.74em)";

export interface CardSortChoice {
  value: string;
  label: string;
}

interface CardListProps<T> {
  /** The list's accessible name (the table's label). */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  loading: boolean;
  /** The sort as a choice above the cards; without it (a list in one fixed order) no choice shows. */
  sortLabel?: string;
  sortChoices?: readonly CardSortChoice[];
  sortBy?: string;
  onSortByChange?: (sortBy: string) => void;
  empty: ReactNode;
  /** Height of a loading card's skeleton, about a real card's. */
  skeletonHeight: number;
}

export function CardList<T>({ label, items, itemKey, renderItem, loading, sortLabel, sortChoices, sortBy, onSortByChange, empty, skeletonHeight }: CardListProps<T>) {
  return (
    <Stack gap="sm" px="sm" pb="sm" role="list" aria-label={label} aria-busy={loading}>
      {sortChoices && onSortByChange && (
        <Select label={sortLabel} data={sortChoices as CardSortChoice[]} value={sortBy} onChange={(value) => value && onSortByChange(value)} allowDeselect={false} size="sm" />
      )}
      {loading && items.length === 0 && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={skeletonHeight} radius="md" />)}
      {!loading && items.length === 0 && <Center py="xl">{empty}</Center>}
      {items.map((item) => (
        <div role="listitem" key={itemKey(item)} className={loading ? classes.stale : undefined}>
          {renderItem(item)}
        </div>
      ))}
    </Stack>
  );
}

/** One card's frame; `rowId` is the row's id (tests and screenshots find a card by it). */
export function Card({ rowId, children }: { rowId: number; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" data-row-id={rowId} className={classes.card}>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

/** A label on the left, its value on the right. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="xs" c="dimmed" className={classes.label}>
        {label}
      </Text>
      <div className={classes.value}>{children}</div>
    </Group>
  );
}
