// One village's own Raubzug: leave it out, give it its own unlocked options, or its own units kept home;
// each change applies at once (kept in the browser), "Wie alle Dörfer" drops them all. Shows the
// village's units at home the split starts from.
import type { Unit } from "@dsbot/protocol";
import { scavengeUnits } from "@dsbot/protocol";
import { Button, Checkbox, Group, Modal, Stack, Switch, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { PHONE_QUERY } from "@/components/ui/card-list";
import { UnitIcon } from "@/components/ui/unit-icon";
import { TroopSource, troopSourceLabel } from "@/features/troops";
import type { PlannedVillage } from "../lib/scavenge-plan";
import type { ScavengeSettings, VillageOverride } from "../lib/scavenge-settings";
import { useScavengeStore, useVillageOverrides } from "../stores/scavenge-store";
import { scavengeTexts as texts } from "../texts";
import { KeepFields, OptionChecks } from "./settings-fields";

interface VillageOverrideModalProps {
  village: PlannedVillage | null;
  worldKey: string;
  worldUnits: readonly Unit[] | null;
  onClose: () => void;
}

function UnitsAtHome({ village }: { village: PlannedVillage }) {
  const present = scavengeUnits.filter((unit) => (village.row.own[unit] ?? 0) > 0);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500}>
          {texts.override.atHome}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {troopSourceLabel(village.row)}
          </Text>
          <TroopSource row={village.row} />
        </Group>
      </Group>
      <Group gap={10} wrap="wrap" data-testid="scavenge-units-at-home">
        {present.length === 0 && (
          <Text size="sm" c="dimmed">
            {texts.village.nothing}
          </Text>
        )}
        {present.map((unit) => (
          <Group key={unit} gap={3} wrap="nowrap">
            <UnitIcon unit={unit} size={14} />
            <Text size="sm">{texts.number(village.row.own[unit] ?? 0)}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function OverrideFields({ override, settings, worldUnits, onChange }: { override: VillageOverride; settings: ScavengeSettings; worldUnits: readonly Unit[] | null; onChange: (next: VillageOverride) => void }) {
  const excluded = override.excluded === true;
  return (
    <Stack gap="md">
      <Switch label={texts.override.exclude} checked={excluded} onChange={(e) => onChange({ ...override, excluded: e.currentTarget.checked || undefined })} />
      <Checkbox
        label={texts.override.ownOptions}
        disabled={excluded}
        checked={override.options !== undefined}
        onChange={(e) => onChange({ ...override, options: e.currentTarget.checked ? [...settings.options] : undefined })}
      />
      {override.options !== undefined && !excluded && <OptionChecks label={texts.settings.unlocked} value={override.options} onChange={(options) => onChange({ ...override, options })} />}
      <Checkbox
        label={texts.override.ownKeep}
        disabled={excluded}
        checked={override.keep !== undefined}
        onChange={(e) => onChange({ ...override, keep: e.currentTarget.checked ? settings.keep : undefined })}
      />
      {override.keep !== undefined && !excluded && <KeepFields value={override.keep} onChange={(keep) => onChange({ ...override, keep })} worldUnits={worldUnits} />}
    </Stack>
  );
}

export function VillageOverrideModal({ village, worldKey, worldUnits, onClose }: VillageOverrideModalProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const overrides = useVillageOverrides(worldKey);
  const settings = useScavengeStore((state) => state.settings);
  const setOverride = useScavengeStore((state) => state.setOverride);
  const override = village ? (overrides[String(village.row.villageId)] ?? {}) : {};
  const change = (next: VillageOverride | undefined) => village && setOverride(worldKey, village.row.villageId, next);
  return (
    <Modal opened={village !== null} onClose={onClose} title={village ? texts.override.title(village.row.name) : ""} size="lg" fullScreen={phone}>
      {village && (
        <Stack gap="md">
          <UnitsAtHome village={village} />
          <OverrideFields override={override} settings={settings} worldUnits={worldUnits} onChange={change} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => change(undefined)}>
              {texts.override.reset}
            </Button>
            <Button onClick={onClose}>{texts.override.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
