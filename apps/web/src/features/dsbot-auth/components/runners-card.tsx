// The user's paired runners (name, status, paired, last seen) with revoke; refreshed live.
import type { Runner } from "@dsbot/protocol";
import { Badge, Button, Skeleton, Stack, Table, Text } from "@mantine/core";
import { IconPlugConnectedX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
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

  const revokeRunner = async (runner: Runner) => {
    const confirmed = await confirm({ title: t.revokeTitle, message: t.revokeMessage(runner.name), confirmLabel: t.revoke, danger: true });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(runner.id);
      alert.success(t.revoked(runner.name));
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={t.runnersCard(runners.length)} description={t.runnersHint}>
      {query.isPending && (
        <Stack gap="xs">
          <Skeleton height={40} radius="md" />
          <Skeleton height={40} radius="md" />
        </Stack>
      )}
      {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && runners.length === 0 && (
        <StateMessage framed={false} icon={<IconPlugConnectedX size={26} />} title={t.runnersEmpty} description={t.runnersEmptyHint} />
      )}
      {query.isSuccess && runners.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t.runnersLabel} verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.name}</Table.Th>
                <Table.Th>{t.columns.status}</Table.Th>
                <Table.Th>{t.columns.createdAt}</Table.Th>
                <Table.Th>{t.columns.lastSeenAt}</Table.Th>
                <Table.Th aria-label={t.revoke} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runners.map((runner) => (
                <Table.Tr key={runner.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {runner.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={runner.connected ? "green" : "gray"} miw="max-content">
                      {runner.connected ? t.connected : t.disconnected}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(runner.createdAt)}</Table.Td>
                  <Table.Td>{runner.lastSeenAt ? formatDate(runner.lastSeenAt) : t.never}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t.revokeLabel(runner.name)}
                      loading={revoke.isPending && revoke.variables === runner.id}
                      onClick={() => void revokeRunner(runner)}
                    >
                      {t.revoke}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
