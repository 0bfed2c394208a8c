// Simplified game rules of the sandbox: production, storage, farm, unit costs and times (the buildings'
// costs, times, maxima, prerequisites and points are the protocol's, game/buildings.ts, which the
// builder templates count with too). Shapes follow the real game; the constants are rounded.
import type { Unit } from "@dsbot/protocol";
export { buildCost, buildSeconds, maxLevels, unitCosts, villagePoints } from "@dsbot/protocol";

/** Resources per hour of one mine at `level` on a world of `speed`. */
export function production(level: number, speed: number): number {
  return level === 0 ? 5 * speed : 30 * Math.pow(1.163118, level - 1) * speed;
}

export function storageCapacity(level: number): number {
  return Math.round(1000 * Math.pow(1.2294934, Math.max(level, 1) - 1));
}

export function farmCapacity(level: number): number {
  return Math.round(240 * Math.pow(1.172103, Math.max(level, 1) - 1));
}


/** Minutes per field at world speed 1 and unit speed 1 (the real game's base values). */
export const unitMinutesPerField: Record<Unit, number> = {
  spear: 18, sword: 22, axe: 18, archer: 18, spy: 9, light: 10, marcher: 10, heavy: 11, ram: 30, catapult: 30,
  knight: 10, snob: 35,
};

export const gameErrors = {
  not_logged_in: "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.",
  captcha: "Bot-Schutz: Bitte bestätige im Spiel, dass du kein Bot bist.",
  invalid_credentials: "Benutzername oder Passwort ist ungültig.",
  maintenance: "Die Welt wird gerade gewartet. Bitte versuche es später erneut.",
  resources: "Nicht genügend Rohstoffe vorhanden.",
  queue_full: "Die Bauschleife ist voll.",
  requirements: "Die Voraussetzungen sind nicht erfüllt.",
  max_level: "Das Gebäude ist bereits vollständig ausgebaut.",
  units: "Nicht genügend Einheiten vorhanden.",
  farm: "Der Bauernhof ist zu klein.",
  not_found: "Das Dorf existiert nicht oder gehört dir nicht.",
  invalid: "Ungültige Eingabe.",
  unavailable: "Auf dieser Welt gibt es keine Raubzüge.",
  busy: "Auf dieser Option ist bereits ein Raubzug unterwegs.",
} as const;
