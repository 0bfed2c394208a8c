// Tab Anfragen (/tab-requests): what the player must do in a game tab. Attacks no running bot
// can send and bots that need their player, newest first; new ones (arrived live) are highlighted.
import { Skeleton, Stack, Switch } from "@mantine/core";
import { IconBrowser } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-error-message";
import { alert } from "@/lib/alerts";
import { useNow } from "@/lib/clock";
import { tabRequestsQueryOptions, useMarkTabRequestDone } from "../api/tab-requests-api";
import { TabRequestCard } from "../components/tab-request-card";
import { tabRequestTexts as texts } from "../texts";

export function TabRequestsRoute() {
  const [showDone, setShowDone] = useState(false);
  const query = useQuery(tabRequestsQueryOptions(showDone));
  const markDone = useMarkTabRequestDone();
  const now = useNow();
  const requests = query.data?.tabRequests ?? [];

  const done = (id: number) =>
    markDone.mutate(id, {
      onSuccess: () => alert.success(texts.markedDone),
      onError: (error) => alert.danger(errorMessage(error)),
    });

  return (
    <>
      <RoutePageHeader actions={<Switch label={texts.showDone} checked={showDone} onChange={(e) => setShowDone(e.currentTarget.checked)} />} />
      {query.isPending && (
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={120} radius="lg" />
          ))}
        </Stack>
      )}
      {query.isError && <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess &&
        (requests.length === 0 ? (
          <StateMessage icon={<IconBrowser size={26} />} title={texts.emptyTitle} description={texts.emptyHint} />
        ) : (
          <Stack gap="sm">
            {requests.map((request) => (
              <TabRequestCard key={request.id} request={request} now={now} onDone={done} pending={markDone.isPending && markDone.variables === request.id} />
            ))}
          </Stack>
        ))}
    </>
  );
}
