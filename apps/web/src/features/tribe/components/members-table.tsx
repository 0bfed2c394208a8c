// The members of a tribe: who (username and player), role, their bots on the world (online or not),
// the latest scan, villages and points from the world data, and what troops they share. The Anführer
// also sets roles, hands the lead over and removes members here (each asked first).
import type { TribeDetail, TribeMember, TribeMemberBot } from "@dsbot/protocol";
import { troopSharingLabels, tribeRoleLabels, type TribeRole } from "@dsbot/protocol";
import { Badge, Box, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { IconCrown, IconUserMinus } from "@tabler/icons-react";
import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import { confirm } from "@/components/ui/confirm-store";
import { Tooltip } from "@/components/ui/tooltip";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { formatDateLong } from "@/lib/dates";
import { useHandOver, useRemoveMember, useUpdateMember } from "../api/tribes-api";
import { formatCount, tribeTexts as texts } from "../texts";

dayjs.extend(relativeTime);

const roleColors: Record<TribeRole, string> = { leader: "ember", coordinator: "blue", member: "gray" };
const assignableRoles = (["coordinator", "member"] as const).map((role) => ({ value: role, label: tribeRoleLabels[role] }));

export function TribeRoleBadge({ role }: { role: TribeRole }) {
  return (
    <Badge variant={role === "member" ? "default" : "light"} color={roleColors[role]} radius="sm" miw="max-content">
      {tribeRoleLabels[role]}
    </Badge>
  );
}

function BotDots({ bots }: { bots: TribeMemberBot[] }) {
  if (bots.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {texts.noBots}
      </Text>
    );
  }
  const online = bots.filter((bot) => bot.online).length;
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="wrap">
        {bots.map((bot) => {
          const label = bot.online ? texts.botOnline(bot.playerName) : texts.botOffline(bot.playerName);
          return (
            <Tooltip key={bot.id} label={label}>
              <Box
                w={10}
                h={10}
                bg={bot.online ? "green.6" : "dark.3"}
                style={{ borderRadius: "50%" }}
                role="img"
                aria-label={label}
                tabIndex={0}
                data-online={bot.online || undefined}
              />
            </Tooltip>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {texts.botsOnline(online, bots.length)}
      </Text>
    </Stack>
  );
}

function LastScan({ at }: { at: string | null }) {
  if (at === null) {
    return (
      <Text size="sm" c="dimmed">
        {texts.neverScanned}
      </Text>
    );
  }
  return (
    <Tooltip label={formatDateLong(at)}>
      <Text size="sm" component="span" tabIndex={0} style={{ whiteSpace: "nowrap" }}>
        {dayjs(at).fromNow()}
      </Text>
    </Tooltip>
  );
}

interface MembersTableProps {
  tribe: TribeDetail;
  /** The caller leads the tribe: roles, hand over and remove are theirs. */
  manage: boolean;
}

export function MembersTable({ tribe, manage }: MembersTableProps) {
  const updateMember = useUpdateMember(tribe.id);
  const handOver = useHandOver(tribe.id);
  const removeMember = useRemoveMember(tribe.id);

  const setRole = async (member: TribeMember, role: "coordinator" | "member") => {
    try {
      await updateMember.mutateAsync({ userId: member.userId, role });
      alert.success(texts.roleChanged(member.username, tribeRoleLabels[role]));
    } catch (error) {
      alertError(error);
    }
  };

  const giveLead = async (member: TribeMember) => {
    const confirmed = await confirm({ title: texts.handOverTitle, message: texts.handOverMessage(member.username), confirmLabel: texts.handOver });
    if (!confirmed) return;
    try {
      await handOver.mutateAsync(member.userId);
      alert.success(texts.handedOver(member.username));
    } catch (error) {
      alertError(error);
    }
  };

  const remove = async (member: TribeMember) => {
    const confirmed = await confirm({ title: texts.removeTitle, message: texts.removeMessage(member.username), confirmLabel: texts.remove, danger: true });
    if (!confirmed) return;
    try {
      await removeMember.mutateAsync(member.userId);
      alert.success(texts.removed(member.username));
    } catch (error) {
      alertError(error);
    }
  };

  const pending = (mutation: { isPending: boolean; variables?: unknown }, userId: number) =>
    mutation.isPending && (mutation.variables === userId || (mutation.variables as { userId?: number } | undefined)?.userId === userId);

  return (
    <Table.ScrollContainer minWidth={manage ? 1040 : 820} type="native">
      <Table aria-label={texts.membersLabel} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.columns.member}</Table.Th>
            <Table.Th>{texts.columns.role}</Table.Th>
            <Table.Th>{texts.columns.bots}</Table.Th>
            <Table.Th>{texts.columns.lastScan}</Table.Th>
            <Table.Th ta="right">{texts.columns.villages}</Table.Th>
            <Table.Th ta="right">{texts.columns.points}</Table.Th>
            <Table.Th>{texts.columns.troopSharing}</Table.Th>
            {manage && <Table.Th>{texts.columns.actions}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tribe.members.map((member) => {
            const editable = manage && member.role !== "leader";
            return (
              <Table.Tr key={member.userId} data-testid="tribe-member" data-user-id={member.userId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {member.username}
                  </Text>
                  {member.playerName && (
                    <Text size="xs" c="dimmed">
                      {member.playerName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {editable ? (
                    <Select
                      size="xs"
                      w={150}
                      aria-label={texts.roleOf(member.username)}
                      data={assignableRoles}
                      value={member.role}
                      allowDeselect={false}
                      disabled={pending(updateMember, member.userId)}
                      onChange={(value) => value && value !== member.role && void setRole(member, value as "coordinator" | "member")}
                    />
                  ) : (
                    <TribeRoleBadge role={member.role} />
                  )}
                </Table.Td>
                <Table.Td>
                  <BotDots bots={member.bots} />
                </Table.Td>
                <Table.Td>
                  <LastScan at={member.lastScanAt} />
                </Table.Td>
                <Table.Td ta="right">{formatCount(member.villages)}</Table.Td>
                <Table.Td ta="right">{formatCount(member.points)}</Table.Td>
                <Table.Td>{troopSharingLabels[member.troopSharing]}</Table.Td>
                {manage && (
                  <Table.Td>
                    {editable && (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconCrown size={14} />}
                          aria-label={texts.handOverLabel(member.username)}
                          loading={pending(handOver, member.userId)}
                          onClick={() => void giveLead(member)}
                        >
                          {texts.handOver}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconUserMinus size={14} />}
                          aria-label={texts.removeLabel(member.username)}
                          loading={pending(removeMember, member.userId)}
                          onClick={() => void remove(member)}
                        >
                          {texts.remove}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
