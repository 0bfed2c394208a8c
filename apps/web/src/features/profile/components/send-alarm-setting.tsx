// "Abschick-Alarm mit Ton": the send alarm of the tab requests in this browser (features/tab-requests,
// send-alarm.ts), on or off, and how many seconds before the send time.
import { Group, NumberInput, Stack, Switch, Text } from "@mantine/core";
import { SEND_ALARM_SECONDS_MAX, SEND_ALARM_SECONDS_MIN, useSendAlarm } from "@/features/tab-requests";
import { alertTexts as texts } from "../texts";

export function SendAlarmSetting() {
  const { enabled, seconds, set } = useSendAlarm();
  return (
    <Stack gap={4}>
      <Group gap="md" align="center">
        <Switch label={texts.sendAlarm} checked={enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        <NumberInput
          aria-label={texts.sendAlarmSeconds}
          size="xs"
          w={90}
          min={SEND_ALARM_SECONDS_MIN}
          max={SEND_ALARM_SECONDS_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          disabled={!enabled}
          value={seconds}
          onChange={(value) => typeof value === "number" && set({ seconds: value })}
          suffix=" s"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {texts.sendAlarmHint(seconds)}
      </Text>
    </Stack>
  );
}
