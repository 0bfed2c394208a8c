// The owner step's fields: the mode, and for chosen / excluded owners the player and tribe names
// with autocomplete from the world data (a few matches at a time: worlds have 10,000 players).
import { Select, SimpleGrid, Stack, TagsInput, Text, type ComboboxItem, type OptionsFilter } from "@mantine/core";
import { useMemo } from "react";
import type { CoordsWorld } from "../lib/coords-world";
import { ownerModes, type CoordsFilterSettings, type OwnerMode, type SettingsErrors } from "../lib/filter-settings";
import { coordsFilterTexts as texts } from "../texts";

const SUGGESTIONS = 20;
const collator = new Intl.Collator("de", { sensitivity: "base" });
const modeData = ownerModes.map((mode) => ({ value: mode, label: texts.owner.modes[mode] }));

export interface OwnerFieldsProps {
  settings: CoordsFilterSettings;
  errors: SettingsErrors;
  world: CoordsWorld | null;
  disabled: boolean;
  onChange: (patch: Partial<CoordsFilterSettings>) => void;
}

export function OwnerFields({ settings, errors, world, disabled, onChange }: OwnerFieldsProps) {
  const playerNames = useMemo(() => (world ? [...new Set([...world.players.values()].map((p) => p.name))].sort(collator.compare) : []), [world]);
  const allyNames = useMemo(() => allyNamesByTag(world), [world]);
  const allyFilter = useMemo(() => matchTagOrName(allyNames), [allyNames]);
  const withNames = settings.ownerMode === "chosen" || settings.ownerMode === "excluded";

  return (
    <Stack gap="xs">
      <Select
        // The step's title names the field already.
        aria-label={texts.owner.label}
        data={modeData}
        value={settings.ownerMode}
        onChange={(value) => value && onChange({ ownerMode: value as OwnerMode })}
        allowDeselect={false}
        disabled={disabled}
        error={errors.owner}
      />
      {withNames && !disabled && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TagsInput
            label={texts.owner.players}
            placeholder={texts.owner.playersPlaceholder}
            data={playerNames}
            limit={SUGGESTIONS}
            value={settings.ownerPlayers}
            onChange={(ownerPlayers) => onChange({ ownerPlayers })}
            clearable
            error={errors.ownerPlayers}
          />
          <TagsInput
            label={texts.owner.allies}
            placeholder={texts.owner.alliesPlaceholder}
            data={[...allyNames.keys()]}
            filter={allyFilter}
            limit={SUGGESTIONS}
            renderOption={({ option }) => (
              <Text size="sm" span>
                {option.value}{" "}
                <Text span size="xs" c="dimmed">
                  {allyNames.get(option.value)}
                </Text>
              </Text>
            )}
            value={settings.ownerAllies}
            onChange={(ownerAllies) => onChange({ ownerAllies })}
            clearable
            error={errors.ownerAllies}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Tribe tag → name, sorted by tag (a tag that two tribes share names the first). */
function allyNamesByTag(world: CoordsWorld | null): Map<string, string> {
  const names = new Map<string, string>();
  if (!world) return names;
  const allies = [...world.allies.values()].sort((a, b) => collator.compare(a.tag, b.tag));
  for (const ally of allies) if (!names.has(ally.tag)) names.set(ally.tag, ally.name);
  return names;
}

/** Suggest a tribe when the search is part of its tag or its name. */
function matchTagOrName(names: ReadonlyMap<string, string>): OptionsFilter {
  return ({ options, search, limit }) => {
    const query = search.trim().toLowerCase();
    const found: ComboboxItem[] = [];
    for (const option of options) {
      if (!("value" in option)) continue;
      const tag = option.value.toLowerCase();
      const name = (names.get(option.value) ?? "").toLowerCase();
      if (query === "" || tag.includes(query) || name.includes(query)) found.push(option);
      if (found.length >= limit) break;
    }
    return found;
  };
}
