// "Importieren": format (DS Workbench, JSON, CSV), the text pasted or read from a file, "Vorhandene
// ersetzen". A bad import imports nothing: the server's line-numbered German errors are listed and the
// text stays for correcting it. A CSV whose times lie in the repeated autumn hour asks once which
// occurrence they mean (DS Workbench and JSON carry exact instants).
import { attackFormatLabels, attackImportFormats, type AttackImportFormat, type RepeatedHour } from "@dsbot/protocol";
import { Alert, Button, FileButton, Group, Modal, Select, Stack, Switch, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconFileImport, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { RepeatedHourImportChoice } from "@/components/ui/repeated-hour-choice";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { useImportAttacks } from "../api/transfer-api";
import { attackPlanTexts as texts } from "../texts";
import classes from "./attack-plans.module.css";

const formatOptions = attackImportFormats.map((format) => ({ value: format, label: attackFormatLabels[format] }));

function formatOfFile(name: string): AttackImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".csv")) return "csv";
  return null;
}

function ImportForm({ planId, onDone }: { planId: number; onDone: () => void }) {
  const importAttacks = useImportAttacks(planId);
  const [format, setFormat] = useState<AttackImportFormat>("dswb");
  const [text, setText] = useState("");
  const [replace, setReplace] = useState(false);
  const [issues, setIssues] = useState<string[]>([]);
  const [repeatedHour, setRepeatedHour] = useState<RepeatedHour | null>(null);
  const zone = useServerTimeZone();

  const readFile = async (file: File | null) => {
    if (!file) return;
    setText(await file.text());
    setFormat((current) => formatOfFile(file.name) ?? current);
    setIssues([]);
    alert.info(texts.fileLoaded(file.name));
  };

  const submit = async () => {
    if (replace) {
      const ok = await confirm({ title: texts.replaceTitle, message: texts.replaceMessage, confirmLabel: texts.replaceConfirm, danger: true });
      if (!ok) return;
    }
    setIssues([]);
    try {
      const { imported } = await importAttacks.mutateAsync({ format, text, replace, ...(format === "csv" && repeatedHour ? { repeatedHour } : {}) });
      alert.success(texts.imported(imported));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) setIssues(error.issues.map((issue) => issue.message));
      else alertError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={texts.format}
          data={formatOptions}
          value={format}
          onChange={(value) => value && setFormat(value as AttackImportFormat)}
          allowDeselect={false}
          w={200}
        />
        <FileButton onChange={(file) => void readFile(file)} accept=".txt,.json,.csv,text/plain,application/json,text/csv">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
              {texts.chooseFile}
            </Button>
          )}
        </FileButton>
      </Group>
      <Textarea
        label={texts.importText}
        placeholder={texts.importTextPlaceholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={8}
        maxRows={16}
        spellCheck={false}
        classNames={{ input: classes.mono }}
      />
      {format === "csv" && <RepeatedHourImportChoice text={text} zone={zone} value={repeatedHour} onChange={setRepeatedHour} />}
      <Switch label={texts.replace} description={texts.replaceHint} checked={replace} onChange={(event) => setReplace(event.currentTarget.checked)} />
      {issues.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={texts.importErrors} data-testid="import-issues">
          <ul className={classes.issues} aria-label={texts.importErrors}>
            {issues.map((message, index) => (
              <li key={index}>
                <Text size="sm">{message}</Text>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {commonTexts.cancel}
        </Button>
        <Button leftSection={<IconFileImport size={16} />} disabled={text.trim() === ""} loading={importAttacks.isPending} onClick={() => void submit()}>
          {texts.import}
        </Button>
      </Group>
    </Stack>
  );
}

export function ImportModal({ planId, opened, onClose }: { planId: number; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.importTitle} size="xl" closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && <ImportForm planId={planId} onDone={onClose} />}
    </Modal>
  );
}
