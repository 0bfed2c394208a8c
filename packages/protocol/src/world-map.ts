// What the map (Karte) reads beyond the binary village data (village-map.ts):
//   GET /api/worlds/{id}/owners               signed in: every player and tribe of the world, columnar
//                                             JSON (column i of each array is one player / tribe), ETag → 304
//   GET /api/worlds/{id}/villages/{villageId} signed in: one village with its owner and tribe (tooltip, side panel)
import { z } from "zod";
import { worldIdParamsSchema } from "./worlds.js";

const ints = z.array(z.number().int());

/** Players of a world as columns: `ids[i]`, `names[i]`, `allyIds[i]` (0 = no tribe), `points[i]`. */
export const worldOwnersPlayersSchema = z.object({
  ids: ints,
  names: z.array(z.string()),
  allyIds: ints,
  points: ints,
});
export type WorldOwnersPlayers = z.infer<typeof worldOwnersPlayersSchema>;

/** Tribes of a world as columns: `ids[i]`, `names[i]`, `tags[i]`. */
export const worldOwnersAlliesSchema = z.object({
  ids: ints,
  names: z.array(z.string()),
  tags: z.array(z.string()),
});
export type WorldOwnersAllies = z.infer<typeof worldOwnersAlliesSchema>;

export const worldOwnersResponseSchema = z.object({
  /** The world's data version these owners belong to (the same as the map data's). */
  dataVersion: z.number().int().nonnegative(),
  players: worldOwnersPlayersSchema,
  allies: worldOwnersAlliesSchema,
});
export type WorldOwnersResponse = z.infer<typeof worldOwnersResponseSchema>;

export const worldVillageParamsSchema = worldIdParamsSchema.extend({ villageId: z.coerce.number().int().positive() });
export type WorldVillageParams = z.infer<typeof worldVillageParamsSchema>;

export const worldVillageOwnerSchema = z.object({ id: z.number().int(), name: z.string(), points: z.number().int() });
export const worldVillageAllySchema = z.object({ id: z.number().int(), name: z.string(), tag: z.string() });

export const worldVillageDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  points: z.number().int(),
  /** 0 = no bonus. */
  bonusId: z.number().int(),
  /** null: a barbarian village (or a player missing from player.txt). */
  player: worldVillageOwnerSchema.nullable(),
  /** null: barbarian or a player in no tribe. */
  ally: worldVillageAllySchema.nullable(),
});
export type WorldVillageDetail = z.infer<typeof worldVillageDetailSchema>;

export const worldVillageResponseSchema = z.object({ village: worldVillageDetailSchema });
export type WorldVillageResponse = z.infer<typeof worldVillageResponseSchema>;

export const worldMapMessages = {
  villageNotFound: "Das Dorf wurde in dieser Welt nicht gefunden.",
} as const;
