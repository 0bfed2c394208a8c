// A choice among the known worlds (GET /api/worlds) for a form whose values contain
// `world: { server, world }`; the current world stays selectable even when it is not known (yet).
import type { World, WorldSummary } from "@dsbot/protocol";
import { worldLabel } from "@dsbot/protocol";
import { Select } from "@mantine/core";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { accountTexts } from "./texts";

const count = new Intl.NumberFormat("de-DE");
const key = (world: World) => `${world.server}/${world.world}`;

/** "DE230 · die-staemme.de – 38.219 Dörfer". */
export function knownWorldLabel(world: WorldSummary): string {
  const data = world.villages > 0 ? accountTexts.worldVillages(count.format(world.villages)) : accountTexts.worldNoData;
  return `${worldLabel(world)} · ${world.server} – ${data}`;
}

/** The known worlds as options; the current world first when it is not among them (while loading: without a verdict). */
export function worldOptions(worlds: readonly WorldSummary[], current: World | undefined, loading = false) {
  const options = worlds.map((world) => ({ value: key(world), label: knownWorldLabel(world) }));
  if (current?.server && current.world && !options.some((option) => option.value === key(current))) {
    const label = `${worldLabel(current)} · ${current.server}`;
    options.unshift({ value: key(current), label: loading ? label : `${label} – ${accountTexts.worldUnknown}` });
  }
  return options;
}

interface KnownWorldSelectProps<T extends FieldValues> {
  control: Control<T>;
  worlds: readonly WorldSummary[];
  /** Field of the world object (default "world"). */
  name?: string;
  loading?: boolean;
}

export function KnownWorldSelect<T extends FieldValues>({ control, worlds, name = "world", loading = false }: KnownWorldSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name as Path<T>}
      render={({ field, fieldState }) => {
        const value = field.value as World | undefined;
        const options = worldOptions(worlds, value, loading);
        const error = fieldState.error?.message ?? (fieldState.error as { world?: { message?: string } } | undefined)?.world?.message;
        return (
          <Select
            label={accountTexts.world}
            description={accountTexts.worldChoiceHint}
            data={options}
            value={value ? key(value) : null}
            onChange={(next) => {
              const chosen = worlds.find((world) => key(world) === next);
              if (chosen) field.onChange({ server: chosen.server, world: chosen.world });
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            searchable={options.length > 8}
            allowDeselect={false}
            nothingFoundMessage={accountTexts.worldNothingFound}
            disabled={loading}
            error={error}
            aria-required
          />
        );
      }}
    />
  );
}
