// The REST contract of attack plans: plans, their attacks (the attack
// table: server-side paging, sorting and search), bulk actions, import/export, the planner and access
// grants. Times travel as epoch milliseconds (numbers), so milliseconds are never lost.
import { z } from "zod";
import { coordInputSchema } from "../game/coords.js";
import { repeatedHours } from "../game/server-time.js";
import { activePageSchema, perPageSchema, sortBySchema } from "../table.js";
import { unitCountsSchema, unitSchema } from "../units.js";
import { requiredString, text, validationMessages } from "../validation.js";
import { worldSchema } from "../world.js";
import {
  attackInputSchema,
  attackPrioritySchema,
  attackStatusSchema,
  attackStatuses,
  attackTypeSchema,
  type AttackStatus,
} from "./attack.js";
import { IMPORT_MAX_ATTACKS } from "./formats/import-result.js";
import { attackTemplateSchema, textFormats } from "./formats/text.js";
import { plannerSettingsSchema, PLANNER_MAX_ATTACKERS, PLANNER_MAX_TARGETS } from "./planner-settings.js";

export const ATTACK_PLAN_NAME_MAX = 100;
/** Attacks one plan may hold; imports and the planner stop before it. */
export const ATTACK_PLAN_MAX_ATTACKS = 50_000;
/** Ids one bulk request may name (a page of the table is at most 100, "select all" of a search more). */
export const ATTACK_BULK_MAX = ATTACK_PLAN_MAX_ATTACKS;
/**
 * Import text in characters: a full plan's JSON export goes back in (50,000 typical attacks are about
 * 13.5 MB as JSON, 6 MB as DS Workbench lines), as does anything up to the server's default export limit.
 */
export const ATTACK_IMPORT_TEXT_MAX = 20_000_000;
/** Its own message: a schema's `error` option would otherwise answer "Eingabe erforderlich" for a text over the limit. */
const importTextTooLong = validationMessages.tooLong(ATTACK_IMPORT_TEXT_MAX);

export const attackPlanMessages = {
  notFound: "Der Angriffsplan wurde nicht gefunden.",
  attackNotFound: "Der Angriff wurde nicht gefunden.",
  readOnly: "Du darfst diesen Angriffsplan nur ansehen.",
  worldMissing: "Für die Welt dieses Plans sind keine Dorfdaten importiert. Ein Administrator kann sie unter Welten importieren.",
  villageMissing: (what: string, coord: string) => `${what} ${coord} gibt es auf dieser Welt nicht.`,
  tooMany: (max: number) => `Ein Angriffsplan darf höchstens ${max} Angriffe enthalten.`,
  nameRequired: validationMessages.required,
  ownerHasAccess: "Der Besitzer hat bereits Zugriff auf den Angriffsplan.",
  ownerAccessNotRevocable: "Dem Besitzer kann der Zugriff nicht entzogen werden.",
  importFailed: "Der Import wurde abgebrochen, es wurde nichts übernommen.",
  exportFailed: "Der Export ist fehlgeschlagen.",
  exportTooLarge: (megabytes: string, maxMegabytes: string) =>
    `Der Export wäre etwa ${megabytes} MB groß, erlaubt sind höchstens ${maxMegabytes} MB. Bitte exportiere weniger Angriffe (Filter oder Auswahl in der Tabelle) oder nimm eine kürzere Vorlage.`,
  exportRunning: "Es läuft bereits ein Export von dir. Bitte warte, bis er fertig ist.",
  writeRunning: "In diesen Angriffsplan wird gerade ein Import oder eine Planung geschrieben. Bitte warte, bis sie fertig ist, und versuche es dann erneut.",
  exportsBusy: "Gerade laufen zu viele Exporte. Bitte versuche es gleich noch einmal.",
  /** The Offplaner Scanner's plans (a bot's module): each names the plan ids it refuses. */
  scannerPlansNotFound: (ids: readonly number[]) =>
    ids.length > 1 ? `Die Angriffspläne ${ids.join(", ")} wurden nicht gefunden.` : `Der Angriffsplan ${ids.join("")} wurde nicht gefunden.`,
  scannerPlansReadOnly: (ids: readonly number[]) =>
    `${ids.length > 1 ? `Die Angriffspläne ${ids.join(", ")}` : `Den Angriffsplan ${ids.join("")}`} darfst du nur ansehen; der Offplaner Scanner braucht das Recht zum Bearbeiten.`,
  scannerPlansNotEditableByOwner: (ids: readonly number[]) =>
    `Der Besitzer des Bots darf ${ids.length > 1 ? `die Angriffspläne ${ids.join(", ")}` : `den Angriffsplan ${ids.join("")}`} nicht bearbeiten; der Bot würde daraus nichts senden.`,
} as const;

// ---- plans ----

