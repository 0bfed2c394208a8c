// What the SPA learns from the server before anyone logs in (PRODUCT §3: API base per game server).
import { z } from "zod";
import type { World } from "./world.js";

export const clientConfigSchema = z.object({
  /** Game server (market, e.g. "die-staemme.de") → REST/socket base URL; empty = the page's origin. */
  apiBases: z.record(z.string(), z.string()),
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const healthResponseSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * The one place that decides the base address of REST and realtime calls (spec §7): the mapping for
 * the user's game server when there is one, otherwise the page's own origin (empty string).
 */
export function apiBaseFor(world: World | null | undefined, apiBases: Record<string, string>): string {
  if (!world) return "";
  const base = apiBases[world.server];
  return base ? base.replace(/\/+$/, "") : "";
}
