// Whether a moment lies in the timer's active hours (local time of the player's PC).
import { weekdays, type ModuleConfig } from "@dsbot/protocol";

type Days = ModuleConfig<"timer">["days"];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `from` after `to` means the active time runs past midnight (22:00–02:00). */
export function isActiveAt(days: Days, at: Date): boolean {
  const day = days[weekdays[(at.getDay() + 6) % 7] as (typeof weekdays)[number]];
  if (!day.active) return false;
  const minute = at.getHours() * 60 + at.getMinutes();
  const from = minutesOf(day.from);
  const to = minutesOf(day.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
