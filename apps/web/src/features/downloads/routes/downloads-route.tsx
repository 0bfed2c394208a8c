// Downloads (/downloads?script=dsbot|userscript): a card each for the Dsbot runner and the
// Userscript with version, size, SHA-256, install steps and the download; `?script=` highlights one.
import { apiBaseFor, downloadTypes, type DownloadType } from "@dsbot/protocol";
import { Grid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-error-message";
import { useClientConfig } from "@/lib/client-config";
import { useSession } from "@/lib/session";
import { downloadFileOf, downloadsQueryOptions } from "../api/downloads-api";
import { DownloadsSkeleton } from "../components/downloads-skeleton";
import { DsbotCard } from "../components/dsbot-card";
import { UserscriptCard } from "../components/userscript-card";

function isDownloadType(value: string | null): value is DownloadType {
  return (downloadTypes as readonly (string | null)[]).includes(value);
}

/** The API base the app talks to (same rule as lib/api: the user's game server, else this page). */
function useApiBase(): string {
  const world = useSession((state) => state.user?.world);
  const apiBases = useClientConfig((state) => state.config?.apiBases);
  return apiBaseFor(world, apiBases ?? {});
}

export function DownloadsRoute() {
  const [params] = useSearchParams();
  const script = params.get("script");
  const highlighted = isDownloadType(script) ? script : null;
  const query = useQuery(downloadsQueryOptions);
  const apiBase = useApiBase();
  const serverUrl = apiBase || window.location.origin;
  const downloads = query.data?.downloads ?? [];

  return (
    <>
      <RoutePageHeader />
      {query.isPending && <DownloadsSkeleton />}
      {query.isError && <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <DsbotCard file={downloadFileOf(downloads, "dsbot")} serverUrl={serverUrl} apiBase={apiBase} highlighted={highlighted === "dsbot"} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <UserscriptCard file={downloadFileOf(downloads, "userscript")} serverUrl={serverUrl} apiBase={apiBase} highlighted={highlighted === "userscript"} />
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
