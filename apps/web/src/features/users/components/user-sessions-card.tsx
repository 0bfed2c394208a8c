// A user's active sessions with "Alle Sitzungen beenden" (DELETE /api/users/:id/sessions).
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

export function UserSessionsCard({ userId, sessions }: { userId: number; sessions: SessionInfo[] }) {
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
      const { revoked } = await revoke.mutateAsync();
      alert.success(userTexts.revoked(revoked));
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
          disabled={sessions.length === 0}
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
