// "Dateien importieren": the game's files for one world, uploaded with a progress bar (percent of
// bytes), then "Importiere …" until the server answers. A refusal shows the server's German message
// and keeps the chosen files, so nothing has to be picked again.
import { worldImportFileName, worldImportRequiredFiles, worldLabel, type WorldSummary } from "@dsbot/protocol";
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconFiles } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { errorMessage } from "@/lib/api-error-message";
import { useImportWorldFiles, type ImportPhase } from "../api/worlds-api";
import { worldTexts } from "../texts";

/** What keeps the chosen files from being sent, in German; empty when they are fine. */
export function checkFiles(files: readonly File[]): string[] {
  const problems: string[] = [];
  const unknown = files.filter((file) => !worldImportFileName(file.name)).map((file) => file.name);
  if (unknown.length > 0) problems.push(worldTexts.unknownFiles(unknown));
  const names = new Set(files.map((file) => worldImportFileName(file.name)));
  const missing = worldImportRequiredFiles.filter((name) => !names.has(name));
  if (missing.length > 0) problems.push(worldTexts.missingFiles(missing));
  return problems;
}

function PhaseProgress({ phase }: { phase: ImportPhase }) {
  if (phase.kind === "idle") return null;
  const uploading = phase.kind === "uploading";
  return (
    <Stack gap={6}>
      <Progress
        value={uploading ? phase.percent : 100}
        striped={!uploading}
        animated={!uploading}
        aria-label={uploading ? worldTexts.uploading(phase.percent) : worldTexts.importing}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {uploading ? worldTexts.uploading(phase.percent) : worldTexts.importing}
      </Text>
    </Stack>
  );
}

export function ImportWorldModal({ world, onClose }: { world: WorldSummary | null; onClose: () => void }) {
  // The modal stays mounted per world; a different world starts with a fresh form (see key in the route).
  const upload = useImportWorldFiles(world?.id ?? 0);
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const problems = checkFiles(files);
  const running = upload.isPending;
  const label = world ? worldLabel(world) : "";

  useEffect(() => () => abort.current?.abort(), []);

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const start = async () => {
    setTouched(true);
    if (!world || problems.length > 0) return;
    abort.current = new AbortController();
    try {
      const answer = await upload.mutateAsync({ files, signal: abort.current.signal });
      const { villages, players, allies } = answer.imported;
      alert.success(worldTexts.imported(label, villages, players, allies, (answer.durationMs / 1000).toLocaleString("de-DE", { maximumFractionDigits: 1 })));
      onClose();
    } catch {
      // Shown in the modal from upload.error; an abort needs no message.
    }
  };

  const failed = upload.error && !(upload.error instanceof DOMException) ? errorMessage(upload.error) : null;

  return (
    <Modal opened={world !== null} onClose={close} title={worldTexts.importTitle(label)} size={560} closeButtonProps={{ "aria-label": commonTexts.close }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {worldTexts.importHint}
        </Text>
        <FileInput
          label={worldTexts.filesLabel}
          placeholder={worldTexts.filesPlaceholder}
          leftSection={<IconFiles size={16} />}
          multiple
          clearable
          accept=".txt,.gz,.xml"
          value={files}
          onChange={(next) => {
            setFiles(next);
            upload.reset();
          }}
          disabled={running}
          error={touched && files.length > 0 ? problems.join(" ") || undefined : undefined}
          fileInputProps={{ "aria-label": worldTexts.filesLabel }}
        />
        {touched && files.length === 0 && (
          <Text size="sm" c="red.5">
            {worldTexts.missingFiles(worldImportRequiredFiles)}
          </Text>
        )}
        <PhaseProgress phase={upload.phase} />
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={worldTexts.importFailedTitle}>
            {failed}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {worldTexts.cancel}
          </Button>
          <Button onClick={() => void start()} loading={running} disabled={touched && problems.length > 0}>
            {worldTexts.startImport}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
