// Restzeit: time left until the send time from the one shared clock (lib/clock: a single interval
// for the whole page); once the send time has passed an open attack shows "fällig".
import type { AttackStatus } from "@dsbot/protocol";
import { Badge, Text } from "@mantine/core";
import { formatCountdown, useNow } from "@/lib/clock";
import { attackPlanTexts as texts } from "../texts";

const openStatuses: readonly AttackStatus[] = ["planned", "due"];

export function RemainingTime({ sendTime, status }: { sendTime: number; status: AttackStatus }) {
  const now = useNow();
  if (!openStatuses.includes(status)) {
    return (
      <Text size="sm" c="dimmed" data-testid="attack-remaining">
        –
      </Text>
    );
  }
  const left = sendTime - now;
  if (left <= 0) {
    return (
      <Badge size="sm" color="red" variant="filled" tt="none" data-testid="attack-remaining" data-overdue>
        {texts.due}
      </Badge>
    );
  }
  return (
    <Text size="sm" ff="monospace" fw={600} c={left < 60_000 ? "orange.4" : undefined} data-testid="attack-remaining" style={{ whiteSpace: "nowrap" }}>
      {formatCountdown(left)}
    </Text>
  );
}
