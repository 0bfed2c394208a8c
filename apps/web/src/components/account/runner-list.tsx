// A table of paired runners (name, status, paired, last seen) with a revoke button per row; shared by
// Dsbot Auth, the profile and the user administration, which bring their own data and confirm dialog.
import type { RunnerListItem } from "@dsbot/protocol";
import { Badge, Button, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/dates";
import { accountTexts as t } from "./texts";

export interface RunnerListProps {
  runners: RunnerListItem[];
  /** Accessible name of the table. */
  label: string;
  onRevoke: (runner: RunnerListItem) => void;
  /** The runner whose revoke is on its way (its button spins). */
  revokingId?: number | null;
  /** Shown instead of the table when there are no runners. */
  empty: ReactNode;
}

export function RunnerList({ runners, label, onRevoke, revokingId = null, empty }: RunnerListProps) {
  if (runners.length === 0) return <>{empty}</>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label={label} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.runnerColumns.name}</Table.Th>
            <Table.Th>{t.runnerColumns.status}</Table.Th>
            <Table.Th visibleFrom="sm">{t.runnerColumns.createdAt}</Table.Th>
            <Table.Th visibleFrom="sm">{t.runnerColumns.lastSeenAt}</Table.Th>
            <Table.Th aria-label={t.revokeRunner} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runners.map((runner) => (
            <Table.Tr key={runner.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {runner.name}
                </Text>
                {runner.scope === "userscript" && (
                  <Text size="xs" c="dimmed">
                    {t.runnerUserscriptHint}
                  </Text>
                )}
                {/* Phones: the two date columns fold into the name cell. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {t.runnerColumns.createdAt} {formatDate(runner.createdAt)}
                  <br />
                  {t.runnerColumns.lastSeenAt} {runner.lastSeenAt ? formatDate(runner.lastSeenAt) : t.runnerNever}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A userscript's token opens no socket: "Userscript" says what it is (and what revoking ends). */}
                {runner.scope === "userscript" ? (
                  <Badge variant="light" color="blue" miw="max-content" title={t.runnerUserscriptHint}>
                    {t.runnerUserscript}
                  </Badge>
                ) : (
                  <Badge variant="light" color={runner.connected ? "green" : "gray"} miw="max-content">
                    {runner.connected ? t.runnerConnected : t.runnerDisconnected}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(runner.createdAt)}</Table.Td>
              <Table.Td visibleFrom="sm">{runner.lastSeenAt ? formatDate(runner.lastSeenAt) : t.runnerNever}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={t.revokeRunnerLabel(runner.name)}
                  loading={revokingId === runner.id}
                  onClick={() => onRevoke(runner)}
                >
                  {t.revokeRunner}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Placeholder rows while the runners load. */
export function RunnerListSkeleton() {
  return (
    <Stack gap="xs">
      <Skeleton height={40} radius="md" />
      <Skeleton height={40} radius="md" />
    </Stack>
  );
}
