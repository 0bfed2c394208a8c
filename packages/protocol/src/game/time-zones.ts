// The server time zone of each market: the game's clock on a world runs in its
// market's zone, not the player's and not always Europe/Berlin. An admin can correct a world's zone on
// Welten (stored on the world; null = the market's). Zones are IANA names, read with Intl only.
import { z } from "zod";

/** The zone of die-staemme.de, and of any world whose market is not in the table below. */
export const DEFAULT_SERVER_TIME_ZONE = "Europe/Berlin";

/**
 * Market → server time zone. Source: the `versions` table (host → timezone) that TWHelp seeds for
 * every market, tribalwarshelp/dataupdater `cron/sql_statements.go` (`allVersionsPGInsertStatements`),
 * which names each market's zone as its world data and ennoblement times run on. Every market dsbot
 * knows (world.ts `knownServers`) is listed there.
 */
export const marketTimeZones: Readonly<Record<string, string>> = {
  "die-staemme.de": "Europe/Berlin",
  "staemme.ch": "Europe/Zurich",
  "tribalwars.net": "Europe/London",
  "tribalwars.co.uk": "Europe/London",
  "tribalwars.nl": "Europe/Amsterdam",
  "tribalwars.com.br": "America/Sao_Paulo",
  "tribalwars.com.pt": "Europe/Lisbon",
  "tribalwars.us": "America/New_York",
  "plemiona.pl": "Europe/Warsaw",
  "divokekmeny.cz": "Europe/Prague",
  "divoke-kmene.sk": "Europe/Bratislava",
  "klanlar.org": "Europe/Istanbul",
  "tribals.it": "Europe/Rome",
  "guerretribale.fr": "Europe/Paris",
  "guerrastribales.es": "Europe/Madrid",
  "voyna-plemyon.ru": "Europe/Moscow",
  "klanhaboru.hu": "Europe/Budapest",
  "triburile.ro": "Europe/Bucharest",
  "fyletikesmaxes.gr": "Europe/Athens",
};

/** The market's zone; Europe/Berlin for a market not in the table (and the demo world). */
export function marketTimeZone(server: string): string {
  return marketTimeZones[server.trim().toLowerCase()] ?? DEFAULT_SERVER_TIME_ZONE;
}

/** A world's zone: the admin's correction when there is one, else its market's. */
export function worldTimeZone(world: { server: string; timeZone?: string | null }): string {
  return world.timeZone ?? marketTimeZone(world.server);
}

const known = new Map<string, boolean>();

/** Whether Intl knows the zone by that exact canonical IANA name ("Europe/London"; not "europe/london", not "+01:00"). */
export function isTimeZone(name: string): boolean {
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      // Intl takes any case and aliases; keep the name it calls the zone itself, so one zone has one name.
      ok = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(name) && new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone === name;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(name, ok);
  }
  return ok;
}

export const timeZoneMessages = {
  unknown: "Unbekannte Zeitzone, z. B. Europe/Berlin oder Europe/London.",
} as const;

/** An IANA time zone name as an admin enters it. */
export const timeZoneSchema = z
  .string({ error: timeZoneMessages.unknown })
  .trim()
  .max(64, timeZoneMessages.unknown)
  .refine(isTimeZone, timeZoneMessages.unknown);
