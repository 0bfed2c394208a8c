// The template list: name (link to its steps), steps, villages using it, last change; duplicate,
// export (TWB text or JSON) and delete per row. At most 200 templates: sorted here, not on the server.
import type { BuilderTemplateSummary } from "@dsbot/protocol";
import { ActionIcon, Anchor, Group, Menu, Text, VisuallyHidden } from "@mantine/core";
import { IconCopy, IconDownload, IconTrash } from "@tabler/icons-react";
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "@/components/ui/data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/dates";
import { templateTexts as texts } from "../texts";

export type TemplateExportFormat = "text" | "json";

export interface TemplateRowActions {
  onDuplicate: (template: BuilderTemplateSummary) => void;
  onExport: (template: BuilderTemplateSummary, format: TemplateExportFormat) => void;
  onDelete: (template: BuilderTemplateSummary) => void;
}

const c = texts.columns;
const collator = new Intl.Collator("de", { numeric: true, sensitivity: "base" });

function buildColumns({ onDuplicate, onExport, onDelete }: TemplateRowActions): ColumnDef<BuilderTemplateSummary>[] {
  return [
    {
      id: "name",
      accessorKey: "name",
      header: c.name,
      sortingFn: (a, b) => collator.compare(a.original.name, b.original.name),
      cell: ({ row }) => (
        <Anchor component={Link} to={paths.templateDetail(row.original.id)} fw={600} c="gray.0" underline="hover">
          {row.original.name}
        </Anchor>
      ),
    },
    { id: "steps", accessorKey: "steps", header: c.steps, meta: { width: 110 }, cell: ({ row }) => row.original.steps.toLocaleString("de-DE") },
    {
      id: "villages",
      accessorKey: "villages",
      header: c.villages,
      meta: { width: 110 },
      cell: ({ row }) => (
        <Text size="sm" title={texts.villagesHint}>
          {row.original.villages.toLocaleString("de-DE")}
        </Text>
      ),
    },
    { id: "updatedAt", accessorKey: "updatedAt", header: c.updatedAt, meta: { width: 150 }, cell: ({ row }) => formatDate(row.original.updatedAt) },
    {
      id: "actions",
      header: () => <VisuallyHidden>{c.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 130 },
      cell: ({ row }) => {
        const template = row.original;
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={texts.duplicateLabel(template.name)}>
              <ActionIcon variant="subtle" color="gray" aria-label={texts.duplicateLabel(template.name)} onClick={() => onDuplicate(template)}>
                <IconCopy size={17} />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={texts.exportLabel(template.name)}>
                  <IconDownload size={17} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onExport(template, "text")}>{texts.exportText}</Menu.Item>
                <Menu.Item onClick={() => onExport(template, "json")}>{texts.exportJson}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Tooltip label={texts.removeLabel(template.name)}>
              <ActionIcon variant="subtle" color="red" aria-label={texts.removeLabel(template.name)} onClick={() => onDelete(template)}>
                <IconTrash size={17} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];
}

export function TemplatesTable({ templates, loading, empty, ...actions }: TemplateRowActions & { templates: BuilderTemplateSummary[]; loading: boolean; empty: ReactNode }) {
  const { onDuplicate, onExport, onDelete } = actions;
  const columns = useMemo(() => buildColumns({ onDuplicate, onExport, onDelete }), [onDuplicate, onExport, onDelete]);
  const [sorting, setSorting] = useState<SortingState>([{ id: "name", desc: false }]);
  const table = useReactTable({
    data: templates,
    columns,
    state: { sorting },
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(row.id),
  });
  return <DataTable table={table} loading={loading} label={texts.listLabel} minWidth={620} empty={empty} />;
}
