// The own paired runners on the profile, with revoke; new runners are paired on Dsbot Auth.
import { Button } from "@mantine/core";
import { IconKey, IconPlugConnectedX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { revokeOwnRunner } from "@/components/account/revoke-own-runner";
import { RunnerList, RunnerListSkeleton } from "@/components/account/runner-list";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error-message";
import { profileRunnersQueryOptions, useRevokeOwnRunner } from "../api/profile-api";
import { profileTexts } from "../texts";

export function RunnersCard() {
  const query = useQuery(profileRunnersQueryOptions);
  const revoke = useRevokeOwnRunner();
  const runners = query.data?.runners ?? [];


  const pairLink = (
    <Button component={Link} to={paths.dsbotAuth} variant="light" leftSection={<IconKey size={16} />}>
      {profileTexts.pairRunner}
    </Button>
  );

  return (
    <SectionCard title={profileTexts.runnersCard(runners.length)} description={profileTexts.runnersHint}>
      {query.isPending && <RunnerListSkeleton />}
      {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <RunnerList
          runners={runners}
          label={profileTexts.runnersLabel}
          onRevoke={(runner) => void revokeOwnRunner(runner, revoke.mutateAsync)}
          revokingId={revoke.isPending ? revoke.variables : null}
          empty={
            <StateMessage
              framed={false}
              icon={<IconPlugConnectedX size={26} />}
              title={profileTexts.runnersEmpty}
              description={profileTexts.runnersEmptyHint}
              action={pairLink}
            />
          }
        />
      )}
    </SectionCard>
  );
}
