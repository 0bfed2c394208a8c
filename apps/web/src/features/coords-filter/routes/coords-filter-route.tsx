// Koordinaten Filter (/coords-filter): paste any text, filter its coordinates step by
// step against the user's world (owner, points, continents, radius, duplicates, limit, random pick)
// and copy the result. Text and settings are kept in the browser (stores/coords-filter-store.ts).
import { Grid, Stack } from "@mantine/core";
import { useDeferredValue, useMemo } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { errorMessage } from "@/lib/api-error-message";
import { useSession } from "@/lib/session";
import { useWorldData } from "@/lib/world-data";
import { CoordsInputCard } from "../components/coords-input-card";
import { FiltersCard, type WorldState } from "../components/filters-card";
import { OutputCard } from "../components/output-card";
import { WorldLoadError, WorldNoData } from "../components/world-status";
import { runFilter } from "../lib/filter-pipeline";
import { useCoordsFilterStore } from "../stores/coords-filter-store";

export function CoordsFilterRoute() {
  const worldQuery = useWorldData();
  const userWorld = useSession((state) => state.user?.world.world);
  const text = useCoordsFilterStore((state) => state.text);
  const settings = useCoordsFilterStore((state) => state.settings);
  // Typing stays quick in long texts: the filter run may lag a frame behind the textarea.
  const deferredText = useDeferredValue(text);
  const world = worldQuery.data ?? null;
  const worldState: WorldState = worldQuery.isPending ? "loading" : world ? "ready" : "none";
  const run = useMemo(() => runFilter(deferredText, settings, world), [deferredText, settings, world]);

  return (
    <>
      <RoutePageHeader />
      <Stack gap="lg">
        {worldQuery.isError && <WorldLoadError message={errorMessage(worldQuery.error)} onRetry={() => void worldQuery.refetch()} />}
        {worldQuery.isSuccess && !world && <WorldNoData world={userWorld} />}
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <CoordsInputCard found={run.found} />
              <FiltersCard run={run} world={world} worldState={worldState} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <OutputCard run={run} textEmpty={text.trim() === ""} loading={worldState === "loading"} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
