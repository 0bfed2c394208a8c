// "Stamm im Spiel": a searchable select over the world data's tribes (GET /api/worlds/:id/allies),
// looked up 300 ms after typing stops. Without data for the world (unknown, not imported yet, the list
// failing) the field is left out: linking the in-game tribe is optional.
import type { World } from "@dsbot/protocol";
import { worldRoutes } from "@dsbot/protocol";
import { Select } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/api";
import { useDebounced } from "@/lib/debounce";
import { findWorld, worldsQueryOptions } from "@/lib/world-data";
import { tribeTexts as texts } from "../texts";

const SEARCH_DELAY = 300;
const LIMIT = 20;

export interface AllyOption {
  id: number;
  name: string;
  tag: string;
}

/** The id of the world among the known worlds, when it has data (null: none, undefined: loading). */
function useWorldId(world: World): number | null | undefined {
  const query = useQuery({ ...worldsQueryOptions(), select: (data) => findWorld(data.worlds, world) });
  if (query.isError) return null;
  if (query.data === undefined) return undefined;
  return query.data && query.data.dataVersion > 0 ? query.data.id : null;
}

const optionLabel = (ally: AllyOption) => `${ally.name} [${ally.tag}]`;

interface AllySelectProps {
  world: World;
  value: number | null;
  onChange: (value: number | null) => void;
  /** The linked tribe as last saved, so its name shows before anything is searched. */
  initial?: AllyOption | null;
  error?: string;
}

export function AllySelect({ world, value, onChange, initial = null, error }: AllySelectProps) {
  const worldId = useWorldId(world);
  const [picked, setPicked] = useState<AllyOption | null>(initial);
  const [search, setSearch] = useState(initial ? optionLabel(initial) : "");
  const debounced = useDebounced(search.trim(), SEARCH_DELAY);
  // The picked tribe's own label is no search: it would find nothing else.
  const term = picked && debounced === optionLabel(picked) ? "" : debounced;
  const allies = useQuery({
    queryKey: ["worlds", "allies", worldId, term],
    queryFn: ({ signal }) => api.call(worldRoutes.allies, { params: { id: worldId as number }, query: { searchVal: term, limit: LIMIT }, signal }),
    enabled: typeof worldId === "number" && term !== "",
    placeholderData: keepPreviousData,
  });
  if (typeof worldId !== "number") return null;

  const found = term === "" ? [] : (allies.data?.allies ?? []);
  const options = [...(picked ? [picked] : []), ...found.filter((a) => a.id !== picked?.id)];
  return (
    <Select
      label={texts.gameAlly}
      description={texts.gameAllyHint}
      placeholder={texts.gameAllyPlaceholder}
      searchable
      clearable
      data={options.map((a) => ({ value: String(a.id), label: optionLabel(a) }))}
      // The server already searched: every option it answered stays.
      filter={({ options: all }) => all}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        const ally = next === null ? null : (options.find((a) => String(a.id) === next) ?? null);
        setPicked(ally);
        onChange(ally?.id ?? null);
      }}
      nothingFoundMessage={term !== "" && allies.isSuccess ? texts.gameAllyNothing : undefined}
      error={error}
      inputWrapperOrder={["label", "input", "description", "error"]}
    />
  );
}
