// Der Stamm: a tribe of dsbot users on one game world. Members share their incomings (always) and
// their troops (as each chooses); the Anführer manages members, roles, invitations and settings, a
// Koordinator plans the tribe's defence, a Mitglied sees what is shared.
//   GET    /api/tribes?scope=mine|all              my tribes (all: admins, every tribe)
//   POST   /api/tribes                             found one on the caller's world; the caller leads it
//   GET    /api/tribes/:id                         members see it (admins too), anyone else 404
//   PATCH  /api/tribes/:id                         Anführer: name, tag, the in-game tribe
//   DELETE /api/tribes/:id                         Anführer: dissolve
//   GET    /api/tribes/:id/invites                 Anführer: the open invitations (never their codes)
//   POST   /api/tribes/:id/invites                 Anführer: a new code, shown this once
//   DELETE /api/tribes/:id/invites/:inviteId       Anführer: withdraw one
//   POST   /api/tribes/join                        { code }: join (at most one tribe per world)
//   PATCH  /api/tribes/:id/me                      a member's own choices (troop sharing, player name)
//   POST   /api/tribes/:id/leave                   leave (the Anführer hands over first)
//   PATCH  /api/tribes/:id/members/:userId         Anführer: Koordinator or Mitglied
//   DELETE /api/tribes/:id/members/:userId         Anführer: remove a member
//   POST   /api/tribes/:id/leader                  Anführer: { userId } leads from now on
import { z } from "zod";
import { requiredString, text, validationMessages } from "./validation.js";

export const tribeRoles = ["leader", "coordinator", "member"] as const;
export type TribeRole = (typeof tribeRoles)[number];
export const tribeRoleSchema = z.enum(tribeRoles);
export const tribeRoleLabels: Record<TribeRole, string> = { leader: "Anführer", coordinator: "Koordinator", member: "Mitglied" };

/** "Truppen mit dem Stamm teilen": nothing, the defensive units only, or every unit. */
export const troopSharings = ["none", "defensive", "all"] as const;
export type TroopSharing = (typeof troopSharings)[number];
export const troopSharingSchema = z.enum(troopSharings, { error: "Erwartet: none, defensive oder all" });
export const troopSharingLabels: Record<TroopSharing, string> = { none: "Keine", defensive: "Nur Verteidigung", all: "Alle" };

export const TRIBE_NAME_MAX = 60;
export const TRIBE_TAG_MAX = 12;
/** Invitation lifetimes a leader may choose, in hours (one hour to one week). */
export const TRIBE_INVITE_HOURS_MIN = 1;
export const TRIBE_INVITE_HOURS_MAX = 168;
export const TRIBE_INVITE_USES_MAX = 100;
/** Open invitations per tribe at one time. */
export const TRIBE_INVITES_OPEN_MAX = 20;
/** Join attempts (right or wrong codes) per user and hour: a code cannot be guessed by trying. */
export const TRIBE_JOIN_ATTEMPTS_PER_HOUR = 20;

export const tribeMessages = {
  notFound: "Stamm nicht gefunden",
  inviteNotFound: "Einladung nicht gefunden",
  inviteInvalid: "Die Einladung ist ungültig, abgelaufen oder aufgebraucht.",
  alreadyInTribe: "Du bist auf dieser Welt schon in einem Stamm.",
  leaderOnly: "Nur der Anführer darf das.",
  leaderLeaves: "Übergib zuerst die Führung an ein anderes Mitglied oder löse den Stamm auf.",
  leaderRemoved: "Der Anführer kann nicht entfernt werden.",
  notMember: "Dieser Benutzer ist nicht im Stamm.",
  selfAsLeader: "Du führst den Stamm schon.",
  tooManyInvites: `Höchstens ${TRIBE_INVITES_OPEN_MAX} offene Einladungen je Stamm.`,
  tooManyJoins: "Zu viele Beitrittsversuche. Bitte warte eine Stunde.",
  gameTribeUnknown: "Diesen Stamm gibt es in den Weltdaten nicht.",
  tagTaken: "Diesen Stammes-Tag gibt es auf dieser Welt schon.",
} as const;

/** Ids are the database's 32-bit serials. */
export const TRIBE_ID_MAX = 2_147_483_647;
/** An id in a tribe route's path. */
export const tribeIdParam = z.coerce.number().int().positive().max(TRIBE_ID_MAX);
export const tribeIdParamsSchema = z.object({ id: tribeIdParam });
export const tribeInviteParamsSchema = z.object({ id: tribeIdParam, inviteId: tribeIdParam });
export const tribeMemberParamsSchema = z.object({ id: tribeIdParam, userId: tribeIdParam });

export const tribeListQuerySchema = z.object({ scope: z.enum(["mine", "all"], { error: "Erwartet: mine oder all" }).default("mine") });
export type TribeListQuery = z.input<typeof tribeListQuerySchema>;

