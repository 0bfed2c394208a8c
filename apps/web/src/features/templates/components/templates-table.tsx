// The template list: name (link to its steps), steps, villages using it, last change; duplicate,
// export (TWB text or JSON) and delete per row. At most 200 templates: sorted here, not on the server.
// On a phone (below 540 px) each template is a card with the same fields and actions, the sort a choice;
// below 992 px (a tablet beside the sidebar) the last change moves under the name, so the actions stay in view.
import type { BuilderTemplateSummary } from "@dsbot/protocol";
import { ActionIcon, Anchor, Group, Menu, Text, VisuallyHidden } from "@mantine/core";
import { IconCopy, IconDownload, IconTrash } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMediaQuery } from "@mantine/hooks";
import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardField, CardList, PHONE_QUERY } from "@/components/ui/card-list";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
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

/** Below this the table has no room for the last change's own column. */
const NARROW_QUERY = "(max-width: 61.99em)";

function buildColumns({ onDuplicate, onExport, onDelete }: TemplateRowActions, narrow: boolean): ColumnDef<BuilderTemplateSummary>[] {
  return [
    {
      id: "name",
      accessorKey: "name",
      header: c.name,
      sortingFn: (a, b) => collator.compare(a.original.name, b.original.name),
      cell: ({ row }) => (
        <>
          <Anchor component={Link} to={paths.templateDetail(row.original.id)} fw={600} c="gray.0" underline="hover">
            {row.original.name}
          </Anchor>
          {narrow && (
            <Text size="xs" c="dimmed">
              {c.updatedAt} {formatDate(row.original.updatedAt)}
            </Text>
          )}
        </>
      ),
    },
    { id: "steps", accessorKey: "steps", header: c.steps, meta: { width: 96 }, cell: ({ row }) => row.original.steps.toLocaleString("de-DE") },
    {
      id: "villages",
      accessorKey: "villages",
      header: c.villages,
      meta: { width: 86 },
      cell: ({ row }) => (
        <Text size="sm" title={texts.villagesHint}>
          {row.original.villages.toLocaleString("de-DE")}
        </Text>
      ),
    },
    { id: "updatedAt", accessorKey: "updatedAt", header: c.updatedAt, meta: { width: 128 }, cell: ({ row }) => formatDate(row.original.updatedAt) },
    {
      id: "actions",
      header: () => <VisuallyHidden>{c.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 112 },
      cell: ({ row }) => <TemplateActions template={row.original} onDuplicate={onDuplicate} onExport={onExport} onDelete={onDelete} />,
    },
  ];
}

function TemplateActions({ template, onDuplicate, onExport, onDelete }: TemplateRowActions & { template: BuilderTemplateSummary }) {
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
}

const sortableColumns = ["name", "steps", "villages", "updatedAt"] as const;
const sortChoices = sortableColumns.flatMap((id) => [
  { value: id, label: texts.sortChoice(c[id], false) },
  { value: `-${id}`, label: texts.sortChoice(c[id], true) },
]);

function TemplateCard({ template, ...actions }: TemplateRowActions & { template: BuilderTemplateSummary }) {
  return (
    <Card rowId={template.id}>
      <Anchor component={Link} to={paths.templateDetail(template.id)} fw={600} c="gray.0" underline="hover">
        {template.name}
      </Anchor>
      <CardField label={c.steps}>{template.steps.toLocaleString("de-DE")}</CardField>
      <CardField label={c.villages}>{template.villages.toLocaleString("de-DE")}</CardField>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed">
          {c.updatedAt} {formatDate(template.updatedAt)}
        </Text>
        <TemplateActions template={template} {...actions} />
      </Group>
    </Card>
  );
}

export function TemplatesTable({ templates, loading, empty, ...actions }: TemplateRowActions & { templates: BuilderTemplateSummary[]; loading: boolean; empty: ReactNode }) {
  const { onDuplicate, onExport, onDelete } = actions;
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const columns = useMemo(() => buildColumns({ onDuplicate, onExport, onDelete }, narrow), [onDuplicate, onExport, onDelete, narrow]);
  const [sortBy, setSortBy] = useState("name");
  const hiddenColumns = useMemo(() => (narrow ? ["updatedAt"] : []), [narrow]);
  const table = useDataTable({ data: templates, columns, getRowId: (row) => String(row.id), sortBy, onSortByChange: setSortBy, sortOnClient: true, hiddenColumns });
  if (phone) {
    return (
      <CardList
        label={texts.listLabel}
        items={table.getRowModel().rows.map((row) => row.original)}
        itemKey={(template) => template.id}
        renderItem={(template) => <TemplateCard template={template} onDuplicate={onDuplicate} onExport={onExport} onDelete={onDelete} />}
        loading={loading}
        sortLabel={texts.sortBy}
        sortChoices={sortChoices}
        sortBy={sortBy}
        onSortByChange={setSortBy}
        empty={empty}
        skeletonHeight={112}
      />
    );
  }
  return <DataTable table={table} loading={loading} label={texts.listLabel} minWidth={460} empty={empty} />;
}
