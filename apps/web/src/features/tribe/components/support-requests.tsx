// "Offene Anfragen": the tribe's open support requests above its board, the most urgent first (the
// server's order): the village and its member, by when the support must be there (server time and the
// countdown to it), what is needed, how many members could help in time, who asked where it was not the
// member, and "Zurückziehen" (after a confirmation) for whom may. A request whose attack has landed
// leaves at once. Each request shows its closed loop (request-progress.tsx): asked, planned, sent, arrived,
// its planned supports, and for a Koordinator or the Anführer "Verteidigung planen" while something is
// missing. Above them the viewer's own part ("Meine Befehle"), below the requests closed in the last day.
// Nothing at all while there is none or they load; a small error with a retry when they failed to load.
import type { TribeDetail, TribeSupportRequest } from "@dsbot/protocol";
import { formatServerTime, needText, requestProgress } from "@dsbot/protocol";
import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconLifebuoy } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { commonTexts } from "@/config/texts";
import { Countdown } from "@/features/incomings";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { useNow } from "@/lib/clock";
import { useSession } from "@/lib/session";
import { mayPlanDefence, mayRequestFor, tribeRequestsQueryOptions, useWithdrawRequest } from "../api/tribe-requests-api";
import { tribeDefenceTexts, tribeRequestTexts as texts } from "../texts";
import { DefencePlanModal } from "./defence-plan-modal";
import { RequestProgress, SupportTable, villageText } from "./request-progress";
import { ClosedRequests, MyOrders } from "./tribe-orders";

interface RequestItemProps {
  request: TribeSupportRequest;
  now: number;
  zone: string;
  /** Withdrawing it; undefined: the caller may not. */
  onWithdraw?: (request: TribeSupportRequest) => void;
  withdrawing: boolean;
  /** Verteidigung planen; undefined: the caller may not. */
  onPlan?: (request: TribeSupportRequest) => void;
}

function RequestItem({ request, now, zone, onWithdraw, withdrawing, onPlan }: RequestItemProps) {
  const missing = requestProgress(request.need, request.neededBy, request.supports, now).missing;
  const askedByOther = request.requestedBy !== null && request.requestedBy !== request.member.username;
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-request-id={request.id} style={{ listStyle: "none" }}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600} data-village>
            {villageText(request.village)}
          </Text>
          <Text size="xs" c="dimmed">
            {request.member.username}
            {askedByOther && ` · ${texts.requestedBy(request.requestedBy ?? "")}`}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="xs" c="dimmed">
            {texts.neededBy}
          </Text>
          <Text size="sm" ff="monospace" data-needed-by>
            {formatServerTime(request.neededBy, zone).slice(0, -4)} {texts.serverTime}
          </Text>
          <Countdown left={request.neededBy - now} />
        </Stack>
      </Group>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap" mt="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="blue" radius="sm" data-need>
            {needText(request.need)}
          </Badge>
          <Text size="xs" c={request.helpers === 0 ? "red.4" : "dimmed"} data-helpers={request.helpers}>
            {texts.helpers(request.helpers)}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          {onPlan && missing > 0 && (
            <Button size="xs" variant="light" aria-label={tribeDefenceTexts.planLabel(request.village.coordinates)} onClick={() => onPlan(request)}>
              {request.supports.length > 0 ? tribeDefenceTexts.replan : tribeDefenceTexts.plan}
            </Button>
          )}
          {onWithdraw && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={texts.withdrawLabel(request.village.coordinates)}
              loading={withdrawing}
              onClick={() => onWithdraw(request)}
            >
              {texts.withdraw}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="xs" mt="xs">
        <RequestProgress request={request} now={now} label={tribeDefenceTexts.progressLabel(villageText(request.village))} />
        {request.supports.length > 0 && (
          <SupportTable
            supports={request.supports}
            neededBy={() => request.neededBy}
            now={now}
            zone={zone}
            label={tribeDefenceTexts.supportsLabel(request.village.coordinates)}
          />
        )}
      </Stack>
    </Paper>
  );
}

export function SupportRequests({ tribe, zone }: { tribe: TribeDetail; zone: string }) {
  const now = useNow();
  const userId = useSession((state) => state.user?.id);
  const query = useQuery(tribeRequestsQueryOptions(tribe.id));
  const withdraw = useWithdrawRequest(tribe.id);
  const data = query.data;
  const open = useMemo(() => (data?.requests ?? []).filter((r) => r.attackArrival > now), [data, now]);
  const [planning, setPlanning] = useState<TribeSupportRequest | null>(null);

  const onWithdraw = async (request: TribeSupportRequest) => {
    const unsent = request.supports.some((support) => support.status === "planned" || support.status === "due");
    const confirmed = await confirm({ title: texts.withdrawTitle, message: texts.withdrawMessage(villageText(request.village), unsent), confirmLabel: texts.withdraw, danger: true });
    if (!confirmed) return;
    try {
      await withdraw.mutateAsync(request.id);
      alert.success(texts.withdrawn);
    } catch (failure) {
      alertError(failure);
    }
  };

  // Loading: nothing (mostly there is none, and a placeholder would only jump away).
  if (query.isError) {
    return (
      <Alert variant="light" color="red" icon={<IconAlertTriangle size={16} />} py="xs" title={texts.openTitle}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {commonTexts.retry}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!data) return null;
  return (
    <>
      <MyOrders requests={data.requests} userId={userId} now={now} zone={zone} />
      {open.length > 0 && (
        <Card data-testid="tribe-requests">
          <Stack gap="sm">
            <Group gap="xs">
              <IconLifebuoy size={20} />
              <Title order={3} size="h5">
                {texts.openTitle}
              </Title>
              <Badge size="sm" variant="filled" color="red" radius="sm">
                {open.length}
              </Badge>
            </Group>
            <Stack gap="xs" component="ul" aria-label={texts.openLabel} m={0} p={0}>
              {open.map((request) => (
                <RequestItem
                  key={request.id}
                  request={request}
                  now={now}
                  zone={zone}
                  onWithdraw={mayRequestFor(tribe, userId, request.member.userId) ? (r) => void onWithdraw(r) : undefined}
                  withdrawing={withdraw.isPending && withdraw.variables === request.id}
                  onPlan={mayPlanDefence(tribe) ? setPlanning : undefined}
                />
              ))}
            </Stack>
          </Stack>
        </Card>
      )}
      <ClosedRequests requests={[...data.requests.filter((r) => r.attackArrival <= now), ...data.closed]} zone={zone} />
      <DefencePlanModal tribeId={tribe.id} request={planning} zone={zone} onClose={() => setPlanning(null)} />
    </>
  );
}
