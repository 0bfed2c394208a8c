// The war room's REST calls: GET /api/incomings, POST /api/incomings/import (an
// SOS text), PATCH/DELETE /api/incomings/{id}; GET /api/troops, POST /api/troops/import (a troops
// overview), DELETE /api/troops/pasted, DELETE /api/incomings/pasted; GET /api/dashboard. And the bot's report of its incomings.
import { z } from "zod";
import { arrivalSchema } from "../attack-plans/attack.js";
import { COORD_MAX } from "../game/coords.js";
import { repeatedHours } from "../game/server-time.js";
import { listQueryBase, perPageSchema, sortBySchema } from "../table.js";
import { REPORTED_PLAYER_NAME_MAX, TROOPS_VILLAGE_NAME_MAX, troopScannedAtSchema } from "../troops.js";
import { unitCountsSchema, unitSchema } from "../units.js";
import type { SocketAck } from "../runner.js";
import { text, uniqueField, validationMessages } from "../validation.js";
import { incomingKinds } from "./incoming-analysis.js";
import { troopClasses } from "./troop-classification.js";

/** Whose villages take a user's pasted troops (the server's rule, named in its refusal). */
export interface OwnPlayersRule {
  /** `bots`: the players of the user's bots on the world; without a bot, `pasted`: the player of the troops pasted before, `paste`: the player of this paste. */
  from: "bots" | "pasted" | "paste";
  players: readonly string[];
}

export const warRoomMessages = {
  incomingNotFound: "Der eingehende Angriff wurde nicht gefunden.",
  pastedOnly: "Nur eingefügte Angriffe lassen sich löschen; die eines Bots verschwinden mit der Ankunft.",
  tag: (max: number) => `Die Markierung darf höchstens ${max} Zeichen lang sein.`,
  textRequired: "Bitte füge einen Text ein.",
  duplicateCommand: "Ein Befehl kommt in der Meldung mehrfach vor.",
  busy: "Der Server liest gerade viele Texte. Bitte versuche es gleich noch einmal.",
  textTooLong: (max: number) => `Der Text darf höchstens ${max.toLocaleString("de-DE")} Zeichen lang sein.`,
  noWorld: "Deinem Konto ist keine Welt zugeordnet, deren Daten importiert sind.",
  unknownVillage: (line: number, coord: string) => `Zeile ${line}: Auf ${coord} liegt auf deiner Welt kein Dorf.`,
  /** `village` as „Name (x|y)“; `owner` null for a barbarian village; `mine` whose villages are taken. */
  notOwnVillage: (line: number, village: string, owner: string | null, mine: OwnPlayersRule) => {
    if (mine.from === "bots") {
      return owner === null
        ? `Zeile ${line}: ${village} ist ein Barbarendorf, kein Dorf eines Spielers deiner Bots.`
        : `Zeile ${line}: ${village} gehört ${owner}, keinem Spieler deiner Bots.`;
    }
    const player = mine.players[0];
    if (owner === null) return `Zeile ${line}: ${village} ist ein Barbarendorf.`;
    return player === undefined ? `Zeile ${line}: ${village} gehört ${owner}.` : `Zeile ${line}: ${village} gehört ${owner}, nicht ${player}.`;
  },
  /** Which villages take pasted troops: those of the user's bots' players, or without a bot those of one player. */
  ownVillagesOnly: (mine: OwnPlayersRule) => {
    if (mine.from === "bots") return `Truppen lassen sich nur für Dörfer der Spieler deiner Bots einfügen. Deine Bots spielen hier: ${mine.players.join(", ")}.`;
    const player = mine.players[0];
    if (mine.from === "pasted") {
      return `Ohne Bot auf dieser Welt lassen sich Truppen nur für die Dörfer eines Spielers einfügen; deine eingefügten Truppen gehören ${player ?? "einem Spieler"}. Für einen anderen Spieler entferne zuerst die eingefügten Truppen oder lege unter „Bots“ einen Bot an.`;
    }
    return `Ohne Bot auf dieser Welt lassen sich Truppen nur für die Dörfer eines Spielers einfügen: die Truppenübersicht des Spiels zeigt nur deine eigenen Dörfer${player === undefined ? "" : `, hier die von ${player}`}.`;
  },
  /** The paste's refusal: ownVillagesOnly, then the first few villages (notOwnVillage) of `count`. */
  notOwnVillages: (count: number, first: readonly string[], mine: OwnPlayersRule) => {
    const de = (n: number) => n.toLocaleString("de-DE");
    const rest = count - first.length;
    const more = rest <= 0 ? "" : rest === 1 ? " … und 1 weiteres Dorf." : ` … und ${de(rest)} weitere Dörfer.`;
    const which = count === 1 ? "1 Dorf gehört" : `${de(count)} Dörfer gehören`;
    return `${warRoomMessages.ownVillagesOnly(mine)} ${which} nicht dazu, nichts wurde übernommen: ${first.join(" ")}${more}`;
  },
  imported: (n: number) => (n === 1 ? "1 eingehender Angriff übernommen." : `${n.toLocaleString("de-DE")} eingehende Angriffe übernommen.`),
  tooManyPasted: (kept: number, adding: number, max: number) =>
    `Du hast schon ${kept.toLocaleString("de-DE")} eingefügte Angriffe; mit diesem Text wären es ${(kept + adding).toLocaleString("de-DE")}, erlaubt sind höchstens ${max.toLocaleString("de-DE")}. Entferne die eingefügten oder warte, bis sie angekommen sind.`,
  troopsImported: (n: number) => (n === 1 ? "Truppen von 1 Dorf übernommen." : `Truppen von ${n.toLocaleString("de-DE")} Dörfern übernommen.`),
} as const;

