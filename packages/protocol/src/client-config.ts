// What the SPA learns from the server before anyone logs in (API base per game server).
import { z } from "zod";

export const clientConfigSchema = z.object({
  /** Game server (market, e.g. "die-staemme.de") → REST/socket base URL; empty = the page's origin. */
  apiBases: z.record(z.string(), z.string()),
  version: z.string(),
  /** The server has an SMTP server for e-mail alerts (absent from servers before it: no). */
  emailAlerts: z.boolean().optional(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const healthResponseSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// apiBaseFor lives in api-base.ts (no zod: the web app's first page needs it).
export { apiBaseFor } from "./api-base.js";
