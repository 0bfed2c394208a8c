// A user's paired runners with revoke (DELETE /api/users/:id/runners/:runnerId); the list comes
// with the user detail, which is refetched afterwards.
import type { RunnerListItem } from "@dsbot/protocol";
import { Text } from "@mantine/core";
import { RunnerList } from "@/components/account/runner-list";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { useRevokeUserRunner } from "../api/users-api";
import { userTexts } from "../texts";

interface UserRunnersCardProps {
  userId: number;
  username: string;
  runners: RunnerListItem[];
}

export function UserRunnersCard({ userId, username, runners }: UserRunnersCardProps) {
  const revoke = useRevokeUserRunner(userId);

  const revokeRunner = async (runner: RunnerListItem) => {
    const confirmed = await confirm({
      title: userTexts.revokeRunnerTitle,
      message: userTexts.revokeRunnerMessage(runner.name, username),
      confirmLabel: userTexts.revokeRunnerConfirm,
      danger: true,
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(runner.id);
      alert.success(userTexts.runnerRevoked(runner.name));
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={userTexts.runnersCard(runners.length)} description={userTexts.runnersHint}>
      <RunnerList
        runners={runners}
        label={userTexts.runnersLabel}
        onRevoke={(runner) => void revokeRunner(runner)}
        revokingId={revoke.isPending ? revoke.variables : null}
        empty={
          <Text c="dimmed" size="sm" py="md" ta="center">
            {userTexts.runnersEmpty}
          </Text>
        }
      />
    </SectionCard>
  );
}
