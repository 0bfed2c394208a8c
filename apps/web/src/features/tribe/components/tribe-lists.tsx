// Links to other tribes: mine on other worlds, and for admins every tribe ("Alle Stämme", scope=all).
import type { TribeSummary } from "@dsbot/protocol";
import { tribeRoleLabels, worldLabel } from "@dsbot/protocol";
import { Anchor, Badge, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { tribesQueryOptions } from "../api/tribes-api";
import { tribeTexts as texts } from "../texts";

export function OtherWorldTribes({ tribes }: { tribes: TribeSummary[] }) {
  if (tribes.length === 0) return null;
  return (
    <SectionCard title={texts.otherWorlds}>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {tribes.map((tribe) => (
          <Group key={tribe.id} component="li" gap="xs" wrap="wrap">
            <Anchor component={Link} to={paths.tribeDetail(tribe.id)} fw={600}>
              {tribe.name} [{tribe.tag}]
            </Anchor>
            <Text size="sm" c="dimmed">
              {worldLabel(tribe.world)}
            </Text>
            {tribe.myRole && (
              <Badge variant="default" radius="sm">
                {tribeRoleLabels[tribe.myRole]}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

export function AllTribesCard() {
  const query = useQuery(tribesQueryOptions("all"));
  const tribes = query.data?.tribes ?? [];
  return (
    <SectionCard title={texts.allTribes}>
      {query.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={36} radius="md" />
          <Skeleton height={36} radius="md" />
        </Stack>
      )}
      {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess &&
        (tribes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.allTribesEmpty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={texts.allTribes} verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.columns.name}</Table.Th>
                  <Table.Th>{texts.columns.world}</Table.Th>
                  <Table.Th ta="right">{texts.columns.members}</Table.Th>
                  <Table.Th visibleFrom="sm">{texts.columns.createdAt}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tribes.map((tribe) => (
                  <Table.Tr key={tribe.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.tribeDetail(tribe.id)} fw={600}>
                        {tribe.name} [{tribe.tag}]
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{worldLabel(tribe.world)}</Table.Td>
                    <Table.Td ta="right">{tribe.memberCount}</Table.Td>
                    <Table.Td visibleFrom="sm">{formatDate(tribe.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </SectionCard>
  );
}
