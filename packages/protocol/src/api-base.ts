// The base address of REST and realtime calls, without zod (the web app loads it with its first
// page); client-config.ts re-exports it.
import type { World } from "./world.js";

/**
 * The one place that decides the base address of REST and realtime calls: the mapping for
 * the user's game server when there is one, otherwise the page's own origin (empty string).
 */
export function apiBaseFor(world: World | null | undefined, apiBases: Record<string, string>): string {
  if (!world) return "";
  const base = apiBases[world.server];
  return base ? base.replace(/\/+$/, "") : "";
}
