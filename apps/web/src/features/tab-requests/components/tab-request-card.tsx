// One tab request: what to do (an attack to send by hand, or a bot that needs its player), the send
// time with its countdown, "Tab öffnen" (the rally point with the units filled in) and "Erledigt". Its
// text follows the clock: once the send time is past it no longer asks to send the attack but says it
// cannot land as planned (a failed send's request is past from the start).
import type { TabRequest, Unit } from "@dsbot/protocol";
import { attackTypeLabels, formatServerTime, tabRequestKindLabels, tabRequestText, unitLabels } from "@dsbot/protocol";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconExternalLink } from "@tabler/icons-react";
import { formatDate } from "@/lib/dates";
import { formatCountdown } from "@/lib/clock";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { tabRequestTexts as texts } from "../texts";
import classes from "./tab-requests.module.css";

export interface TabRequestCardProps {
  request: TabRequest;
  now: number;
  onDone: (id: number) => void;
  pending: boolean;
}

/** "900 Axtkämpfer, Rammbock: alle" — a formula is worked out by the player at the rally point. */
function unitsText(units: Record<string, number>, formulas: Record<string, string> = {}): string {
  return [
    ...Object.entries(units).map(([unit, n]) => `${n} ${unitLabels[unit as Unit] ?? unit}`),
    ...Object.entries(formulas).map(([unit, formula]) => `${unitLabels[unit as Unit] ?? unit}: ${formula}`),
  ].join(", ");
}

export function TabRequestCard({ request, now, onDone, pending }: TabRequestCardProps) {
  const { attack } = request;
  const left = attack ? attack.sendTime - now : 0;
  const zone = useServerTimeZone();
  return (
    <Card className={classes.card} data-added={request.added || undefined} data-testid="tab-request" data-id={request.id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            {/* An attack says its type ("Angriff", "Adelung", …); a player request its kind. */}
            <Badge color={request.kind === "attack" ? "red" : "orange"} variant="light">
              {attack ? attackTypeLabels[attack.type] : tabRequestKindLabels[request.kind]}
            </Badge>
            {request.dsbot && (
              <Text size="sm" c="dimmed">
                {texts.bot}: {request.dsbot.dsPlayer.name}
              </Text>
            )}
          </Group>
          {attack && !request.doneAt && (
            <Text fw={600} ff="monospace" c={left <= 0 ? "red.4" : undefined} data-testid="tab-request-countdown">
              {left <= 0 ? texts.overdue : `${texts.sendIn} ${formatCountdown(left)}`}
            </Text>
          )}
        </Group>
        {attack ? (
          <Stack gap={2}>
            <Text fw={600}>
              {attack.from} → {attack.to}
            </Text>
            <Text size="sm">{unitsText(attack.units, attack.formulas)}</Text>
            <Text size="sm" c="dimmed">
              {texts.sendAt} {formatServerTime(attack.sendTime, zone)} · {texts.arrival} {formatServerTime(attack.arrivalTime, zone)} · {texts.plan}{" "}
              {attack.planName}
            </Text>
          </Stack>
        ) : null}
        <Text size="sm" data-testid="tab-request-message">
          {tabRequestText(request, now)}
        </Text>
        <Group gap="xs">
          {request.url && (
            <Button component="a" href={request.url} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
              {texts.open}
            </Button>
          )}
          {request.doneAt ? (
            <Text size="sm" c="dimmed">
              {texts.doneAt} {formatDate(request.doneAt)}
            </Text>
          ) : (
            <Button variant="light" color="green" leftSection={<IconCheck size={16} />} loading={pending} onClick={() => onDone(request.id)}>
              {texts.done}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
