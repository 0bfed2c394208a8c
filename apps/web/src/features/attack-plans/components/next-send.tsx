// The next send time of a plan with a live countdown (the shared one-second clock).
import { Text } from "@mantine/core";
import { formatCountdown, useNow } from "@/lib/clock";
import { attackPlanTexts as texts } from "../texts";
import { ServerTime } from "./attack-cells";

export function NextSend({ sendTime }: { sendTime: number | null }) {
  const now = useNow();
  if (sendTime === null) {
    return (
      <Text size="sm" c="dimmed">
        {texts.noOpenAttacks}
      </Text>
    );
  }
  const left = sendTime - now;
  return (
    <div>
      <ServerTime ms={sendTime} />
      <Text size="xs" ff="monospace" fw={600} c={left <= 0 ? "red.4" : "ember.4"} data-testid="plan-countdown">
        {left <= 0 ? texts.due : formatCountdown(left)}
      </Text>
    </div>
  );
}
