// Global search (the global search dialog): POST /api/search { searchVal }.
import { z } from "zod";
import { botStatusSchema } from "./bots.js";
import { text } from "./validation.js";
import { worldSchema } from "./world.js";

export const SEARCH_VALUE_MAX = 100;
/** Results per group; the dialog is a jump list, not a report. */
export const SEARCH_RESULT_LIMIT = 10;

export const searchRequestSchema = z.object({
  searchVal: text({ error: "Eingabe erforderlich" }).trim().max(SEARCH_VALUE_MAX, `Höchstens ${SEARCH_VALUE_MAX} Zeichen`),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const downloadTypes = ["dsbot", "userscript"] as const;
export type DownloadType = (typeof downloadTypes)[number];
/** The label a download is searched and shown by. */
export const downloadLabels: Record<DownloadType, string> = { dsbot: "Dsbot", userscript: "Userscript" };

export const searchBotSchema = z.object({
  id: z.number().int(),
  status: botStatusSchema.nullable(),
  dsPlayer: z.object({ name: z.string() }),
  world: worldSchema,
});
export const searchAttackPlanSchema = z.object({ id: z.number().int(), name: z.string() });
export const searchDownloadSchema = z.object({ type: z.enum(downloadTypes) });

export const searchResponseSchema = z.object({
  dsbots: z.array(searchBotSchema),
  attackPlans: z.array(searchAttackPlanSchema),
  downloads: z.array(searchDownloadSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchBot = z.infer<typeof searchBotSchema>;
export type SearchAttackPlan = z.infer<typeof searchAttackPlanSchema>;
export type SearchDownload = z.infer<typeof searchDownloadSchema>;
