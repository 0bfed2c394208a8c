// Templates (/account-manager/templates): the user's builder templates with their
// steps, the villages using them and the last change; create, import (TWB's text or JSON), duplicate,
// export and delete (confirmed; a template a bot still uses is refused with the bots' names).
import type { BuilderTemplateSummary } from "@dsbot/protocol";
import { formatBuilderJson, formatBuilderText, parseBuilderImport } from "@dsbot/protocol";
import { Button, Card, Group } from "@mantine/core";
import { IconFileImport, IconPlus, IconTemplate } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { PasteImportModal } from "@/components/ui/paste-import-modal";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { downloadText, fileBaseName } from "@/lib/download";
import { templateQueryOptions, templatesQueryOptions, useConfirmDeleteTemplate, useCreateTemplate, useDuplicateTemplate } from "../api/templates-api";
import { CreateTemplateModal } from "../components/template-name-modal";
import { TemplatesTable, type TemplateExportFormat } from "../components/templates-table";
import { templateTexts as texts } from "../texts";

const importTexts = { title: texts.importTitle, label: texts.importLabel, hint: texts.importHint, submit: texts.importSubmit, problems: texts.importProblems };

/** A name for an imported text that is not taken yet. */
function freeName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((n) => n.toLocaleLowerCase("de")));
  let name = base;
  for (let i = 2; names.has(name.toLocaleLowerCase("de")); i++) name = `${base} ${i}`;
  return name;
}

export function TemplatesRoute() {
  const client = useQueryClient();
  const query = useQuery(templatesQueryOptions);
  const templates = query.data?.templates ?? [];
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const create = useCreateTemplate();
  const duplicate = useDuplicateTemplate();
  const confirmDelete = useConfirmDeleteTemplate();
  const names = templates.map((t) => t.name);

  const onDuplicate = useCallback((template: BuilderTemplateSummary) => void duplicate(template, names), [duplicate, names]);
  const onDelete = useCallback((template: BuilderTemplateSummary) => void confirmDelete(template), [confirmDelete]);
  const onExport = useCallback(
    (template: BuilderTemplateSummary, format: TemplateExportFormat) => {
      void client.fetchQuery(templateQueryOptions(template.id)).then(({ template: full }) => {
        const base = fileBaseName(full.name, "vorlage");
        if (format === "text") downloadText(`${base}.txt`, formatBuilderText(full.steps));
        else downloadText(`${base}.json`, formatBuilderJson(full), "application/json");
      }, alertError);
    },
    [client],
  );
  const importText = async (text: string) => {
    const parsed = parseBuilderImport(text);
    if (!parsed.ok) throw new ApiError(400, "bad_request", parsed.errors[0] ?? "", parsed.errors.map((message) => ({ path: "text", message })));
    const { template } = await create.mutateAsync({ name: freeName(parsed.name ?? texts.importName, names), steps: parsed.steps });
    return texts.imported(template.name, template.steps.length);
  };

  const actions = (
    <Group gap="sm">
      <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
        {texts.import}
      </Button>
      <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
        {texts.create}
      </Button>
    </Group>
  );

  return (
    <>
      <RoutePageHeader actions={actions} />
      {query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.isSuccess && templates.length === 0 ? (
        <StateMessage icon={<IconTemplate size={26} />} title={texts.emptyTitle} description={texts.emptyHint} action={actions} />
      ) : (
        <Card padding={0}>
          <TemplatesTable templates={templates} loading={query.isPending} empty={texts.emptyTitle} onDuplicate={onDuplicate} onExport={onExport} onDelete={onDelete} />
        </Card>
      )}
      <CreateTemplateModal opened={creating} onClose={() => setCreating(false)} />
      <PasteImportModal opened={importing} onClose={() => setImporting(false)} texts={importTexts} onImport={importText} onImported={(message) => alert.success(message)} />
    </>
  );
}
