// "Exportieren": any export format; BB-code and text from an editable template (prefilled with the
// default, variables listed); the whole plan, the selected attacks or the current search; the result
// to copy or download.
import type { AttackExport, AttackExportFormat, AttackSelection, TextFormat } from "@dsbot/protocol";
import { attackExportFormats, attackFormatLabels, checkAttackTemplate, defaultTemplate, textFormats } from "@dsbot/protocol";
import { Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { IconDownload, IconFileExport, IconRestore } from "@tabler/icons-react";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { commonTexts } from "@/config/texts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useExportAttacks } from "../api/transfer-api";
import { downloadText, fileBaseName } from "@/lib/download";
import { attackListParams, useAttackTable } from "../stores/attack-table-store";
import { attackPlanTexts as texts } from "../texts";
import classes from "./attack-plans.module.css";
import { TemplateVariables } from "./template-variables";

const formatOptions = attackExportFormats.map((format) => ({ value: format, label: attackFormatLabels[format] }));
const isTextFormat = (format: AttackExportFormat): format is TextFormat => (textFormats as readonly string[]).includes(format);
const fileTypes: Record<AttackExportFormat, { ext: string; mime: string }> = {
  dswb: { ext: "txt", mime: "text/plain" },
  json: { ext: "json", mime: "application/json" },
  csv: { ext: "csv", mime: "text/csv" },
  bbcode: { ext: "txt", mime: "text/plain" },
  plain: { ext: "txt", mime: "text/plain" },
};

type Scope = "all" | "selection" | "filter";

interface ExportFormProps {
  planId: number;
  planName: string;
  selectedIds: number[];
}

function ExportForm({ planId, planName, selectedIds }: ExportFormProps) {
  const exportAttacks = useExportAttacks(planId);
  const prefs = useAttackTable();
  const [format, setFormat] = useState<AttackExportFormat>("bbcode");
  const [templates, setTemplates] = useState<Record<TextFormat, string>>({ bbcode: defaultTemplate("bbcode"), plain: defaultTemplate("plain") });
  const [scope, setScope] = useState<Scope>(selectedIds.length > 0 ? "selection" : "all");
  const [serverError, setServerError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; count: number; format: AttackExportFormat } | null>(null);

  const template = isTextFormat(format) ? templates[format] : "";
  const templateErrors = isTextFormat(format) ? checkAttackTemplate(template) : [];
  const setTemplate = (value: string) => {
    if (isTextFormat(format)) setTemplates((current) => ({ ...current, [format]: value }));
    setServerError(null);
  };

  const selection = (): AttackSelection | undefined => {
    if (scope === "selection") return { ids: selectedIds };
    if (scope === "filter") {
      const { searchVal, statusFilter } = attackListParams(prefs);
      return { filter: { searchVal, statusFilter } };
    }
    return undefined;
  };

  const submit = async () => {
    const body: AttackExport = { format };
    if (isTextFormat(format)) body.template = template;
    const chosen = selection();
    if (chosen) body.selection = chosen;
    setServerError(null);
    try {
      const answer = await exportAttacks.mutateAsync(body);
      setResult({ ...answer, format });
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path.startsWith("template")) : undefined;
      if (issue) setServerError(issue.message);
      else alertError(error);
    }
  };

  const download = () => {
    if (!result) return;
    const type = fileTypes[result.format];
    downloadText(`${fileBaseName(planName)}.${type.ext}`, result.text, type.mime);
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-start" wrap="wrap">
        <Select label={texts.format} data={formatOptions} value={format} onChange={(value) => value && setFormat(value as AttackExportFormat)} allowDeselect={false} w={200} />
        <Radio.Group label={texts.scope} value={scope} onChange={(value) => setScope(value as Scope)}>
          <Group gap="md" mt={8}>
            <Radio value="all" label={texts.scopes.all} />
            <Radio value="selection" label={texts.scopeSelection(selectedIds.length)} disabled={selectedIds.length === 0} />
            <Radio value="filter" label={texts.scopes.filter} />
          </Group>
        </Radio.Group>
      </Group>
      {isTextFormat(format) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap={4}>
            <Textarea
              label={texts.template}
              value={template}
              onChange={(event) => setTemplate(event.currentTarget.value)}
              autosize
              minRows={8}
              maxRows={14}
              spellCheck={false}
              classNames={{ input: classes.mono }}
              error={serverError ?? (templateErrors.length > 0 ? templateErrors.join(" ") : undefined)}
            />
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" color="gray" leftSection={<IconRestore size={14} />} onClick={() => setTemplate(defaultTemplate(format))}>
                {texts.templateReset}
              </Button>
            </Group>
          </Stack>
          <TemplateVariables />
        </SimpleGrid>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconFileExport size={16} />} loading={exportAttacks.isPending} disabled={templateErrors.length > 0} onClick={() => void submit()}>
          {texts.export}
        </Button>
      </Group>
      {result && (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {texts.exportResult} · {texts.exported(result.count)}
            </Text>
            <Group gap={4}>
              <CopyButton value={result.text} label={texts.copy} />
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={download}>
                {texts.download}
              </Button>
            </Group>
          </Group>
          <Textarea aria-label={texts.exportResult} value={result.text} readOnly autosize minRows={6} maxRows={14} classNames={{ input: classes.mono }} />
        </Stack>
      )}
    </Stack>
  );
}

interface ExportModalProps extends ExportFormProps {
  opened: boolean;
  onClose: () => void;
}

export function ExportModal({ opened, onClose, ...props }: ExportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.exportTitle} size="xl" closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && <ExportForm {...props} />}
    </Modal>
  );
}
