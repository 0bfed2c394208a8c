// Date formats of spec §9: DD.MM.YY HH:mm by default, DD.MM.YYYY HH:mm for long dates; German locale.
import dayjs from "dayjs";
import "dayjs/locale/de";
import { commonTexts } from "@/config/texts";

dayjs.locale("de");

export const DATE_FORMAT = "DD.MM.YY HH:mm";
export const DATE_FORMAT_LONG = "DD.MM.YYYY HH:mm";

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === "") return commonTexts.noValue;
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : commonTexts.noValue;
}

/** DD.MM.YY HH:mm, "–" for missing or invalid values. */
export function formatDate(value: DateInput): string {
  return format(value, DATE_FORMAT);
}

/** DD.MM.YYYY HH:mm, "–" for missing or invalid values. */
export function formatDateLong(value: DateInput): string {
  return format(value, DATE_FORMAT_LONG);
}
