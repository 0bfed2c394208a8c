// Raubzug with data: the settings, the sums over every village, and the villages' splits (searched,
// sorted and paged in the browser) with what each is planned from. The optimiser runs once per change of
// the villages, the bots' Raubzug states, the settings or an override (memoised; deferred, so typing in a
// field stays quick on thousands of villages) and when a bot's squad is back, never per render or clock tick.
import type { ScavengeVillageState, TroopRow } from "@dsbot/protocol";
import { Alert, Stack, Text, TextInput } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { IconInfoCircle, IconSearch } from "@tabler/icons-react";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTableState } from "@/components/ui/server-table/use-server-table";
import type { ScavengeWorldInfo } from "../api/scavenge-api";
import { dataSources } from "../lib/data-sources";
import { filterAndSort, nextChange, planVillages, type PlannedVillage, type ScavengeSortBy } from "../lib/scavenge-plan";
import { useScavengeStore, useVillageOverrides } from "../stores/scavenge-store";
import { scavengeTexts as texts } from "../texts";
import { ScavengeTable } from "./scavenge-table";
import { ScavengeTotalsView } from "./scavenge-totals";
import { SettingsCard } from "./settings-card";
import { VillageOverrideModal } from "./village-override-modal";

/** Longest wait setTimeout takes (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time the plan is for: now when mounted, and again the moment a bot's squad is back or an unlock
 * ends (so that option is planned then), not on every clock tick.
 */
function usePlanTime(games: ReadonlyMap<number, ScavengeVillageState>): number {
  const [at, setAt] = useState(() => Date.now());
  const next = useMemo(() => nextChange(games, at), [games, at]);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setAt(Date.now()), Math.min(MAX_TIMEOUT_MS, Math.max(0, next - Date.now() + 1)));
    return () => clearTimeout(timer);
  }, [next]);
  return at;
}

interface ScavengeBoardProps {
  rows: TroopRow[];
  /** The bots' Raubzug states by village id. */
  games: ReadonlyMap<number, ScavengeVillageState>;
  info: ScavengeWorldInfo;
  query: Pick<UseQueryResult<unknown>, "isError" | "data" | "error" | "refetch">;
}

export function ScavengeBoard({ rows, games, info, query }: ScavengeBoardProps) {
  const settings = useDeferredValue(useScavengeStore((state) => state.settings));
  const overrides = useDeferredValue(useVillageOverrides(info.key));
  const at = usePlanTime(games);
  const overview = useMemo(() => planVillages(info.world, rows, settings, overrides, games, at), [info.world, rows, settings, overrides, games, at]);
  const sources = useMemo(() => dataSources(rows), [rows]);
  const state = useServerTableState<ScavengeSortBy>({ perPage: 50, sortBy: "village" });
  const search = useDeferredValue(state.searchVal);
  const shown = useMemo(() => filterAndSort(overview.villages, search, state.sortBy), [overview.villages, search, state.sortBy]);
  const page = useMemo(() => shown.slice((state.activePage - 1) * state.perPage, state.activePage * state.perPage), [shown, state.activePage, state.perPage]);
  const [editing, setEditing] = useState<PlannedVillage | null>(null);

  return (
    <Stack gap="lg">
      {!info.configKnown && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          {texts.worldUnknown}
        </Alert>
      )}
      <SettingsCard worldUnits={info.units} />
      <ScavengeTotalsView totals={overview.totals} />
      <ServerTableCard
        query={query}
        toolbar={
          <Stack gap={6} p="md">
            <TextInput
              label={texts.search}
              leftSection={<IconSearch size={16} />}
              value={state.searchVal}
              onChange={(e) => state.setSearchVal(e.currentTarget.value)}
              maw={260}
            />
            <Text size="xs" c="dimmed" data-testid="scavenge-sources">
              {texts.sources(sources)}
            </Text>
          </Stack>
        }
        pagination={{
          activePage: state.activePage,
          perPage: state.perPage,
          totals: shown.length,
          onPageChange: state.setActivePage,
          onPerPageChange: state.setPerPage,
          perPageOptions: [25, 50, 100],
        }}
      >
        <ScavengeTable villages={page} sortBy={state.sortBy} onSortByChange={state.setSortBy} onAdjust={setEditing} />
      </ServerTableCard>
      <VillageOverrideModal village={editing} worldKey={info.key} worldUnits={info.units} onClose={() => setEditing(null)} />
    </Stack>
  );
}
