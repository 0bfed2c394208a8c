// The own sessions with a "Beenden" button for every session but the current one.
import { Button, Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { SessionList } from "@/components/account/session-list";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { profileSessionsQueryOptions, useEndSession } from "../api/profile-api";
import { profileTexts } from "../texts";

export function SessionsCard() {
  const query = useQuery(profileSessionsQueryOptions);
  const end = useEndSession();
  const sessions = query.data?.sessions ?? [];

  const endSession = async (id: number) => {
    try {
      await end.mutateAsync(id);
      alert.success(profileTexts.sessionEnded);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={profileTexts.sessionsCard(sessions.length)} description={profileTexts.sessionsHint}>
      {query.isPending && (
        <Stack gap="xs">
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      )}
      {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <SessionList
          sessions={sessions}
          renderAction={(session) =>
            session.current ? null : (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={profileTexts.endSessionLabel}
                loading={end.isPending && end.variables === session.id}
                onClick={() => void endSession(session.id)}
              >
                {profileTexts.endSession}
              </Button>
            )
          }
        />
      )}
    </SectionCard>
  );
}
