// When the attack being entered has to leave, and the earliest it can arrive: a send time in the
// past is warned about before saving (the attack would be saved as "Abgelaufen" at once), and a new
// attack's arrival starts at the earliest one the villages and units allow.
import { NOBLE_TRAIN_MAX, trainArrivals } from "@dsbot/protocol";
import { parseInputTime } from "../lib/times";
import { isTrain, type AttackFormValues } from "./attack-form-schema";
import { sendOf } from "./noble-train-fields";
import { computePreview, type useWorldUnits } from "./send-time-preview";

/** The unit info of the plan's world as the form knows it (null: unknown, the server computes on save). */
type WorldUnits = ReturnType<typeof useWorldUnits>;

/** The earliest arrival leaves the player (and the bot) this long before the send time. */
export const EARLIEST_LEAD_MS = 60_000;

/** The first send time of the values (a train's earliest one), or null while the form does not make one. */
export function firstSendTime(values: AttackFormValues, unitInfo: WorldUnits, zone: string): number | null {
  if (!unitInfo) return null;
  if (!isTrain(values)) {
    const preview = computePreview(values, unitInfo, zone);
    return preview?.ok ? preview.send : null;
  }
  const arrival = parseInputTime(values.arrival, zone, values.repeatedHour);
  if (!arrival.ok || !Number.isInteger(values.nobles) || values.nobles < 1 || values.nobles > NOBLE_TRAIN_MAX || !Number.isInteger(values.spacingMs)) return null;
  const sends = trainArrivals({ arrival: arrival.value, nobles: values.nobles, spacingMs: values.spacingMs, clear: values.withClear })
    .map((entry) => sendOf(entry, values, unitInfo))
    .filter((send): send is number => send !== null);
  return sends.length > 0 ? Math.min(...sends) : null;
}

/**
 * The earliest arrival (on a full minute) for which every attack of the values leaves at least
 * EARLIEST_LEAD_MS from `now`, or null while the form does not make a send time.
 */
export function earliestArrival(values: AttackFormValues, unitInfo: WorldUnits, zone: string, now: number): number | null {
  const arrival = parseInputTime(values.arrival, zone, values.repeatedHour);
  const send = firstSendTime(values, unitInfo, zone);
  if (!arrival.ok || send === null) return null;
  // Moving the arrival moves every send time by the same amount.
  const shift = now + EARLIEST_LEAD_MS - send;
  return Math.ceil((arrival.value + shift) / 60_000) * 60_000;
}
