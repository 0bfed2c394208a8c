// Bots: the dsbot entity, its list options, actions, connections, logs and access.
import { z } from "zod";
import { moduleNames, type ModuleName } from "./modules/index.js";
import { activePageSchema, perPageSchema, sortBySchema } from "./table.js";
import { text, validationMessages } from "./validation.js";
import { worldSchema } from "./world.js";

export const botStatuses = ["online", "offline", "paused", "starting", "stopping"] as const;
export type BotStatus = (typeof botStatuses)[number];
export const botStatusSchema = z.enum(botStatuses);
/** The status filter's default selection and option order; the same five statuses. */
export const botStatusFilterOrder = ["online", "paused", "offline", "starting", "stopping"] as const satisfies readonly BotStatus[];

/** Badge colours by status; a missing status counts as offline. */
export function botStatusColor(status: string | null | undefined): string {
  switch (status ?? "offline") {
    case "offline":
      return "danger";
    case "paused":
      return "orange";
    case "online":
      return "success";
    case "starting":
    case "stopping":
      return "warning";
    default:
      return "secondary";
  }
}

export const connectionOrigins = ["bot", "bot-user"] as const;
export const websocketConnectionSchema = z.object({
  id: z.number().int(),
  origin: z.enum(connectionOrigins),
  dsbotId: z.number().int().optional(),
  /** The runner this connection belongs to (bot-user) or runs on (bot). */
  runnerName: z.string().nullable().optional(),
  createdAt: z.string().optional(),
});
export type WebsocketConnection = z.infer<typeof websocketConnectionSchema>;

export const botModuleStateSchema = z.object({ name: z.enum(moduleNames as [ModuleName, ...ModuleName[]]), enabled: z.boolean() });

