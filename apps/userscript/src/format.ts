// Times and units as the userscript shows them: game time of the market, countdowns, "10 Speerträger".
import { formatServerTime, marketTimeZone, unitLabels, units } from "@dsbot/protocol";

const pad = (n: number) => String(n).padStart(2, "0");

/** `H:MM:SS` of a duration (its sign is the caller's business). */
export function formatCountdown(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  return `${hours}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** `DD.MM.YY HH:mm:ss:SSS` in the market's time zone (the game's clock). */
export function formatGameTime(ms: number, server: string): string {
  return formatServerTime(ms, marketTimeZone(server));
}

/** "100 Axtkämpfer, 5 Rammbock" (the game's labels) in the game's unit order; unknown names are shown as they are. */
export function formatUnits(counts: Readonly<Record<string, number>>, none: string): string {
  const known = units.filter((unit) => (counts[unit] ?? 0) > 0).map((unit) => `${counts[unit]} ${unitLabels[unit]}`);
  const other = Object.entries(counts)
    .filter(([unit, n]) => n > 0 && !(units as readonly string[]).includes(unit))
    .map(([unit, n]) => `${n} ${unit}`);
  const all = [...known, ...other];
  return all.length > 0 ? all.join(", ") : none;
}

/** "Axtkämpfer alle-100" for DS Workbench formulas. */
export function formatFormulas(formulas: Readonly<Record<string, string>>): string {
  return Object.entries(formulas)
    .map(([unit, formula]) => `${(unitLabels as Record<string, string>)[unit] ?? unit} ${formula}`)
    .join(", ");
}
