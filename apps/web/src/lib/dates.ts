// Date formats: DD.MM.YY HH:mm by default, DD.MM.YYYY HH:mm for long dates; German locale.
// Shown in the server time of the signed-in user's world, never in the browser's zone: a bot's
// dates, its log and the notifications read the same clock as the attack times beside them. The zone
// follows the session (set before any signed-in screen renders); signed out, Europe/Berlin.
import { serverTimeParts } from "@dsbot/protocol";
import dayjs from "dayjs";
import "dayjs/locale/de";
import { commonTexts } from "@/config/texts";
import { useSession } from "./session";
import { userTimeZone } from "./server-time-zone";

dayjs.locale("de");

export const DATE_FORMAT = "DD.MM.YY HH:mm";
export const DATE_FORMAT_LONG = "DD.MM.YYYY HH:mm";

type DateInput = string | number | Date | null | undefined;

let displayZone = userTimeZone(useSession.getState().user);
useSession.subscribe((state) => {
  displayZone = userTimeZone(state.user);
});

/** The zone the dates of this module are shown in (the user's server time). */
export function dateDisplayZone(): string {
  return displayZone;
}

const pad = (n: number) => String(n).padStart(2, "0");

function format(value: DateInput, longYear: boolean): string {
  if (value === null || value === undefined || value === "") return commonTexts.noValue;
  const date = dayjs(value);
  if (!date.isValid()) return commonTexts.noValue;
  const p = serverTimeParts(date.valueOf(), displayZone);
  const year = longYear ? String(p.year) : pad(p.year % 100);
  return `${pad(p.day)}.${pad(p.month)}.${year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** DD.MM.YY HH:mm in server time, "–" for missing or invalid values. */
export function formatDate(value: DateInput): string {
  return format(value, false);
}

/** DD.MM.YYYY HH:mm in server time, "–" for missing or invalid values. */
export function formatDateLong(value: DateInput): string {
  return format(value, true);
}
