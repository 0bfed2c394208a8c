// Game worlds: the known worlds with their villages, players and tribes.
//   GET  /api/worlds                         signed in: the list with counts, last import and sync
//   POST /api/worlds                         admin: { server, world } (worldSchema)
//   PATCH /api/worlds/{id}                   admin: { syncEnabled?, timeZone? } (worldUpdateSchema)
//   POST /api/worlds/{id}/import             admin: multipart/form-data, the game's own files
//   POST /api/worlds/{id}/sync               admin: fetch the world's files from the game now
//   GET  /api/worlds/{id}/villages           signed in: binary map data (village-map.ts), ETag
//   GET  /api/worlds/{id}/players?searchVal= signed in: players by name
//   GET  /api/worlds/{id}/allies?searchVal=  signed in: tribes by name or tag
import { z } from "zod";
import { gameConfigSchema } from "./game/game-config.js";
import { timeZoneSchema } from "./game/time-zones.js";
import { unitInfoSchema } from "./game/unit-info.js";
import { text, validationMessages } from "./validation.js";
import { worldSchema } from "./world.js";

export { worldSchema as worldCreateSchema };

export const worldIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const worldSummarySchema = z.object({
  id: z.number().int(),
  server: z.string(),
  world: z.string(),
  villages: z.number().int().nonnegative(),
  players: z.number().int().nonnegative(),
  allies: z.number().int().nonnegative(),
  /** Grows with every import; the map data's ETag names it. 0 = no data yet. */
  dataVersion: z.number().int().nonnegative(),
  lastImportAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** German text of the last failed sync, null when the last one worked, none ran, or the sync is off. */
  lastSyncError: z.string().nullable(),
  /** false: the server never fetches this world from the game (the demo world, worlds kept by hand). */
  syncEnabled: z.boolean(),
  /** The world's server time zone (IANA): the admin's correction, else its market's (`timeZoneDefault`). */
  timeZone: z.string(),
  /** The market's zone, what `timeZone` is without a correction. */
  timeZoneDefault: z.string(),
  /** A sync of this world runs now or is about to (a world just added): the Welten page shows "Abgleich läuft …". */
  syncing: z.boolean(),
  /** The world's get_config (game/game-config.ts); null until one was imported. */
  config: gameConfigSchema.nullable(),
  /** The world's get_unit_info (game/unit-info.ts): `speed` in minutes per field on this world (never divide again). */
  units: unitInfoSchema.nullable(),
});
export type WorldSummary = z.infer<typeof worldSummarySchema>;

/**
 * PATCH /api/worlds/{id}: what an admin may change on a world, one or both: whether it is synced, and
 * its server time zone (an IANA name; null = its market's again).
 */
export const worldUpdateSchema = z
  .strictObject({
    syncEnabled: z.boolean({ error: "Erwartet: true oder false" }).optional(),
    timeZone: timeZoneSchema.nullable().optional(),
  })
  .refine((v) => v.syncEnabled !== undefined || v.timeZone !== undefined, { message: validationMessages.required });
export type WorldUpdate = z.infer<typeof worldUpdateSchema>;

export const worldsResponseSchema = z.object({ worlds: z.array(worldSummarySchema) });
export type WorldsResponse = z.infer<typeof worldsResponseSchema>;
export const worldResponseSchema = z.object({ world: worldSummarySchema });
export type WorldResponse = z.infer<typeof worldResponseSchema>;

/** The file parts `POST /api/worlds/{id}/import` takes, named as the game names them (`.gz` optional). */
export const worldImportFiles = ["village.txt", "player.txt", "ally.txt", "get_config.xml", "get_unit_info.xml"] as const;
export type WorldImportFile = (typeof worldImportFiles)[number];
/** What an uploaded file is called: `village.txt.gz` is `village.txt`; folders and case do not count. */
export function worldImportFileName(name: string | undefined): WorldImportFile | undefined {
  if (!name) return undefined;
  const base = (name.split(/[\\/]/).pop() ?? "").trim().toLowerCase().replace(/\.gz$/, "");
  return (worldImportFiles as readonly string[]).includes(base) ? (base as WorldImportFile) : undefined;
}

/** The import needs these three; config and unit info are kept from before when left out. */
export const worldImportRequiredFiles = ["village.txt", "player.txt", "ally.txt"] as const satisfies readonly WorldImportFile[];
/** Largest file part (compressed as sent). */
export const WORLD_IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export const worldImportResponseSchema = z.object({
  world: worldSummarySchema,
  imported: z.object({
    villages: z.number().int(),
    players: z.number().int(),
    allies: z.number().int(),
    config: z.boolean(),
    unitInfo: z.boolean(),
  }),
  durationMs: z.number().int(),
});
export type WorldImportResponse = z.infer<typeof worldImportResponseSchema>;

