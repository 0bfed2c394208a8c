// "Meine Befehle": the supports the tribe planned for the viewer, over every open request, the next to
// send first, with the countdown to each send time; the viewer's running bot sends them, or they come
// as tab requests. "Abgeschlossene Anfragen": the requests whose attack landed in the last day, each with
// what arrived in time of what was asked.
import type { TribeDefenceSupport, TribeSupportRequest } from "@dsbot/protocol";
import { formatServerTime, requestProgress } from "@dsbot/protocol";
import { Anchor, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChecklist, IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { tribeDefenceTexts as texts } from "../texts";
import { measureText, SupportTable, villageText } from "./request-progress";

interface MyOrdersProps {
  requests: readonly TribeSupportRequest[];
  userId: number | undefined;
  now: number;
  zone: string;
}

export function MyOrders({ requests, userId, now, zone }: MyOrdersProps) {
  const mine: { support: TribeDefenceSupport; request: TribeSupportRequest }[] = [];
  for (const request of requests) {
    if (request.attackArrival <= now) continue;
    for (const support of request.supports) if (support.member.userId === userId) mine.push({ support, request });
  }
  if (mine.length === 0) return null;
  mine.sort((a, b) => a.support.sendAt - b.support.sendAt);
  const requestOf = new Map(mine.map((m) => [m.support, m.request]));
  const planId = mine.find((m) => m.support.planId !== null)?.support.planId;
  return (
    <Card data-testid="tribe-my-orders">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconChecklist size={20} />
            <Title order={3} size="h5">
              {texts.mineTitle}
            </Title>
          </Group>
          {planId !== undefined && planId !== null && (
            <Anchor component={Link} to={`/attack-plans/${planId}`} size="sm">
              {texts.openPlan}
            </Anchor>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {texts.mineHint}
        </Text>
        <SupportTable
          supports={mine.map((m) => m.support)}
          neededBy={(support) => requestOf.get(support)?.neededBy ?? 0}
          now={now}
          zone={zone}
          label={texts.mineLabel}
          target={(support) => {
            const request = requestOf.get(support);
            return request ? villageText(request.village) : "";
          }}
        />
      </Stack>
    </Card>
  );
}

export function ClosedRequests({ requests, zone }: { requests: readonly TribeSupportRequest[]; zone: string }) {
  if (requests.length === 0) return null;
  return (
    <Card data-testid="tribe-closed-requests">
      <Stack gap="xs">
        <Group gap="xs">
          <IconShieldCheck size={20} />
          <Title order={3} size="h5">
            {texts.closedTitle}
          </Title>
        </Group>
        <Stack gap={6} component="ul" aria-label={texts.closedLabel} m={0} p={0}>
          {requests.map((request) => {
            // What had arrived, in time, when the attack landed.
            const progress = requestProgress(request.need, request.neededBy, request.supports, request.attackArrival);
            return (
              <Paper key={request.id} withBorder radius="md" px="sm" py={6} component="li" style={{ listStyle: "none" }} data-closed-request-id={request.id}>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm">
                    {villageText(request.village)} · {request.member.username}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {texts.landedAt(formatServerTime(request.attackArrival, zone).slice(0, -4))}
                  </Text>
                  <Text size="sm" fw={600} c={progress.arrived >= progress.requested ? "green.4" : "orange.4"} data-arrived={progress.arrived}>
                    {texts.closedResult(measureText(request.need, progress.arrived), measureText(request.need, progress.requested))}
                  </Text>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
