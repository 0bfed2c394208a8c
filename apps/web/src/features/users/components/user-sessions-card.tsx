// A user's active sessions with "Alle Sitzungen beenden" (DELETE /api/users/:id/sessions), which
// also revokes the user's runner tokens.
import type { SessionInfo } from "@dsbot/protocol";
import { Button } from "@mantine/core";
import { IconLogout2 } from "@tabler/icons-react";
import { SessionList } from "@/components/account/session-list";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { useRevokeUserSessions } from "../api/users-api";
import { userTexts } from "../texts";

interface UserSessionsCardProps {
  userId: number;
  sessions: SessionInfo[];
  /** Paired runners: the revoke signs them out too, so it is useful even without a web session. */
  runnerCount: number;
}

export function UserSessionsCard({ userId, sessions, runnerCount }: UserSessionsCardProps) {
  const revoke = useRevokeUserSessions(userId);

  const revokeAll = async () => {
    const confirmed = await confirm({
      title: userTexts.revokeTitle,
      message: userTexts.revokeMessage,
      confirmLabel: userTexts.revokeConfirm,
      danger: true,
    });
    if (!confirmed) return;
    try {
      const { revoked, revokedRunners } = await revoke.mutateAsync();
      alert.success(userTexts.revoked(revoked, revokedRunners));
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard
      title={userTexts.sessionsCard(sessions.length)}
      action={
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconLogout2 size={15} />}
          disabled={sessions.length === 0 && runnerCount === 0}
          loading={revoke.isPending}
          onClick={() => void revokeAll()}
        >
          {userTexts.revokeAll}
        </Button>
      }
    >
      <SessionList sessions={sessions} />
    </SectionCard>
  );
}