export const WORLD_SEARCH_LIMIT_DEFAULT = 20;
export const WORLD_SEARCH_LIMIT_MAX = 100;

/** `searchVal`: case-insensitive part of the name (or tribe tag); exact and prefix matches first. Empty: the best ranked. */
export const worldSearchQuerySchema = z.object({
  searchVal: text().trim().max(100, "Höchstens 100 Zeichen").default(""),
  limit: z.coerce.number().int().min(1).max(WORLD_SEARCH_LIMIT_MAX).default(WORLD_SEARCH_LIMIT_DEFAULT),
});
export type WorldSearchQuery = z.infer<typeof worldSearchQuerySchema>;

export const worldPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 = in no tribe. */
  allyId: z.number().int(),
  allyTag: z.string().nullable(),
  villages: z.number().int(),
  points: z.number().int(),
  rank: z.number().int(),
});
export type WorldPlayer = z.infer<typeof worldPlayerSchema>;
export const worldPlayersResponseSchema = z.object({ players: z.array(worldPlayerSchema) });
export type WorldPlayersResponse = z.infer<typeof worldPlayersResponseSchema>;

export const worldAllySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tag: z.string(),
  members: z.number().int(),
  villages: z.number().int(),
  points: z.number().int(),
  allPoints: z.number().int(),
  rank: z.number().int(),
});
export type WorldAlly = z.infer<typeof worldAllySchema>;
export const worldAlliesResponseSchema = z.object({ allies: z.array(worldAllySchema) });
export type WorldAlliesResponse = z.infer<typeof worldAlliesResponseSchema>;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** German texts of the world routes. */
export const worldMessages = {
  worldNotFound: "Die Welt wurde nicht gefunden.",
  worldExists: "Diese Welt gibt es bereits.",
  /** A bot or user on a world the server has no row for (POST /api/dsbot, POST /api/users). */
  worldUnknown: "Diese Welt kennt der Server nicht. Wähle eine der bekannten Welten; fehlt deine, kann ein Administrator sie unter „Welten“ hinzufügen.",
  importNotMultipart: "Bitte lade die Dateien als multipart/form-data hoch.",
  importBroken: "Der Upload ist unvollständig oder beschädigt. Bitte lade die Dateien erneut hoch.",
  importUnexpectedField: (name: string) => `Unerwartetes Feld "${name}": erwartet werden nur Dateien.`,
  importUnknownFile: (name: string) =>
    `Unbekannte Datei "${name}". Erwartet: ${worldImportFiles.join(", ")} (die .txt-Dateien auch als .gz).`,
  importDuplicateFile: (name: string) => `${name} wurde mehrfach hochgeladen.`,
  importMissingFiles: (names: readonly string[]) => `Für den Import fehlen noch: ${names.join(", ")}.`,
  importFileTooLarge: (name: string) => `${name} ist zu groß (höchstens ${megabytes(WORLD_IMPORT_MAX_FILE_BYTES)} MB).`,
  importTooManyParts: "Zu viele Teile im Upload.",
  syncDisabled: "Der Abgleich mit dem Spiel ist für diese Welt ausgeschaltet.",
  /** What a failed sync stores as lastSyncError; `detail` names the file. */
  syncFailed: (detail: string) => `Abgleich fehlgeschlagen: ${detail} Die bisherigen Daten bleiben erhalten.`,
  syncHttpStatus: (file: string, status: number) => `${file}: Der Spielserver antwortete mit HTTP ${status}.`,
  syncUnreachable: (file: string, reason: string) => `${file}: Der Spielserver ist nicht erreichbar (${reason}).`,
  syncTimeout: (file: string, seconds: number) => `${file}: Keine Antwort innerhalb von ${seconds} s.`,
  syncTooLarge: (file: string) => `${file} ist zu groß (höchstens ${megabytes(WORLD_IMPORT_MAX_FILE_BYTES)} MB).`,
  syncAborted: "Der Abgleich wurde abgebrochen, weil der Server beendet wird.",
  syncRedirectElsewhere: (file: string, host: string) =>
    `${file}: Der Spielserver leitet auf einen anderen Server um (${host}); gefolgt wird nur Umleitungen auf denselben Server und Port.`,
  syncTooManyRedirects: (file: string) => `${file}: Zu viele Umleitungen.`,
} as const;
