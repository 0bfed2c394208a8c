// The user's paired runners (name, status, paired, last seen) with revoke; refreshed live.
import { IconPlugConnectedX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { revokeOwnRunner } from "@/components/account/revoke-own-runner";
import { RunnerList, RunnerListSkeleton } from "@/components/account/runner-list";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-error-message";
import { registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { dsbotAuthKeys, runnersQueryOptions, useRevokeRunner } from "../api/dsbot-auth-api";
import { dsbotAuthTexts as t } from "../texts";

/** A runner announcing or losing its bots means it (dis)connected: refresh the list at once. */
function useRunnersLive() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: dsbotAuthKeys.runners });
    const offs = [
      registerRealtimeHandler("bot-user-connection-created", refresh),
      registerRealtimeHandler("bot-user-connection-deleted", refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
}

export function RunnersCard() {
  const query = useQuery(runnersQueryOptions);
  const revoke = useRevokeRunner();
  useRunnersLive();
  const runners = query.data?.runners ?? [];


  return (
    <SectionCard title={t.runnersCard(runners.length)} description={t.runnersHint}>
      {query.isPending && <RunnerListSkeleton />}
      {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <RunnerList
          runners={runners}
          label={t.runnersLabel}
          onRevoke={(runner) => void revokeOwnRunner(runner, revoke.mutateAsync)}
          revokingId={revoke.isPending ? revoke.variables : null}
          empty={<StateMessage framed={false} icon={<IconPlugConnectedX size={26} />} title={t.runnersEmpty} description={t.runnersEmptyHint} />}
        />
      )}
    </SectionCard>
  );
}
