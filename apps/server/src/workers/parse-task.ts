// The war room's text parsers as worker tasks: a pasted SOS text or troops overview of up to a million
// characters takes a few hundred milliseconds to read, so it is read off the event loop.
import type { RepeatedHour, SosParseResult, TroopsOverviewParseResult, Unit } from "@dsbot/protocol";
import { parseSosText, parseTroopsOverview } from "@dsbot/protocol";

/** `repeatedHour`: the occurrence arrivals in the repeated autumn hour mean (null: refuse them with the question). */
export function sosTextTask(input: { text: string; timeZone: string; repeatedHour?: RepeatedHour | null }): SosParseResult {
  return parseSosText(input.text, { timeZone: input.timeZone, repeatedHour: input.repeatedHour ?? null });
}

export function troopsOverviewTask(input: { text: string; units: Unit[] }): TroopsOverviewParseResult {
  return parseTroopsOverview(input.text, { units: input.units });
}