export const attackPlanNameSchema = requiredString(ATTACK_PLAN_NAME_MAX);

/** `owner` and `admin` may do everything, `edit` change attacks and rename, `read` only look. */
export const attackPlanAccessLevels = ["owner", "admin", "edit", "read"] as const;
export type AttackPlanAccess = (typeof attackPlanAccessLevels)[number];
export const attackPlanGrantLevels = ["read", "edit"] as const;
export type AttackPlanGrantLevel = (typeof attackPlanGrantLevels)[number];
export const attackPlanGrantLevelLabels: Record<AttackPlanGrantLevel, string> = { read: "Nur ansehen", edit: "Bearbeiten" };

export function canEditPlan(access: AttackPlanAccess): boolean {
  return access !== "read";
}
export function canManagePlan(access: AttackPlanAccess): boolean {
  return access === "owner" || access === "admin";
}

export const attackStatusCountsSchema = z.object(
  Object.fromEntries(attackStatuses.map((s) => [s, z.number().int()])) as Record<AttackStatus, z.ZodNumber>,
);
export type AttackStatusCounts = z.infer<typeof attackStatusCountsSchema>;

export const attackPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  world: worldSchema,
  /** The server time zone of the plan's world (IANA): every time of the plan is shown and entered in it. */
  timeZone: z.string(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** What the caller may do with the plan. */
  access: z.enum(attackPlanAccessLevels),
  counts: attackStatusCountsSchema,
  total: z.number().int(),
  /** The earliest send time (epoch ms) of a planned or due attack; null when none is open. */
  nextSendTime: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AttackPlan = z.infer<typeof attackPlanSchema>;

export const attackPlanSortFields = ["name", "nextSendTime", "createdAt", "updatedAt"] as const;
export const attackPlanListQuerySchema = z.object({
  activePage: activePageSchema,
  perPage: perPageSchema,
  searchVal: text().trim().max(100).default(""),
  sortBy: sortBySchema(attackPlanSortFields, "-updatedAt"),
});
export type AttackPlanListQuery = z.infer<typeof attackPlanListQuerySchema>;
export const attackPlanListResponseSchema = z.object({ attackPlans: z.array(attackPlanSchema), totals: z.number().int() });
export type AttackPlanListResponse = z.infer<typeof attackPlanListResponseSchema>;
export const attackPlanResponseSchema = z.object({ attackPlan: attackPlanSchema });
export type AttackPlanResponse = z.infer<typeof attackPlanResponseSchema>;

/** POST /api/attack-plans: the world defaults to the caller's. */
export const attackPlanCreateSchema = z.object({ name: attackPlanNameSchema, world: worldSchema.optional() });
export type AttackPlanCreate = z.infer<typeof attackPlanCreateSchema>;
export const attackPlanUpdateSchema = z.object({ name: attackPlanNameSchema });
export type AttackPlanUpdate = z.infer<typeof attackPlanUpdateSchema>;

export const attackPlanIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const attackIdParamsSchema = attackPlanIdParamsSchema.extend({ attackId: z.coerce.number().int().positive() });
export const attackPlanPermissionParamsSchema = attackPlanIdParamsSchema.extend({ userId: z.coerce.number().int().positive() });
export const attackPlanGrantSchema = z.object({ level: z.enum(attackPlanGrantLevels, { error: validationMessages.invalidValue }).default("read") });
export type AttackPlanGrant = z.infer<typeof attackPlanGrantSchema>;
export const attackPlanPermissionSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  level: z.enum(attackPlanGrantLevels),
  grantedAt: z.string(),
});
export type AttackPlanPermission = z.infer<typeof attackPlanPermissionSchema>;
export const attackPlanPermissionsResponseSchema = z.object({ permissions: z.array(attackPlanPermissionSchema) });
export type AttackPlanPermissionsResponse = z.infer<typeof attackPlanPermissionsResponseSchema>;

// ---- attacks (the attack table) ----

/** A village of an attack: it carries a player with a name and a coordinates value. */
export const attackVillageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `x|y` */
  coordinates: z.string(),
  /** null = barbarian village. */
  player: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AttackVillage = z.infer<typeof attackVillageSchema>;

export const attackSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  startVillage: attackVillageSchema,
  targetVillage: attackVillageSchema,
  type: attackTypeSchema,
  units: z.record(z.string(), z.number().int()),
  /** DS Workbench formulas by unit ("alle-100"), worked out when the bot sends; absent when there are none. */
  formulas: z.record(z.string(), z.string()).optional(),
  /** The unit whose speed sets the travel time. */
  unit: unitSchema,
  /** Epoch ms. */
  sendTime: z.number(),
  arrivalTime: z.number(),
  priority: z.number().int(),
  status: attackStatusSchema,
  /** Why it failed, in German (as the bot reported it); null otherwise. */
  error: z.string().nullable(),
  /** The bot that sent (or tried to send) it. */
  dsbotId: z.number().int().nullable(),
  /** Where the bot's command really lands (epoch ms), beside the planned arrival. */
  realArrivalTime: z.number().nullable(),
  updatedAt: z.string(),
});
export type Attack = z.infer<typeof attackSchema>;

