// The fields the settings and a village's override share: which options are unlocked, and what stays
// home (a count per unit the world has that may scavenge, and a share of every unit).
import type { ScavengeOptionId, Unit } from "@dsbot/protocol";
import { scavengeOptions, scavengeUnits, unitLabels } from "@dsbot/protocol";
import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { UnitIcon } from "@/components/ui/unit-icon";
import type { KeepHome } from "../lib/scavenge-settings";
import { scavengeOptionIds } from "../lib/scavenge-settings";
import { scavengeTexts as texts } from "../texts";

interface OptionChecksProps {
  label: string;
  description?: string;
  value: readonly ScavengeOptionId[];
  onChange: (options: ScavengeOptionId[]) => void;
}

export function OptionChecks({ label, description, value, onChange }: OptionChecksProps) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value.map(String)}
      onChange={(ids) => onChange(scavengeOptionIds.filter((id) => ids.includes(String(id))))}
    >
      <Group gap="md" mt={6}>
        {scavengeOptions.map((option) => (
          <Checkbox key={option.id} value={String(option.id)} label={option.name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

interface KeepFieldsProps {
  value: KeepHome;
  onChange: (keep: KeepHome) => void;
  /** The world's units (null: not known, every scavenging unit). */
  worldUnits: readonly Unit[] | null;
}

const wholeNumber = (value: string | number) => (typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);

export function KeepFields({ value, onChange, worldUnits }: KeepFieldsProps) {
  const shown = scavengeUnits.filter((unit) => worldUnits === null || worldUnits.includes(unit));
  const setCount = (unit: Unit, n: number) => {
    const counts = { ...value.counts };
    if (n > 0) counts[unit] = n;
    else delete counts[unit];
    onChange({ ...value, counts });
  };
  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={500}>
          {texts.settings.keep}
        </Text>
        <Text size="xs" c="dimmed">
          {texts.settings.keepHint}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="xs" verticalSpacing="xs">
        {shown.map((unit) => (
          <NumberInput
            key={unit}
            aria-label={unitLabels[unit]}
            leftSection={<UnitIcon unit={unit} size={16} />}
            value={value.counts[unit] ?? ""}
            placeholder="0"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            onChange={(n) => setCount(unit, wholeNumber(n))}
            size="sm"
          />
        ))}
      </SimpleGrid>
      <NumberInput
        w={220}
        label={texts.settings.keepShare}
        value={value.share}
        min={0}
        max={100}
        clampBehavior="strict"
        allowNegative={false}
        suffix=" %"
        onChange={(n) => onChange({ ...value, share: Math.min(100, typeof n === "number" && Number.isFinite(n) ? Math.max(0, n) : 0) })}
        size="sm"
      />
    </Stack>
  );
}
