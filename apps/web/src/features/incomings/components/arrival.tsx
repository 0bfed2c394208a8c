// An incoming's arrival in the world's server time with its milliseconds set smaller, and the live
// countdown to it (red under ten minutes): the incomings table and the tribe's board show them alike.
import { formatServerTime } from "@dsbot/protocol";
import { Text } from "@mantine/core";
import type { HTMLAttributes } from "react";
import { formatCountdown } from "@/lib/clock";

/** Under this much time left the countdown turns red. */
export const URGENT_MS = 10 * 60_000;

/**
 * `time` (epoch ms) in `zone`, never the browser's: date and time on one line where the room is. Other
 * props (a Tooltip's handlers) go to its element.
 */
export function ArrivalText({ time, zone, ...rest }: { time: number; zone: string } & HTMLAttributes<HTMLParagraphElement>) {
  const text = formatServerTime(time, zone);
  return (
    <Text size="sm" ff="monospace" {...rest}>
      {text.slice(0, -4)}
      <Text span size="xs" c="dimmed" ff="monospace">
        {text.slice(-4)}
      </Text>
    </Text>
  );
}

/** The time left (`left` ms) as H:MM:SS, ticking with the caller's clock (useNow). */
export function Countdown({ left }: { left: number }) {
  const urgent = left < URGENT_MS;
  return (
    <Text size="sm" ff="monospace" c={urgent ? "red.4" : undefined} fw={urgent ? 700 : undefined} style={{ whiteSpace: "nowrap" }} data-countdown>
      {formatCountdown(left)}
    </Text>
  );
}
