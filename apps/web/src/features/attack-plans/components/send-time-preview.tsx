// The send time, slowest unit and travel time of the attack being entered, from the protocol's
// attackTimes and the unit info of the plan's world (when the app knows it); otherwise the server
// computes it on save.
import type { AttackType, RepeatedHour, Unit, World } from "@dsbot/protocol";
import { attackTimes, formatServerTime, isSupportType, parseCoord, timedUnits, unitLabels } from "@dsbot/protocol";
import { Paper, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatCountdown } from "@/lib/clock";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { findWorld, worldsQueryOptions } from "@/lib/world-data";
import { parseInputTime } from "../lib/times";
import { formulasOf } from "../lib/units";
import { attackPlanTexts as texts } from "../texts";

export interface SendTimeInput {
  from: string;
  to: string;
  type: AttackType;
  units: Partial<Record<Unit, number>>;
  /** Formulas count as sent for the speed (they are worked out only when the bot sends). */
  formulas?: Partial<Record<Unit, string>>;
  unit: Unit | "";
  arrival: string;
  /** The occurrence `arrival` means in the repeated autumn hour. */
  repeatedHour?: RepeatedHour | null;
}

/** The world's get_unit_info of the plan's world, null when the app does not know it. */
export function useWorldUnits(world: World) {
  const worlds = useQuery(worldsQueryOptions());
  return worlds.data ? (findWorld(worlds.data.worlds, world)?.units ?? null) : null;
}

export type Preview = { ok: true; send: number; unit: Unit; travel: number } | { ok: false; message: string } | null;

export function computePreview(input: SendTimeInput, unitInfo: NonNullable<ReturnType<typeof useWorldUnits>>, zone: string): Preview {
  const from = parseCoord(input.from);
  const to = parseCoord(input.to);
  const arrival = parseInputTime(input.arrival, zone, input.repeatedHour);
  if (!from.ok || !to.ok || !arrival.ok) return null;
  try {
    const times = attackTimes({ from: from.value, to: to.value, units: timedUnits(input.units, formulasOf(input.formulas)), unit: input.unit || null, arrival: arrival.value, unitInfo });
    return { ok: true, send: times.sendTime, unit: times.unit, travel: times.travelSeconds };
  } catch (error) {
    return error instanceof RangeError ? { ok: false, message: error.message } : null;
  }
}

export function SendTimePreview({ world, input }: { world: World; input: SendTimeInput }) {
  const unitInfo = useWorldUnits(world);
  const zone = useServerTimeZone();
  const preview = unitInfo ? computePreview(input, unitInfo, zone) : null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="attack-send-preview">
      {!unitInfo && (
        <Text size="sm" c="dimmed">
          {texts.sendTimeLater}
        </Text>
      )}
      {unitInfo && preview?.ok === false && (
        <Text size="sm" c="red.4">
          {preview.message}
        </Text>
      )}
      {unitInfo && preview?.ok && (
        <>
          <Text size="sm">
            {texts.sendTimePreview}: <b>{formatServerTime(preview.send, zone)}</b>
          </Text>
          <Text size="sm" c="dimmed">
            {texts.slowestUnit}: {unitLabels[preview.unit]} · {texts.travelTime}: {formatCountdown(preview.travel * 1000)}
          </Text>
          {isSupportType(input.type) && (
            <Text size="xs" c="dimmed">
              {texts.sendTimeSupportHint}
            </Text>
          )}
        </>
      )}
      {unitInfo && preview === null && (
        <Text size="sm" c="dimmed">
          {texts.sendTimePreview}: –
        </Text>
      )}
    </Paper>
  );
}
