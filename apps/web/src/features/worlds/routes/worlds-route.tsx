// Welten (/worlds, admin): the known worlds with their counts and sync state; add a world, import
// its files (with upload progress), turn its sync from the game on or off, sync it now, correct its
// server time zone.
import { worldLabel, type WorldSummary } from "@dsbot/protocol";
import { Button, Card, Stack, Text } from "@mantine/core";
import { IconWorldPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { useUpdateWorld, useSyncWorldNow, worldsQueryOptions } from "../api/worlds-api";
import { AddWorldModal } from "../components/add-world-modal";
import { ImportWorldModal } from "../components/import-world-modal";
import { TimeZoneModal } from "../components/time-zone-modal";
import { WorldsTable, type WorldRowActions } from "../components/worlds-table";
import { worldTexts } from "../texts";
import classes from "./worlds-route.module.css";

/** How often the list is read again while a sync runs. */
const SYNC_POLL_MS = 2000;

export function WorldsRoute() {
  // While a sync runs (a world just added starts its first at once), the list asks again until it ends.
  const query = useQuery({
    ...worldsQueryOptions(),
    refetchInterval: (current) => (current.state.data?.worlds.some((w) => w.syncing) ? SYNC_POLL_MS : false),
  });
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState<WorldSummary | null>(null);
  const [zoneOf, setZoneOf] = useState<WorldSummary | null>(null);
  const syncNow = useSyncWorldNow();
  const setSync = useUpdateWorld();

  // A handful of worlds: the table's columns may be rebuilt on every render.
  const actions: WorldRowActions = {
    onImport: setImporting,
    onEditTimeZone: setZoneOf,
    onSync: (world) =>
      syncNow.mutate(world.id, {
        onSuccess: ({ world: synced }) => {
          if (synced.lastSyncError) alert.danger(worldTexts.syncFailed(worldLabel(synced)));
          else alert.success(worldTexts.synced(worldLabel(synced), synced.villages));
        },
        onError: alertError,
      }),
    onToggleSync: (world, enabled) =>
      setSync.mutate(
        { id: world.id, syncEnabled: enabled },
        {
          onSuccess: () => alert.success(enabled ? worldTexts.syncEnabled(worldLabel(world)) : worldTexts.syncDisabled(worldLabel(world))),
          onError: alertError,
        },
      ),
    syncingId: syncNow.isPending ? syncNow.variables : undefined,
    togglingId: setSync.isPending ? setSync.variables?.id : undefined,
  };

  return (
    <>
      <RoutePageHeader
        actions={
          <Button leftSection={<IconWorldPlus size={18} />} onClick={() => setAdding(true)}>
            {worldTexts.add}
          </Button>
        }
      />
      <Card padding={0}>
        <Stack gap={0}>
          <Text size="sm" c="dimmed" className={classes.hint}>
            {worldTexts.syncHint}
          </Text>
          {query.isError && !query.data ? (
            <div className={classes.hint}>
              <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
            </div>
          ) : (
            <WorldsTable worlds={query.data?.worlds ?? []} loading={query.isPending} actions={actions} />
          )}
        </Stack>
      </Card>
      <AddWorldModal opened={adding} onClose={() => setAdding(false)} />
      <ImportWorldModal key={`import-${importing?.id ?? "none"}`} world={importing} onClose={() => setImporting(null)} />
      <TimeZoneModal key={`zone-${zoneOf?.id ?? "none"}`} world={zoneOf} onClose={() => setZoneOf(null)} />
    </>
  );
}