/** The table's sortable columns: sendTime, arrivalTime, attacker, defender, the villages. */
export const attackSortFields = ["sendTime", "arrivalTime", "attacker", "defender", "startVillage", "targetVillage"] as const;
export type AttackSortField = (typeof attackSortFields)[number];

export const attackStatusFilterSchema = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(attackStatusSchema))
  .default([...attackStatuses]);

/** GET /api/attack-plans/{id}/attacks: defaults page 1, 10 rows, sendTime ascending. */
export const attackListQuerySchema = z.object({
  activePage: activePageSchema,
  perPage: perPageSchema,
  searchVal: text().trim().max(100).default(""),
  sortBy: sortBySchema(attackSortFields, "sendTime"),
  statusFilter: attackStatusFilterSchema,
});
export type AttackListQuery = z.infer<typeof attackListQuerySchema>;
export const attackListResponseSchema = z.object({ attacks: z.array(attackSchema), totals: z.number().int() });
export type AttackListResponse = z.infer<typeof attackListResponseSchema>;
export const attackResponseSchema = z.object({ attack: attackSchema });
export type AttackResponse = z.infer<typeof attackResponseSchema>;

/** POST (create) and PUT (edit) of one attack; the status changes only through PUT or bulk. */
export { attackInputSchema as attackCreateSchema };
export const attackUpdateSchema = attackInputSchema;
/** POST …/attacks/train: a noble train (attackTrainSchema in attack.ts), created in one go, in arrival order. */
export const attackTrainResponseSchema = z.object({ attacks: z.array(attackSchema) });
export type AttackTrainResponse = z.infer<typeof attackTrainResponseSchema>;

/** A selection of attacks: the ids, or everything the table's search and status filter match. */
export const attackSelectionSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1, validationMessages.required).max(ATTACK_BULK_MAX) }),
  z.object({ filter: z.object({ searchVal: text().trim().max(100).default(""), statusFilter: attackStatusFilterSchema }) }),
]);
export type AttackSelection = z.infer<typeof attackSelectionSchema>;

export const attackBulkSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("status"), selection: attackSelectionSchema, status: attackStatusSchema }),
  z.object({ action: z.literal("priority"), selection: attackSelectionSchema, priority: attackPrioritySchema }),
  z.object({ action: z.literal("delete"), selection: attackSelectionSchema }),
  /** "gesendete/abgelaufene löschen" */
  z.object({ action: z.literal("deleteFinished") }),
]);
export type AttackBulk = z.infer<typeof attackBulkSchema>;
export const attackBulkResponseSchema = z.object({ affected: z.number().int() });
export type AttackBulkResponse = z.infer<typeof attackBulkResponseSchema>;

/** The statuses "gesendete/abgelaufene löschen" removes. */
export const finishedAttackStatuses = ["sent", "expired"] as const satisfies readonly AttackStatus[];

// ---- import / export ----

export const attackImportFormats = ["dswb", "json", "csv"] as const;
export type AttackImportFormat = (typeof attackImportFormats)[number];
export const attackExportFormats = ["dswb", "json", "csv", ...textFormats] as const;
export type AttackExportFormat = (typeof attackExportFormats)[number];
export const attackFormatLabels: Record<AttackExportFormat, string> = {
  dswb: "DS Workbench",
  json: "JSON",
  csv: "CSV",
  bbcode: "BB-Code",
  plain: "Text (IGM)",
};

export const attackImportSchema = z.object({
  format: z.enum(attackImportFormats, { error: validationMessages.invalidValue }),
  text: text({ error: validationMessages.required }).min(1, validationMessages.required).max(ATTACK_IMPORT_TEXT_MAX, importTextTooLong),
  /** Replace the plan's attacks instead of adding to them. */
  replace: z.boolean().default(false),
  /** CSV: the occurrence its times in the repeated autumn hour mean; without it such a line is refused with the question. */
  repeatedHour: z.enum(repeatedHours, { error: validationMessages.invalidValue }).optional(),
});
export type AttackImport = z.infer<typeof attackImportSchema>;
/**
 * 200 with the count. A bad import imports nothing and answers 400 `bad_request` with the message
 * `attackPlanMessages.importFailed` and one issue per error (path "text", German, by line number).
 */
export const attackImportResponseSchema = z.object({ imported: z.number().int() });
export type AttackImportResponse = z.infer<typeof attackImportResponseSchema>;

