// Spieler Skills (/ds-player-skills): the tribe skills a game player bought with
// prestige, kept per dsbot user and game player. Freundschaft speeds up supports (the planner's
// travel times use `supportBoost`); the others are shown and kept for the bots and the planner.
import { z } from "zod";
import { requiredString, validationMessages } from "./validation.js";
import { worldSchema } from "./world.js";

export const playerSkillNames = ["freundschaft", "schnellesPluendern", "ueberstunden", "technokratie", "wehrpflicht", "vorhut"] as const;
export type PlayerSkillName = (typeof playerSkillNames)[number];

export interface PlayerSkillInfo {
  label: string;
  /** Highest value; 0 = not bought. */
  max: number;
  /** What a value means: a percentage (Freundschaft) or a level. */
  unit: "percent" | "level";
  description: string;
}

/**
 * Assumption: Freundschaft up to 20 %, the other skills up to level 5. The
 * game's skill screen could not be read here to confirm the maxima; a higher value is refused in German.
 */
export const playerSkillCatalog: Record<PlayerSkillName, PlayerSkillInfo> = {
  freundschaft: { label: "Freundschaft", max: 20, unit: "percent", description: "Unterstützungen laufen schneller (0–20 %)." },
  schnellesPluendern: { label: "Schnelles Plündern", max: 5, unit: "level", description: "Plünderungen kehren schneller zurück." },
  ueberstunden: { label: "Überstunden", max: 5, unit: "level", description: "Gebäude werden schneller gebaut." },
  technokratie: { label: "Technokratie", max: 5, unit: "level", description: "Forschung und Rekrutierung werden günstiger." },
  wehrpflicht: { label: "Wehrpflicht", max: 5, unit: "level", description: "Einheiten werden schneller rekrutiert." },
  vorhut: { label: "Vorhut", max: 5, unit: "level", description: "Stärkere Verteidigung in den ersten Stunden eines Angriffs." },
};

const skillValue = (name: PlayerSkillName) =>
  z
    .number({ error: validationMessages.required })
    .int("Bitte eine ganze Zahl eingeben.")
    .min(0, "Der Wert darf nicht negativ sein.")
    .max(playerSkillCatalog[name].max, `Höchstens ${playerSkillCatalog[name].max}.`);

export const playerSkillLevelsSchema = z.object(
  Object.fromEntries(playerSkillNames.map((name) => [name, skillValue(name)])) as Record<PlayerSkillName, ReturnType<typeof skillValue>>,
);
export type PlayerSkillLevels = z.infer<typeof playerSkillLevelsSchema>;

export const emptyPlayerSkillLevels: PlayerSkillLevels = Object.fromEntries(playerSkillNames.map((name) => [name, 0])) as PlayerSkillLevels;

/** The travel-time boost of a support sent by a player with these skills (Freundschaft, 0–0.2). */
export function supportBoost(levels: Pick<PlayerSkillLevels, "freundschaft">): number {
  return levels.freundschaft / 100;
}

export const PLAYER_NAME_MAX = 64;
export const playerSkillsPlayerNameSchema = requiredString(PLAYER_NAME_MAX);

/** One game player of the page: from the user's bots (`fromBot`) and/or saved skills. */
export const playerSkillsEntrySchema = z.object({
  playerName: z.string(),
  world: worldSchema,
  /** A bot the user may see plays this player. */
  fromBot: z.boolean(),
  /** Skills were saved for this player (else all levels are 0). */
  saved: z.boolean(),
  skills: playerSkillLevelsSchema,
  updatedAt: z.string().nullable(),
});
export type PlayerSkillsEntry = z.infer<typeof playerSkillsEntrySchema>;

export const playerSkillsListResponseSchema = z.object({ players: z.array(playerSkillsEntrySchema) });
export type PlayerSkillsListResponse = z.infer<typeof playerSkillsListResponseSchema>;

/** PUT /api/ds-player-skills: save one player's skills (created on first save). */
export const playerSkillsSaveSchema = z.object({
  playerName: playerSkillsPlayerNameSchema,
  world: worldSchema,
  skills: playerSkillLevelsSchema,
});
export type PlayerSkillsSave = z.infer<typeof playerSkillsSaveSchema>;
export type PlayerSkillsSaveResponse = { player: PlayerSkillsEntry };

/** DELETE /api/ds-player-skills: forget a player's saved skills (a bot's player stays listed with zeros). */
export const playerSkillsDeleteSchema = z.object({ playerName: playerSkillsPlayerNameSchema, world: worldSchema });
export type PlayerSkillsDelete = z.infer<typeof playerSkillsDeleteSchema>;

export const PLAYER_SKILLS_MAX_PLAYERS = 200;
