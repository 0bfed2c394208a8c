// The settings of every village: the measure ("pro Stunde" / "pro Lauf" with its longest run), the
// options unlocked world-wide and what stays home. Kept in the browser (stores/scavenge-store.ts).
import type { ScavengeMeasure, Unit } from "@dsbot/protocol";
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconRestore } from "@tabler/icons-react";
import { useState } from "react";
import { SectionCard } from "@/components/ui/section-card";
import { formatHoursMinutes, parseHoursMinutes } from "../lib/scavenge-settings";
import { useScavengeStore } from "../stores/scavenge-store";
import { scavengeTexts as texts } from "../texts";
import { KeepFields, OptionChecks } from "./settings-fields";

/** Hours:minutes; a text that is no duration stays in the field with the error and changes nothing. */
function MaxDurationInput({ minutes, onChange }: { minutes: number; onChange: (minutes: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && parseHoursMinutes(draft) === null;
  return (
    <TextInput
      label={texts.settings.maxDuration}
      value={draft ?? formatHoursMinutes(minutes)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        const parsed = parseHoursMinutes(text);
        if (parsed !== null) onChange(parsed);
      }}
      onBlur={() => !invalid && setDraft(null)}
      error={invalid ? texts.settings.maxDurationInvalid : undefined}
      inputMode="numeric"
      w={200}
    />
  );
}

export function SettingsCard({ worldUnits }: { worldUnits: readonly Unit[] | null }) {
  const settings = useScavengeStore((state) => state.settings);
  const update = useScavengeStore((state) => state.update);
  const reset = useScavengeStore((state) => state.reset);
  return (
    <SectionCard
      title={texts.settings.title}
      description={texts.settings.description}
      action={
        <Button variant="default" size="xs" leftSection={<IconRestore size={16} />} onClick={reset}>
          {texts.settings.reset}
        </Button>
      }
    >
      <Stack gap="md">
        <Group gap="lg" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="scavenge-measure-label">
              {texts.settings.measure}
            </Text>
            <SegmentedControl
              aria-labelledby="scavenge-measure-label"
              value={settings.measure}
              onChange={(value) => update({ measure: value as ScavengeMeasure })}
              data={[
                { value: "hour", label: texts.settings.perHour },
                { value: "run", label: texts.settings.perRun },
              ]}
            />
            <Text size="xs" c="dimmed" maw={420}>
              {settings.measure === "hour" ? texts.settings.measureHintHour : texts.settings.measureHintRun}
            </Text>
          </Stack>
          {settings.measure === "run" && <MaxDurationInput minutes={settings.maxMinutes} onChange={(maxMinutes) => update({ maxMinutes })} />}
        </Group>
        <OptionChecks label={texts.settings.unlocked} description={texts.settings.unlockedHint} value={settings.options} onChange={(options) => update({ options })} />
        <KeepFields value={settings.keep} onChange={(keep) => update({ keep })} worldUnits={worldUnits} />
      </Stack>
    </SectionCard>
  );
}
