// The dashboard's cards: each a figure, its details and a link to its page.
import type { AttackType, DashboardResponse } from "@dsbot/protocol";
import { attackTypeLabels, formatServerTime } from "@dsbot/protocol";
import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconArrowRight, IconBell, IconBrowser, IconRobot, IconShieldHalf, IconSwords, IconTargetArrow } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { formatCountdown } from "@/lib/clock";
import { dashboardTexts as texts } from "../texts";

function DashboardCard({ title, icon, to, children }: { title: string; icon: ReactNode; to?: string; children: ReactNode }) {
  return (
    <Card padding="lg" radius="lg" withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            {icon}
          </ThemeIcon>
          <Text fw={700}>{title}</Text>
        </Group>
        {to && (
          <Anchor component={Link} to={to} size="sm" aria-label={`${title}: ${texts.open}`}>
            <Group gap={4} wrap="nowrap">
              {texts.open}
              <IconArrowRight size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

const statusColors = { online: "green", paused: "orange", starting: "yellow", stopping: "yellow", offline: "red" } as const;

export function BotsCard({ bots }: { bots: DashboardResponse["bots"] }) {
  return (
    <DashboardCard title={texts.bots} icon={<IconRobot size={20} />} to={paths.bots}>
      <Text size="xl" fw={700}>
        {texts.botsTotal(bots.total)}
      </Text>
      <Group gap="xs" mt="xs">
        {(Object.keys(statusColors) as (keyof typeof statusColors)[])
          .filter((status) => bots.byStatus[status] > 0)
          .map((status) => (
            <Badge key={status} color={statusColors[status]} variant="light" data-status={status}>
              {texts.status[status]} {bots.byStatus[status]}
            </Badge>
          ))}
      </Group>
    </DashboardCard>
  );
}

export function NextAttacksCard({ attacks, now, zone }: { attacks: DashboardResponse["nextAttacks"]; now: number; zone: string }) {
  return (
    <DashboardCard title={texts.nextAttacks} icon={<IconSwords size={20} />} to={paths.attackPlans}>
      {attacks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.noAttacks}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {attacks.map((attack) => (
            <li key={attack.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={paths.attackPlanDetail(attack.planId)} size="sm" style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {attackTypeLabels[attack.type as AttackType] ?? attack.type} {attack.from} → {attack.to}
                  </Text>
                </Anchor>
                <Text size="sm" ff="monospace" fw={600} title={formatServerTime(attack.sendTime, zone)} aria-label={`${texts.sendIn} ${formatCountdown(attack.sendTime - now)}`}>
                  {formatCountdown(attack.sendTime - now)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {attack.planName}
                {attack.attackerName ? ` · ${attack.attackerName}` : ""}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

export function IncomingsCard({ incomings, now }: { incomings: DashboardResponse["incomings"]; now: number }) {
  return (
    <DashboardCard title={texts.incomings} icon={<IconShieldHalf size={20} />} to={paths.incomings}>
      {incomings.count === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.noIncomings}
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="xl" fw={700}>
            {texts.incomingCount(incomings.count)}
          </Text>
          {incomings.nobles > 0 && (
            <Badge color="yellow" variant="light">
              {texts.nobles(incomings.nobles)}
            </Badge>
          )}
          {incomings.nextArrival !== null && (
            <Text size="sm">
              {texts.nextArrival}{" "}
              <Text span ff="monospace" fw={600}>
                {formatCountdown(incomings.nextArrival - now)}
              </Text>
            </Text>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}

export function NotificationsCard({ unread }: { unread: number }) {
  return (
    <DashboardCard title={texts.notifications} icon={<IconBell size={20} />}>
      <Text size="xl" fw={700} c={unread > 0 ? undefined : "dimmed"}>
        {unread > 0 ? texts.unread(unread) : texts.noUnread}
      </Text>
    </DashboardCard>
  );
}

export function TabRequestsCard({ open }: { open: number }) {
  return (
    <DashboardCard title={texts.tabRequests} icon={<IconBrowser size={20} />} to={paths.tabRequests}>
      <Text size="xl" fw={700} c={open > 0 ? "orange.4" : "dimmed"}>
        {open > 0 ? texts.openRequests(open) : texts.noRequests}
      </Text>
    </DashboardCard>
  );
}

export function TroopsCard({ troops }: { troops: DashboardResponse["troops"] }) {
  const n = (v: number) => v.toLocaleString("de-DE");
  return (
    <DashboardCard title={texts.troops} icon={<IconTargetArrow size={20} />} to={paths.dashboardUnits}>
      {troops.villages === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.noTroops}
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="xl" fw={700}>
            {texts.villages(troops.villages)}
          </Text>
          <Text size="sm">
            {texts.offDef}:{" "}
            <Text span fw={600} c="red.4">
              {n(troops.offPopulation)}
            </Text>{" "}
            /{" "}
            <Text span fw={600} c="blue.4">
              {n(troops.defPopulation)}
            </Text>
          </Text>
        </Stack>
      )}
    </DashboardCard>
  );
}
