// Benachrichtigungen on the profile: the own alert channels with on/off, an e-mail address's code, a test message, the delivery
// log (the last 50 messages: state, attempts, the receiver's answer, how long it took) and delete; the
// rules (alert-rules-form.tsx) and the form for a new one below.
import type { AlertChannel, AlertDelivery, AlertDeliveryStatus } from "@dsbot/protocol";
import { alertChannelKindLabels, alertChannelMessages, ALERT_DELIVERIES_SHOWN } from "@dsbot/protocol";
import { ActionIcon, Badge, Button, Collapse, Divider, Group, Loader, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { IconBellOff, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { ApiError } from "@/lib/api";
import { alertChannelsQueryOptions, alertDeliveriesQueryOptions, useConfirmAlertChannel, useDeleteAlertChannel, useTestAlertChannel, useUpdateAlertChannel } from "../api/alerts-api";
import { alertTexts as texts } from "../texts";
import { AlertChannelForm } from "./alert-channel-form";
import { AlertRulesSection } from "./alert-rules-form";
import { BrowserAlertsSwitch } from "./browser-alerts-switch";
import { SendAlarmSetting } from "./send-alarm-setting";

const statusColors: Record<AlertDeliveryStatus, string> = { pending: "yellow", delivered: "green", failed: "red" };

function StatusBadge({ status }: { status: AlertDeliveryStatus }) {
  return (
    <Badge size="sm" variant="light" color={statusColors[status]} data-delivery-status={status} miw="max-content">
      {texts.status[status]}
    </Badge>
  );
}

function DeliveryLog({ channel }: { channel: AlertChannel }) {
  const query = useQuery(alertDeliveriesQueryOptions(channel.id));
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const { deliveries } = query.data;
  if (deliveries.length === 0) return <Text size="sm" c="dimmed">{texts.logEmpty}</Text>;
  const c = texts.columns;
  return (
    <Table.ScrollContainer minWidth={560} maxHeight={320}>
      <Table aria-label={texts.logLabel(channel.name)} fz="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.time}</Table.Th>
            <Table.Th>{c.message}</Table.Th>
            <Table.Th>{c.status}</Table.Th>
            <Table.Th>{c.attempts}</Table.Th>
            <Table.Th>{c.answer}</Table.Th>
            <Table.Th>{c.latency}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.slice(0, ALERT_DELIVERIES_SHOWN).map((d: AlertDelivery) => (
            <Table.Tr key={d.id}>
              <Table.Td>{formatDate(d.createdAt)}</Table.Td>
              <Table.Td>
                {d.title}
                {d.lastError && (
                  <Text size="xs" c={d.status === "failed" ? "red.4" : "dimmed"}>
                    {d.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={d.status} />
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.lastStatus ?? "–"}</Table.Td>
              <Table.Td>{d.latencyMs === null ? "–" : `${d.latencyMs} ms`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An e-mail address waiting for the code its mail carries. */
function ConfirmCode({ channel }: { channel: AlertChannel }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const confirmCode = useConfirmAlertChannel();
  const submit = async () => {
    setProblem(null);
    try {
      await confirmCode.mutateAsync({ id: channel.id, code: code.trim() });
      alert.success(alertChannelMessages.confirmed);
    } catch (error) {
      // A wrong or malformed code belongs under the field; an expired one too (it says what to do).
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) setProblem(error.message);
      else alertError(error);
    }
  };
  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())} noValidate>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          size="xs"
          label={texts.code}
          aria-label={texts.codeLabel(channel.name)}
          description={texts.codeSent(channel.target)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={problem}
          onChange={(event) => setCode(event.currentTarget.value)}
          style={{ flex: "1 1 220px" }}
        />
        <Button size="xs" type="submit" mt={22} loading={confirmCode.isPending}>
          {texts.confirm}
        </Button>
      </Group>
    </form>
  );
}

function ChannelItem({ channel, divided }: { channel: AlertChannel; divided: boolean }) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateAlertChannel();
  const test = useTestAlertChannel();
  const remove = useDeleteAlertChannel();

  const sendTest = async () => {
    try {
      const answer = await test.mutateAsync(channel.id);
      alert.success(answer.message);
      setShowLog(true);
    } catch (error) {
      alertError(error);
    }
  };
  const removeChannel = async () => {
    const confirmed = await confirm({ title: texts.removeTitle, message: texts.removeMessage(channel.name), confirmLabel: texts.remove, danger: true });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(channel.id);
      alert.success(texts.removed(channel.name));
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <Stack gap={6} role="listitem" data-channel-id={channel.id}>
      {divided && <Divider mb="xs" />}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {channel.name}
            </Text>
            <Badge size="xs" variant="outline">
              {alertChannelKindLabels[channel.kind]}
            </Badge>
            {!channel.confirmed && (
              <Badge size="xs" variant="light" color="yellow">
                {texts.unconfirmed}
              </Badge>
            )}
            {channel.lastDelivery ? <StatusBadge status={channel.lastDelivery.status} /> : <Text size="xs" c="dimmed">{texts.lastNever}</Text>}
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {channel.target}
          </Text>
        </Stack>
        <Switch
          label={texts.enabled}
          aria-label={texts.enabledLabel(channel.name)}
          checked={channel.enabled}
          disabled={update.isPending || !channel.confirmed}
          onChange={(event) => update.mutate({ id: channel.id, body: { enabled: event.currentTarget.checked } }, { onError: alertError })}
        />
      </Group>
      {!channel.confirmed && <ConfirmCode channel={channel} />}
      <Group gap="xs">
        <Button size="xs" variant="light" loading={test.isPending} disabled={!channel.confirmed} onClick={() => void sendTest()}>
          {texts.test}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {texts.log}
        </Button>
        <ActionIcon variant="subtle" color="red" aria-label={texts.removeLabel(channel.name)} loading={remove.isPending} onClick={() => void removeChannel()}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Collapse expanded={showLog}>{showLog && <DeliveryLog channel={channel} />}</Collapse>
    </Stack>
  );
}

export function AlertChannelsCard() {
  const query = useQuery(alertChannelsQueryOptions);
  const channels = query.data?.channels ?? [];
  return (
    <SectionCard title={texts.card(channels.length)} description={texts.hint}>
      <Stack gap="md">
        <BrowserAlertsSwitch />
        <SendAlarmSetting />
        <Divider />
        {query.isPending && <Loader size="sm" />}
        {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
        {query.isSuccess &&
          (channels.length === 0 ? (
            <StateMessage framed={false} icon={<IconBellOff size={26} />} title={texts.empty} description={texts.emptyHint} />
          ) : (
            <Stack gap="md" role="list" aria-label={texts.label}>
              {channels.map((channel, i) => (
                <ChannelItem key={channel.id} channel={channel} divided={i > 0} />
              ))}
            </Stack>
          ))}
        {/* Also without a channel: "Angriff in Kürze", "Tab-Anfrage fällig" and the daily report ring the bell. */}
        <Divider />
        <AlertRulesSection channels={channels} />
        <Divider />
        <AlertChannelForm />
      </Stack>
    </SectionCard>
  );
}