export const INCOMING_TAG_MAX = 100;
export const WAR_ROOM_TEXT_MAX = 1_000_000;
/** A user keeps at most this many pasted incomings on their way (the analysis reads them all at each paste). */
export const PASTED_INCOMINGS_MAX = 10_000;
/** A bot reports at most this many incomings per scan (the game lists far fewer on one page). */
export const BOT_INCOMINGS_MAX = 10_000;

const coordAxis = z.number().int().min(0).max(COORD_MAX);
const villageRefSchema = z.object({
  villageId: z.number().int().min(1).max(2_147_483_647).nullable(),
  x: coordAxis,
  y: coordAxis,
  name: text().max(TROOPS_VILLAGE_NAME_MAX).nullable(),
});

/** One incoming command as the command scanner reads it (no units: the game does not show them). */
export const botIncomingSchema = z.object({
  /** The game's command id. */
  commandId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  origin: villageRefSchema.extend({ playerName: text().max(REPORTED_PLAYER_NAME_MAX).nullable() }),
  target: villageRefSchema,
  /** Game time the command lands, epoch ms. */
  arrivesAt: arrivalSchema,
  /** The command's label in the game (the player's or the renamer's tag, "Angriff", …). */
  label: text().max(255).nullable(),
});
export type BotIncoming = z.infer<typeof botIncomingSchema>;

/** `bot:incomings`: every incoming command the scan saw; commands not listed have landed or were cancelled. */
export const botIncomingsReportSchema = z.object({
  scannedAt: troopScannedAtSchema,
  incomings: z
    .array(botIncomingSchema)
    .max(BOT_INCOMINGS_MAX)
    .superRefine(uniqueField("commandId", warRoomMessages.duplicateCommand)),
});
export type BotIncomingsReport = z.infer<typeof botIncomingsReportSchema>;
/** `incomings`: how many the server now keeps for the bot. */
export type BotIncomingsAck = SocketAck<{ incomings: number }>;

export const incomingSources = ["bot", "paste"] as const;

