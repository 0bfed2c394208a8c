// Pagination under a table: "1–10 von 23", page buttons and the page size.
import { Group, Pagination, Select, Text } from "@mantine/core";

export interface TablePaginationProps {
  activePage: number;
  perPage: number;
  totals: number;
  onPageChange: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  perPageOptions?: number[];
}

export function rangeText(activePage: number, perPage: number, totals: number): string {
  if (totals === 0) return "0 Einträge";
  const from = (activePage - 1) * perPage + 1;
  const to = Math.min(activePage * perPage, totals);
  return `${from}–${to} von ${totals}`;
}

export function TablePagination({
  activePage,
  perPage,
  totals,
  onPageChange,
  onPerPageChange,
  perPageOptions = [10, 25, 50],
}: TablePaginationProps) {
  const pages = Math.max(1, Math.ceil(totals / perPage));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {rangeText(activePage, perPage, totals)}
      </Text>
      <Group gap="sm" wrap="wrap">
        {onPerPageChange && (
          <Select
            aria-label="Einträge pro Seite"
            size="xs"
            w={84}
            value={String(perPage)}
            data={perPageOptions.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(value) => value && onPerPageChange(Number(value))}
            allowDeselect={false}
          />
        )}
        <Pagination total={pages} value={Math.min(activePage, pages)} onChange={onPageChange} size="sm" withEdges={pages > 5} />
      </Group>
    </Group>
  );
}
