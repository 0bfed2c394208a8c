// Access to a bot per user: the list of granted users, grant by username and revoke.
import { ActionIcon, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { Tooltip } from "@/components/ui/tooltip";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { botPermissionsQueryOptions, useRevokePermission } from "../api/bots-api";
import { botTexts } from "../texts";
import { GrantAccessForm } from "./grant-access-form";

export function BotAccessCard({ botId }: { botId: number }) {
  const permissions = useQuery(botPermissionsQueryOptions(botId));
  const revoke = useRevokePermission(botId);
  const list = permissions.data?.permissions ?? [];

  const onRevoke = async (id: number, username: string) => {
    const ok = await confirm({ title: botTexts.revokeTitle, message: botTexts.revokeMessage(username), confirmLabel: botTexts.revokeConfirm, danger: true });
    if (!ok) return;
    try {
      await revoke.mutateAsync(id);
      alert.success(botTexts.revoked);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={botTexts.access} description={botTexts.accessHint}>
      <Stack gap="md">
        <GrantAccessForm botId={botId} />
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {permissions.isLoading ? "…" : botTexts.accessEmpty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" aria-label={botTexts.accessLabel} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.map((p) => (
              <Group key={p.userId} component="li" justify="space-between" gap="sm" wrap="nowrap">
                <div>
                  <Text size="sm" fw={600}>
                    {p.username}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {botTexts.grantedAt} {formatDate(p.grantedAt)}
                  </Text>
                </div>
                <Tooltip label={botTexts.revoke(p.username)}>
                  <ActionIcon variant="subtle" color="red" aria-label={botTexts.revoke(p.username)} onClick={() => void onRevoke(p.userId, p.username)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
