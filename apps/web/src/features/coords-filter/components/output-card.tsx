// "Ergebnis": the filtered coordinates in the chosen format with the copy button, the coordinates
// without a village apart, the empty / invalid states, and the way on to an attack plan's planner.
import { Alert, Button, Code, Group, Loader, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertCircle, IconClipboardText, IconCopy, IconFilterOff, IconMapPinOff, IconTargetArrow } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { formatCoord } from "@dsbot/protocol";
import { SectionCard } from "@/components/ui/section-card";
import { StateMessage } from "@/components/ui/states";
import { copyToClipboard } from "@/components/ui/copy-button";
import type { FilterRun } from "../lib/filter-pipeline";
import { hasInvalidStep, outputFormats, type OutputFormat } from "../lib/filter-settings";
import { formatOutput } from "../lib/output-format";
import { AddToPlanModal } from "./add-to-plan-modal";
import { useCoordsFilterStore } from "../stores/coords-filter-store";
import { coordsFilterTexts as texts } from "../texts";

const formatData = outputFormats.map((format) => ({ value: format, label: texts.output.formats[format] }));

export function OutputCard({ run, textEmpty, loading }: { run: FilterRun; textEmpty: boolean; loading: boolean }) {
  const format = useCoordsFilterStore((state) => state.settings.format);
  const update = useCoordsFilterStore((state) => state.update);
  const output = formatOutput(run.result, format);
  const invalid = hasInvalidStep(run.states);
  const [choosingPlan, setChoosingPlan] = useState(false);
  const canPlan = !loading && !invalid && !textEmpty && run.result.length > 0;
  const planButton = (
    <Button variant="light" leftSection={<IconTargetArrow size={16} />} disabled={!canPlan} onClick={() => setChoosingPlan(true)}>
      {texts.toPlan.button}
    </Button>
  );

  return (
    <SectionCard title={texts.output.title} description={loading || invalid ? undefined : texts.output.summary(run.found, run.result.length)}>
      <SegmentedControl
        aria-label={texts.output.formatLabel}
        data={formatData}
        value={format}
        onChange={(value) => update({ format: value as OutputFormat })}
        fullWidth
      />
      {loading ? (
        <Group gap="sm" justify="center" py="xl">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {texts.world.loading}
          </Text>
        </Group>
      ) : (
        <OutputBody run={run} textEmpty={textEmpty} invalid={invalid} output={output} planButton={planButton} />
      )}
      {/* Beside "Kopieren" while there is output; disabled down here without one. */}
      {!canPlan && <Group justify="flex-end">{planButton}</Group>}
      <AddToPlanModal
        opened={choosingPlan}
        onClose={() => setChoosingPlan(false)}
        targets={choosingPlan ? formatOutput(run.result, "lines") : ""}
        count={run.result.length}
      />
    </SectionCard>
  );
}

interface OutputBodyProps {
  run: FilterRun;
  textEmpty: boolean;
  invalid: boolean;
  output: string;
  planButton: ReactNode;
}

function OutputBody({ run, textEmpty, invalid, output, planButton }: OutputBodyProps) {
  if (textEmpty) return <StateMessage framed={false} icon={<IconClipboardText size={26} />} title={texts.output.emptyInputTitle} description={texts.output.emptyInputHint} />;
  if (run.found === 0) return <StateMessage framed={false} icon={<IconMapPinOff size={26} />} title={texts.output.noneFoundTitle} description={texts.output.noneFoundHint} />;
  return (
    <Stack gap="md">
      {invalid ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.output.invalidTitle}>
          <Stack gap={4}>
            {Object.values(run.errors).map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
            <Text size="sm" c="dimmed">
              {texts.output.invalidHint}
            </Text>
          </Stack>
        </Alert>
      ) : run.result.length === 0 ? (
        <StateMessage framed={false} icon={<IconFilterOff size={26} />} title={texts.output.nothingLeftTitle} description={texts.output.nothingLeftHint} />
      ) : (
        <>
          <Textarea label={texts.output.label} value={output} readOnly autosize minRows={4} maxRows={16} styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} />
          <Group justify="flex-end" gap="sm">
            {planButton}
            <Button leftSection={<IconCopy size={16} />} onClick={() => void copyToClipboard(output)}>
              {texts.output.copy}
            </Button>
          </Group>
        </>
      )}
      {run.missing.length > 0 && <MissingVillages run={run} />}
    </Stack>
  );
}

function MissingVillages({ run }: { run: FilterRun }) {
  return (
    <Stack gap={4} role="group" aria-label={texts.output.missingTitle(run.missing.length)}>
      <Text fw={600} size="sm">
        {texts.output.missingTitle(run.missing.length)}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.output.missingHint}
      </Text>
      <Code block>{run.missing.map(formatCoord).join("\n")}</Code>
    </Stack>
  );
}