const tribeTag = () =>
  text({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .max(TRIBE_TAG_MAX, validationMessages.tooLong(TRIBE_TAG_MAX))
    .regex(/^\S+$/, "Der Tag enthält keine Leerzeichen.");

export const tribeCreateSchema = z.strictObject({
  name: requiredString(TRIBE_NAME_MAX),
  tag: tribeTag(),
  /** The in-game tribe (`ally.txt` id) of the caller's world, if linked. */
  gameAllyId: z.number().int().positive().max(TRIBE_ID_MAX).nullable().optional(),
});
export type TribeCreate = z.infer<typeof tribeCreateSchema>;

export const tribeUpdateSchema = z
  .strictObject({
    name: requiredString(TRIBE_NAME_MAX).optional(),
    tag: tribeTag().optional(),
    gameAllyId: z.number().int().positive().max(TRIBE_ID_MAX).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.tag !== undefined || v.gameAllyId !== undefined, { message: validationMessages.required });
export type TribeUpdate = z.infer<typeof tribeUpdateSchema>;

export const tribeInviteCreateSchema = z.strictObject({
  expiresInHours: z
    .number({ error: "Erwartet: Stunden als Zahl" })
    .int()
    .min(TRIBE_INVITE_HOURS_MIN, `Mindestens ${TRIBE_INVITE_HOURS_MIN} Stunde`)
    .max(TRIBE_INVITE_HOURS_MAX, `Höchstens ${TRIBE_INVITE_HOURS_MAX} Stunden`),
  /** null: any number of members until it expires. */
  maxUses: z.number().int().min(1).max(TRIBE_INVITE_USES_MAX, `Höchstens ${TRIBE_INVITE_USES_MAX}`).nullable(),
});
export type TribeInviteCreate = z.infer<typeof tribeInviteCreateSchema>;

/** Codes are 16 characters of an unambiguous alphabet; what a user pastes is trimmed and upper-cased. */
export const TRIBE_INVITE_CODE_LENGTH = 16;
export const tribeJoinSchema = z.strictObject({
  code: text({ error: validationMessages.required })
    .trim()
    .toUpperCase()
    .min(1, validationMessages.required)
    .max(64, validationMessages.tooLong(64)),
});
export type TribeJoin = z.infer<typeof tribeJoinSchema>;

export const tribeMeUpdateSchema = z
  .strictObject({
    troopSharing: troopSharingSchema.optional(),
    /** The member's player name in the game (their villages and points come from the world data by it); null: unknown. */
    playerName: text().trim().max(100, validationMessages.tooLong(100)).nullable().optional(),
  })
  .refine((v) => v.troopSharing !== undefined || v.playerName !== undefined, { message: validationMessages.required });
export type TribeMeUpdate = z.infer<typeof tribeMeUpdateSchema>;

export const tribeMemberUpdateSchema = z.strictObject({ role: z.enum(["coordinator", "member"], { error: "Erwartet: coordinator oder member" }) });
export type TribeMemberUpdate = z.infer<typeof tribeMemberUpdateSchema>;

export const tribeLeaderSchema = z.strictObject({ userId: z.number().int().positive().max(TRIBE_ID_MAX) });
export type TribeLeader = z.infer<typeof tribeLeaderSchema>;

// ---- answers

export interface TribeSummary {
  id: number;
  name: string;
  tag: string;
  world: { server: string; world: string };
  /** The linked in-game tribe as the world data has it (null: none linked, or not in the data). */
  gameAlly: { id: number; name: string; tag: string } | null;
  memberCount: number;
  /** The caller's role; null for an admin who is not a member. */
  myRole: TribeRole | null;
  createdAt: string;
}

export interface TribeMemberBot {
  id: number;
  playerName: string;
  online: boolean;
}

export interface TribeMember {
  userId: number;
  username: string;
  role: TribeRole;
  /** In the game: the member's own choice, else the player of their first bot on the world. */
  playerName: string | null;
  troopSharing: TroopSharing;
  joinedAt: string;
  /** Their bots on the tribe's world: status only, never their settings. */
  bots: TribeMemberBot[];
  /** The latest troops scan or pasted overview on the world (ISO), null: none. */
  lastScanAt: string | null;
  /** From the world data by player name; null when the world data does not know the player. */
  villages: number | null;
  points: number | null;
}

export interface TribeDetail extends TribeSummary {
  members: TribeMember[];
}

export interface TribeInvite {
  id: number;
  /** The code's first characters, so a leader can tell invitations apart (the code itself is shown once). */
  hint: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  maxUses: number | null;
  uses: number;
}

export interface TribeListResponse {
  tribes: TribeSummary[];
}
export interface TribeResponse {
  tribe: TribeDetail;
}
export interface TribeInviteListResponse {
  invites: TribeInvite[];
}
/** The new invitation with its code (this answer only) and the link that carries it. */
export interface TribeInviteCreatedResponse {
  invite: TribeInvite;
  code: string;
}

/** The web page that joins with a code: `/tribe/join/<code>`. */
export const tribeJoinPath = (code: string) => `/tribe/join/${encodeURIComponent(code)}`;