const villageViewSchema = z.object({
  villageId: z.number().int().nullable(),
  name: z.string().nullable(),
  coordinates: z.string(),
  player: z.object({ name: z.string(), tribe: z.string().nullable() }).nullable(),
});

export const incomingSchema = z.object({
  id: z.number().int(),
  source: z.enum(incomingSources),
  /** The bot whose scanner saw it (source "bot"). */
  dsbot: z.object({ id: z.number().int(), dsPlayer: z.object({ name: z.string() }) }).nullable(),
  /** The game world it happens on. */
  world: z.object({ server: z.string(), world: z.string() }),
  origin: villageViewSchema,
  target: villageViewSchema,
  /** Epoch ms, server time of the world. */
  arrivalTime: z.number(),
  firstSeenAt: z.number(),
  distance: z.number(),
  /** The likely unit's speed group (spear, axe and archer walk alike) and the slower ones that fit. */
  likelyUnits: z.array(unitSchema).nullable(),
  otherUnits: z.array(z.array(unitSchema)),
  kind: z.enum(incomingKinds),
  kindReason: z.string(),
  trainId: z.number().int().nullable(),
  trainIndex: z.number().int().nullable(),
  label: z.string().nullable(),
  tag: z.string().nullable(),
});
export type Incoming = z.infer<typeof incomingSchema>;

export const incomingSortFields = ["arrivalTime", "target", "attacker", "distance", "kind", "likelyUnit"] as const;
export const incomingListQuerySchema = listQueryBase.extend({
  perPage: perPageSchema.default(25),
  sortBy: sortBySchema(incomingSortFields, "arrivalTime"),
  /** `x|y` of an own village. */
  target: text().trim().max(20).default(""),
  attacker: text().trim().max(100).default(""),
  likelyUnit: z.union([unitSchema, z.literal("")]).default(""),
  kind: z.union([z.enum(incomingKinds), z.literal("")]).default(""),
});
export type IncomingListQuery = z.infer<typeof incomingListQuerySchema>;
export const incomingSummarySchema = z.object({ count: z.number().int(), nobles: z.number().int(), nextArrival: z.number().nullable() });
export type IncomingSummary = z.infer<typeof incomingSummarySchema>;
export const incomingListResponseSchema = z.object({
  incomings: z.array(incomingSchema),
  totals: z.number().int(),
  /** Over everything the viewer may see, not only the filtered rows. */
  summary: incomingSummarySchema,
});
export type IncomingListResponse = z.infer<typeof incomingListResponseSchema>;
export const incomingIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const incomingPatchSchema = z.object({
  tag: text().trim().max(INCOMING_TAG_MAX, warRoomMessages.tag(INCOMING_TAG_MAX)).nullable(),
});
export type IncomingPatch = z.infer<typeof incomingPatchSchema>;
export const incomingResponseSchema = z.object({ incoming: incomingSchema });

export const warRoomTextSchema = z.object({
  text: z
    .string({ error: warRoomMessages.textRequired })
    .min(1, warRoomMessages.textRequired)
    .max(WAR_ROOM_TEXT_MAX, warRoomMessages.textTooLong(WAR_ROOM_TEXT_MAX)),
});
export type WarRoomText = z.infer<typeof warRoomTextSchema>;
/** POST /api/incomings/import: the SOS text and the occurrence its arrivals in the repeated autumn hour mean (without it such a line is refused with the question). */
export const sosImportSchema = warRoomTextSchema.extend({
  repeatedHour: z.enum(repeatedHours, { error: validationMessages.invalidValue }).optional(),
});
export type SosImport = z.infer<typeof sosImportSchema>;
/** An import answers what it took; a text with errors takes nothing (400 with `issues` by line). */
export const warRoomImportResponseSchema = z.object({ imported: z.number().int(), message: z.string() });
export type WarRoomImportResponse = z.infer<typeof warRoomImportResponseSchema>;

// ---- troops ----

