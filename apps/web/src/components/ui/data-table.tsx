// A TanStack table rendered with Mantine: sortable headers (aria-sort), skeleton rows while loading,
// and an empty row. Sorting and paging happen on the server; the caller owns that state. Header cells
// carry `data-column-id` and rows `data-row-id` for end-to-end tests.
import { Center, Group, Skeleton, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import { flexRender, type Header, type Row, type Table as TanstackTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import classes from "./data-table.module.css";

export interface DataTableProps<T> {
  table: TanstackTable<T>;
  loading?: boolean;
  skeletonRows?: number;
  empty?: ReactNode;
  minWidth?: number;
  /**
   * Dense (automatic table layout): a column gets its `meta.width` (the cell's padding included) where
   * the box has the room, and grows to what its content needs (names, units, headers are never cut); the
   * columns without a width take the room left. Where the box is short, a column gives back only room its
   * content does not need, and past that the table scrolls sideways. Tighter padding and smaller headers;
   * a sortable header keeps its sort icon's room, the icon showing on the sorted column or on hover. A
   * column with `meta.sticky` stays at the right edge when the table is wider than its box (its row
   * actions always in sight).
   */
  dense?: boolean;
  /** Accessible name of the table. */
  label: string;
  /** Rows under the body (a sum row), in the table's own columns. */
  footer?: ReactNode;
  /** data-* attributes of a body row (a group a row belongs to, for styles and tests). */
  rowAttributes?: (row: Row<T>) => Record<`data-${string}`, string | undefined>;
}

export function sortLabel(direction: false | "asc" | "desc"): "ascending" | "descending" | "none" {
  if (direction === "asc") return "ascending";
  if (direction === "desc") return "descending";
  return "none";
}

function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  const width = header.column.columnDef.meta?.width;
  const title = typeof header.column.columnDef.header === "string" ? header.column.columnDef.header : undefined;
  if (!header.column.getCanSort()) {
    const narrow = header.column.columnDef.meta?.narrow;
    return (
      <Table.Th
        style={{ width }}
        className={classes.th}
        data-column-id={header.column.id}
        data-narrow={narrow || undefined}
        data-tight={header.column.columnDef.meta?.tight || undefined}
        data-sticky-end={header.column.columnDef.meta?.sticky || undefined}
        title={title}
      >
        {narrow ? <div className={classes.narrow}>{content}</div> : content}
      </Table.Th>
    );
  }
  const sorted = header.column.getIsSorted();
  const Icon = sorted === "asc" ? IconChevronUp : sorted === "desc" ? IconChevronDown : IconSelector;
  return (
    <Table.Th style={{ width }} className={classes.th} aria-sort={sortLabel(sorted)} data-column-id={header.column.id} title={title}>
      <UnstyledButton onClick={header.column.getToggleSortingHandler()} className={classes.sortButton} data-sorted={sorted || undefined}>
        <Group gap={4} wrap="nowrap" className={classes.sortGroup}>
          <span className={classes.label}>{content}</span>
          <Icon size={14} className={classes.sortIcon} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function DataTable<T>({ table, loading = false, skeletonRows = 5, empty, minWidth = 640, dense = false, label, footer, rowAttributes }: DataTableProps<T>) {
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const showSkeleton = loading && rows.length === 0;

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        verticalSpacing={dense ? "xs" : "sm"}
        horizontalSpacing={dense ? 6 : "md"}
        highlightOnHover
        aria-label={label}
        aria-busy={loading}
        className={classes.table}
        data-dense={dense || undefined}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} />
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {showSkeleton &&
            Array.from({ length: skeletonRows }, (_, index) => (
              <Table.Tr key={`skeleton-${index}`} data-skeleton>
                {columns.map((column) => (
                  <Table.Td key={column.id}>
                    <Skeleton height={14} radius="sm" width={column.id === "actions" ? 56 : "70%"} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {!showSkeleton && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Center py="xl">{empty ?? <Text c="dimmed">–</Text>}</Center>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.id} className={loading ? classes.stale : undefined} data-row-id={row.id} {...rowAttributes?.(row)}>
              {row.getVisibleCells().map((cell) => (
                <Table.Td
                  key={cell.id}
                  data-narrow={cell.column.columnDef.meta?.narrow || undefined}
                  data-tight={cell.column.columnDef.meta?.tight || undefined}
                  data-sticky-end={cell.column.columnDef.meta?.sticky || undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer && rows.length > 0 && <Table.Tfoot>{footer}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