export const attackExportSchema = z.object({
  format: z.enum(attackExportFormats, { error: validationMessages.invalidValue }),
  /** BB-code and text only; their default template when absent. */
  template: attackTemplateSchema.optional(),
  /** Absent: the whole plan. */
  selection: attackSelectionSchema.optional(),
});
export type AttackExport = z.infer<typeof attackExportSchema>;
export const attackExportResponseSchema = z.object({ text: z.string(), count: z.number().int() });
export type AttackExportResponse = z.infer<typeof attackExportResponseSchema>;

// ---- planner ----

export const plannerAttackerSourceSchema = z.discriminatedUnion("kind", [
  /** The villages of these bots' players on the plan's world (troops known where scanned). */
  z.object({ kind: z.literal("bots"), dsbotIds: z.array(z.number().int().positive()).min(1, validationMessages.required).max(100) }),
  /** Pasted coordinates (any text: every `x|y` in it). */
  z.object({ kind: z.literal("coords"), text: text().max(ATTACK_IMPORT_TEXT_MAX, importTextTooLong) }),
]);
export type PlannerAttackerSource = z.infer<typeof plannerAttackerSourceSchema>;

export const plannerRequestSchema = z.object({
  attackers: plannerAttackerSourceSchema,
  /** Every `x|y` in the text is a target (the coordinate filter's output pastes here). */
  targets: text({ error: validationMessages.required }).max(ATTACK_IMPORT_TEXT_MAX, importTextTooLong),
  settings: plannerSettingsSchema,
  /** false: only the preview; true: the planned attacks are added to the plan. */
  save: z.boolean().default(false),
  /**
   * "Verteidigen": supports only, at most one from each chosen bot's player per target, leaving at least
   * DEFEND_LEAD_MS after the run; saving switches on the sending bots' Offplaner Scanner for the plan.
   */
  defend: z.boolean().optional(),
});
export type PlannerRequest = z.infer<typeof plannerRequestSchema>;

export const plannedAttackSchema = z.object({
  from: z.string(),
  to: z.string(),
  fromVillageId: z.number().int(),
  toVillageId: z.number().int().nullable(),
  attacker: z.string().nullable(),
  defender: z.string().nullable(),
  type: attackTypeSchema,
  units: z.record(z.string(), z.number().int()),
  unit: unitSchema,
  sendTime: z.number(),
  arrivalTime: z.number(),
  priority: z.number().int(),
});
export type PlannedAttackPreview = z.infer<typeof plannedAttackSchema>;
export const unservedTargetSchema = z.object({
  target: z.string(),
  type: attackTypeSchema,
  requested: z.number().int(),
  planned: z.number().int(),
  reason: z.string(),
});
export const plannerResponseSchema = z.object({
  attacks: z.array(plannedAttackSchema),
  unserved: z.array(unservedTargetSchema),
  /** Coordinates in the input that are no village of the world (attackers or targets). */
  unknownCoords: z.array(z.string()),
  /** How many were added to the plan (0 for a preview). */
  saved: z.number().int(),
  /** What the attacker villages could send (summarizeAttackers): why a run planned little or nothing. */
  attackerVillages: z
    .object({
      villages: z.number().int(),
      scanned: z.number().int(),
      able: z.partialRecord(attackTypeSchema, z.number().int()),
      fitted: z.partialRecord(attackTypeSchema, z.record(z.string(), z.number().int())),
    })
    .optional(),
  /** "Verteidigen" saved: the bots whose Offplaner Scanner now sends the plan's supports. */
  senders: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })).optional(),
});
export type PlannerResponse = z.infer<typeof plannerResponseSchema>;

export const PLANNER_LIMITS = { attackers: PLANNER_MAX_ATTACKERS, targets: PLANNER_MAX_TARGETS, attacks: IMPORT_MAX_ATTACKS } as const;

// ---- village lookup for the attack form ----

export const attackVillageLookupQuerySchema = z.object({ coords: coordInputSchema });
export const attackVillageLookupResponseSchema = z.object({ village: attackVillageSchema.nullable() });
export type AttackVillageLookupResponse = z.infer<typeof attackVillageLookupResponseSchema>;

// ---- the start village's last scan, for the attack form's warning ----

/** GET /api/attack-plans/{id}/village-troops?coords=x|y: the same query as the lookup. */
export const attackVillageTroopsQuerySchema = attackVillageLookupQuerySchema;
/**
 * The units at home in the village at `coords` on the plan's world by the newest inventory scan of a bot
 * of the village's player that the caller may see (as the planner caps attackers); null without one.
 */
export const attackVillageTroopsResponseSchema = z.object({
  troops: z
    .object({
      villageId: z.number().int(),
      coordinates: z.string(),
      units: unitCountsSchema,
      /** Epoch ms of the scan. */
      scannedAt: z.number(),
    })
    .nullable(),
});
export type AttackVillageTroopsResponse = z.infer<typeof attackVillageTroopsResponseSchema>;
