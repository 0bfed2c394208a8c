// "Filter": every step in its fixed order with its fields and its count before → after. Owner and
// points need world data and are disabled (with the reason) without it.
import { Button, Divider, Group, SimpleGrid, Stack, Switch, TagsInput, TextInput } from "@mantine/core";
import { IconDice5, IconRestore } from "@tabler/icons-react";
import { Fragment, useState, type ReactNode } from "react";
import { SectionCard } from "@/components/ui/section-card";
import { alert } from "@/lib/alerts";
import type { CoordsWorld } from "../lib/coords-world";
import type { FilterRun } from "../lib/filter-pipeline";
import { normalizeContinentToken, type CoordsFilterSettings, type FilterStepId } from "../lib/filter-settings";
import { useCoordsFilterStore } from "../stores/coords-filter-store";
import { coordsFilterTexts as texts } from "../texts";
import { FilterStep } from "./filter-step";
import { OwnerFields } from "./owner-fields";
import { WholeNumberInput } from "./whole-number-input";

/** What the page knows of the world data: still loading, there, or none to be had (no data / failed). */
export type WorldState = "loading" | "ready" | "none";

const continentOptions = Array.from({ length: 100 }, (_, n) => `K${String(n).padStart(2, "0")}`);

/** A whole continent typed ("K55", "55"): taken at once, as every other filter applies as you type. */
const wholeContinent = /^\s*[Kk]?\d{2}\s*$/;

function ContinentInput({ value, error, onChange }: { value: string[]; error: string | undefined; onChange: (continents: string[]) => void }) {
  const [search, setSearch] = useState("");
  const set = (tokens: string[]) => onChange([...new Set(tokens.map(normalizeContinentToken).filter((token) => token !== ""))]);
  return (
    <TagsInput
      aria-label={texts.continents.label}
      placeholder={texts.continents.placeholder}
      data={continentOptions}
      limit={12}
      splitChars={[",", " ", ";"]}
      value={value}
      onChange={set}
      searchValue={search}
      onSearchChange={(typed) => {
        // A separator after a continent taken at once starts the next one, not an empty tag.
        const text = typed.replace(/^[\s,;]+/, "");
        if (wholeContinent.test(text)) {
          set([...value, text]);
          setSearch("");
        } else setSearch(text);
      }}
      clearable
      error={error}
    />
  );
}

export interface FiltersCardProps {
  run: FilterRun;
  world: CoordsWorld | null;
  worldState: WorldState;
}

export function FiltersCard({ run, world, worldState }: FiltersCardProps) {
  const settings = useCoordsFilterStore((state) => state.settings);
  const update = useCoordsFilterStore((state) => state.update);
  const reroll = useCoordsFilterStore((state) => state.reroll);
  const reset = useCoordsFilterStore((state) => state.reset);
  const { errors } = run;
  const needsWorld = worldState !== "ready";
  const worldHint = worldState === "loading" ? texts.world.loading : worldState === "none" ? texts.world.disabledHint : undefined;

  const fields: Record<FilterStepId, ReactNode> = {
    villages: null,
    owner: <OwnerFields settings={settings} errors={errors} world={world} disabled={needsWorld} onChange={update} />,
    points: <PointsFields settings={settings} errors={errors} disabled={needsWorld} onChange={update} />,
    continents: (
      <ContinentInput value={settings.continents} error={errors.continents} onChange={(continents) => update({ continents })} />
    ),
    radius: (
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={texts.radius.centre}
          placeholder={texts.radius.centrePlaceholder}
          value={settings.centre}
          onChange={(event) => update({ centre: event.currentTarget.value })}
          autoComplete="off"
          error={errors.centre}
        />
        <WholeNumberInput label={texts.radius.radius} value={settings.radius} onNumberChange={(radius) => update({ radius })} error={errors.radius} />
      </SimpleGrid>
    ),
    dedupe: <Switch label={texts.dedupe.label} checked={settings.dedupe} onChange={(event) => update({ dedupe: event.currentTarget.checked })} />,
    limit: (
      <WholeNumberInput
        label={texts.limit.label}
        placeholder={texts.limit.placeholder}
        value={settings.limit}
        onNumberChange={(limit) => update({ limit })}
        error={errors.limit}
      />
    ),
    random: (
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="sm">
          <WholeNumberInput
            label={texts.random.count}
            placeholder={texts.random.countPlaceholder}
            value={settings.randomCount}
            onNumberChange={(randomCount) => update({ randomCount })}
            error={errors.randomCount}
          />
          <WholeNumberInput
            label={texts.random.seed}
            value={settings.seed}
            onNumberChange={(seed) => update({ seed })}
            max={4_294_967_295}
            error={errors.seed}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="light" size="xs" leftSection={<IconDice5 size={16} />} onClick={reroll}>
            {texts.random.reroll}
          </Button>
        </Group>
      </Stack>
    ),
  };
  const hints: Partial<Record<FilterStepId, ReactNode>> = {
    villages: run.states.villages === "on" ? texts.filters.villagesHint : texts.filters.villagesUnavailable,
    owner: worldHint,
    points: worldHint,
    continents: texts.continents.hint,
    random: texts.random.hint,
  };

  return (
    <SectionCard
      title={texts.filters.title}
      description={texts.filters.description}
      action={
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRestore size={16} />}
          onClick={() => {
            reset();
            alert.success(texts.filters.resetDone);
          }}
        >
          {texts.filters.reset}
        </Button>
      }
    >
      <Stack gap="md">
        {run.steps.map((step, index) => (
          <Fragment key={step.id}>
            {index > 0 && <Divider />}
            <FilterStep step={step} hint={hints[step.id]}>
              {fields[step.id]}
            </FilterStep>
          </Fragment>
        ))}
      </Stack>
    </SectionCard>
  );
}

function PointsFields({
  settings,
  errors,
  disabled,
  onChange,
}: {
  settings: CoordsFilterSettings;
  errors: FilterRun["errors"];
  disabled: boolean;
  onChange: (patch: Partial<CoordsFilterSettings>) => void;
}) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <WholeNumberInput
        label={texts.points.min}
        value={settings.pointsMin}
        onNumberChange={(pointsMin) => onChange({ pointsMin })}
        thousandSeparator="."
        decimalSeparator=","
        disabled={disabled}
        error={errors.pointsMin}
      />
      <WholeNumberInput
        label={texts.points.max}
        value={settings.pointsMax}
        onNumberChange={(pointsMax) => onChange({ pointsMax })}
        thousandSeparator="."
        decimalSeparator=","
        disabled={disabled}
        error={errors.pointsMax}
      />
    </SimpleGrid>
  );
}