export const dsbotSchema = z.object({
  id: z.number().int(),
  status: botStatusSchema.nullable(),
  /**
   * Since when the game's bot protection holds the bot (ISO; the bot is paused meanwhile): the status
   * reads "Bot-Schutz" and "Gelöst" resumes it. Null when it does not (absent from servers before it).
   */
  protectedSince: z.string().nullable().optional(),
  dsPlayer: z.object({ name: z.string() }),
  world: worldSchema,
  ownerId: z.number().int(),
  /** The owner's own notes (general settings); empty when none. */
  notes: z.string(),
  websocketConnections: z.array(websocketConnectionSchema),
  modules: z.array(botModuleStateSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dsbot = z.infer<typeof dsbotSchema>;

export const botSortFields = ["player", "status", "createdAt", "updatedAt"] as const;

/** `statusFilter` arrives as a comma list or repeated params; default: all five statuses. */
export const statusFilterSchema = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(botStatusSchema))
  .default([...botStatuses]);

export const botListQuerySchema = z.object({
  activePage: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(5),
  searchVal: text().trim().max(100).default(""),
  sortBy: sortBySchema(botSortFields, "-updatedAt"),
  statusFilter: statusFilterSchema,
  websocketConnections: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .default(false),
});
export type BotListQuery = z.infer<typeof botListQuerySchema>;

export const botListResponseSchema = z.object({ dsbots: z.array(dsbotSchema), totals: z.number().int() });
export type BotListResponse = z.infer<typeof botListResponseSchema>;
export const botResponseSchema = z.object({ dsbot: dsbotSchema });
export type BotResponse = z.infer<typeof botResponseSchema>;
export const websocketConnectionsResponseSchema = z.object({ websocketConnections: z.array(websocketConnectionSchema) });
export type WebsocketConnectionsResponse = z.infer<typeof websocketConnectionsResponseSchema>;

export const dsPlayerNameSchema = text({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(24, validationMessages.tooLong(24));

export const botCreateSchema = z.object({
  dsPlayer: z.object({ name: dsPlayerNameSchema }),
  world: worldSchema,
});
export type BotCreate = z.infer<typeof botCreateSchema>;

export const BOT_NOTES_MAX = 2000;

/**
 * PATCH /api/dsbot/{id} (owner or admin): the bot's general settings. Player and world change only
 * while the bot is not running; notes always.
 */
export const botSettingsSchema = z.object({
  dsPlayer: z.object({ name: dsPlayerNameSchema }),
  world: worldSchema,
  notes: text().trim().max(BOT_NOTES_MAX, validationMessages.tooLong(BOT_NOTES_MAX)),
});
export type BotSettings = z.infer<typeof botSettingsSchema>;

export const botUpdateSchema = botSettingsSchema
  .partial()
  .refine((v) => v.dsPlayer !== undefined || v.world !== undefined || v.notes !== undefined, validationMessages.nothingToChange);
export type BotUpdate = z.infer<typeof botUpdateSchema>;

export const botIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const botPermissionParamsSchema = botIdParamsSchema.extend({ userId: z.coerce.number().int().positive() });

export const botStartSchema = z.object({
  websocketConnectionId: z.number({ error: validationMessages.required }).int().positive(),
});
export type BotStart = z.infer<typeof botStartSchema>;
/** Stop names the runner (bot-user connection) that is told to stop the bot, like start. */
export const botStopSchema = botStartSchema;

export const moduleNameSchema = z.enum(moduleNames as [ModuleName, ...ModuleName[]], { error: "Unbekanntes Modul" });
export const toggleModuleSchema = z.object({ moduleName: moduleNameSchema });
export const moduleQuerySchema = z.object({ moduleName: moduleNameSchema });
export const moduleSaveSchema = z.object({ moduleName: moduleNameSchema, module: z.record(text(), z.unknown()) });
export type ModuleSave = z.infer<typeof moduleSaveSchema>;
/** A module's configuration as its schema outputs it; `enabled` is part of it. */
export const moduleResponseSchema = z.object({
  module: z.looseObject({ enabled: z.boolean() }),
  /** Why the module cannot be switched on for this bot (German), or null (GET only; absent elsewhere). */
  unavailable: z.string().nullable().optional(),
});
export type ModuleResponse = z.infer<typeof moduleResponseSchema>;
export const toggleModuleResponseSchema = z.object({ enabled: z.boolean() });
export type ToggleModuleResponse = z.infer<typeof toggleModuleResponseSchema>;

export const logLevels = ["debug", "info", "warn", "error"] as const;
export const botLogSchema = z.object({
  id: z.number().int(),
  level: z.enum(logLevels),
  message: z.string(),
  username: z.string().nullable(),
  createdAt: z.string(),
});
export type BotLog = z.infer<typeof botLogSchema>;
export type LogLevel = (typeof logLevels)[number];

/** GET /api/dsbot/{id}/villages: the bot's player's villages on its world, for the module forms' pickers. */
export const botVillageSchema = z.object({ id: z.number().int(), name: z.string(), coordinates: z.string() });
export type BotVillage = z.infer<typeof botVillageSchema>;
export const botVillagesResponseSchema = z.object({ villages: z.array(botVillageSchema) });
export type BotVillagesResponse = z.infer<typeof botVillagesResponseSchema>;

export const botLogQuerySchema = z.object({ activePage: activePageSchema, perPage: perPageSchema });
export type BotLogQuery = z.infer<typeof botLogQuerySchema>;
export const botLogListResponseSchema = z.object({ logs: z.array(botLogSchema), totals: z.number().int() });
export type BotLogListResponse = z.infer<typeof botLogListResponseSchema>;

export const botPermissionSchema = z.object({ userId: z.number().int(), username: z.string(), grantedAt: z.string() });
export type BotPermission = z.infer<typeof botPermissionSchema>;
export const botPermissionsResponseSchema = z.object({ permissions: z.array(botPermissionSchema) });
export type BotPermissionsResponse = z.infer<typeof botPermissionsResponseSchema>;

/** German texts of the bot log (the log table: Level, Nachricht, Benutzer, Zeit). */
export const botLogMessages = {
  created: "Bot erstellt",
  startRequested: "Start angefordert",
  stopRequested: "Stopp angefordert",
  stopped: "Gestoppt",
  forceStopped: "Zwangsgestoppt",
  paused: "Pausiert",
  resumed: "Fortgesetzt",
  online: "Online",
  pausedByBot: "Vom Bot pausiert",
  /** The game's bot protection met the bot during play: paused until "Gelöst". */
  protection: "Bot-Schutz: angehalten, bis du ihn im Spiel löst und auf „Gelöst“ klickst",
  protectionSolved: "Bot-Schutz gelöst, der Bot spielt weiter",
  connectionLost: "Verbindung zum Bot verloren",
  serverRestarted: "Server neu gestartet, Bot offline",
  startTimedOut: "Der Bot hat sich nach dem Start nicht gemeldet und ist nun offline.",
  stopTimedOut: "Der Bot hat den Stopp nicht bestätigt und ist nun offline.",
  needsPlayer: (label: string, detail?: string) => `Spieler benötigt: ${label}${detail ? ` (${detail})` : ""}`,
  moduleEnabled: (label: string) => `Modul „${label}“ aktiviert`,
  moduleDisabled: (label: string) => `Modul „${label}“ deaktiviert`,
  moduleSaved: (label: string) => `Modul „${label}“ gespeichert`,
  accessGranted: (username: string) => `Zugriff für ${username} gewährt`,
  accessRevoked: (username: string) => `Zugriff für ${username} entzogen`,
  settingsChanged: (fields: string) => `Allgemeine Einstellungen geändert: ${fields}`,
  scannerPlanLost: (planId: number) =>
    `Offplaner Scanner: Der Besitzer des Bots darf den Angriffsplan ${planId} nicht mehr bearbeiten; seine Angriffe sendet der Bot nicht mehr.`,
} as const;

/** Names of the general settings in the log line of a change. */
export const botSettingLabels = { dsPlayer: "Spieler", world: "Welt", notes: "Notizen" } as const;