export const troopSources = ["bot", "paste"] as const;
export const troopRowSchema = z.object({
  villageId: z.number().int(),
  name: z.string(),
  coordinates: z.string(),
  playerName: z.string().nullable(),
  source: z.enum(troopSources),
  dsbotId: z.number().int().nullable(),
  /** Epoch ms of the scan or paste the row comes from. */
  scannedAt: z.number(),
  /** Own units at home ("eigene"). */
  own: unitCountsSchema,
  /** Everything in the village, supports of others included ("im Dorf"); null when the source did not say. */
  inVillage: unitCountsSchema.nullable(),
  /** Own units standing in other villages ("auswärts"). */
  outside: unitCountsSchema.nullable(),
  /** Own units in commands ("unterwegs"). */
  onTheWay: unitCountsSchema.nullable(),
  /** own + outside + onTheWay: the village's whole army. */
  total: unitCountsSchema,
  /** Population, its off and def parts and the class: of the units of the asked view (0 and "empty" when the source did not say). */
  population: z.number().int(),
  offPopulation: z.number().int(),
  defPopulation: z.number().int(),
  class: z.enum(troopClasses),
});
export type TroopRow = z.infer<typeof troopRowSchema>;

export const troopSortFields = ["village", "player", "population", "offPopulation", "defPopulation", "scannedAt"] as const;
/** Which of a row's unit counts the list works with: the whole army, or the game's troops overview rows. */
export const troopViews = ["total", "own", "inVillage", "outside", "onTheWay"] as const;
export type TroopView = (typeof troopViews)[number];
/** A page of the troops list may hold every village (the export asks for all of them at once). */
export const TROOPS_PAGE_MAX = 5000;
export const troopListQuerySchema = listQueryBase.extend({
  perPage: z.coerce.number().int().min(1).max(TROOPS_PAGE_MAX).default(50),
  sortBy: sortBySchema(troopSortFields, "village"),
  player: text().trim().max(100).default(""),
  class: z.union([z.enum(troopClasses), z.literal("")]).default(""),
  /** Population, class (its filter), the population sorts and the sums are of this view's units. */
  view: z.enum(troopViews).default("total"),
});
export type TroopListQuery = z.infer<typeof troopListQuerySchema>;
export const troopListResponseSchema = z.object({
  troops: z.array(troopRowSchema),
  totals: z.number().int(),
  /** Sums over the filtered rows (all pages), of the view's units (`total`: the view's unit counts). */
  sum: z.object({ total: unitCountsSchema, population: z.number().int(), offPopulation: z.number().int(), defPopulation: z.number().int() }),
  players: z.array(z.string()),
});
export type TroopListResponse = z.infer<typeof troopListResponseSchema>;

// ---- dashboard ----

/** How many of the next attacks to send the dashboard lists. */
export const DASHBOARD_NEXT_ATTACKS = 5;

/** GET /api/dashboard: the overview cards' figures in one answer, for the signed-in user. */
export const dashboardResponseSchema = z.object({
  /**
   * Whether the caller's session is the user's first sign-in (no session of theirs is older): the
   * dashboard greets with "Willkommen" instead of "Willkommen zurück".
   */
  firstSession: z.boolean().optional(),
  bots: z.object({
    total: z.number().int(),
    /** By status; a bot without status counts as offline. */
    byStatus: z.object({ online: z.number().int(), offline: z.number().int(), paused: z.number().int(), starting: z.number().int(), stopping: z.number().int() }),
  }),
  nextAttacks: z.array(
    z.object({
      id: z.number().int(),
      planId: z.number().int(),
      planName: z.string(),
      type: z.string(),
      from: z.string(),
      to: z.string(),
      attackerName: z.string().nullable(),
      sendTime: z.number(),
      arrivalTime: z.number(),
    }),
  ),
  incomings: incomingSummarySchema,
  unreadNotifications: z.number().int(),
  openTabRequests: z.number().int(),
  troops: z.object({ villages: z.number().int(), population: z.number().int(), offPopulation: z.number().int(), defPopulation: z.number().int() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
