// The userscript: what it asks the server from the player's game tab with
// its runner token — the open tab requests of the world it runs on and the planned attacks leaving
// the village the tab shows — and how it reads the game's pages (world from the host, village and
// target from the query).
import { z } from "zod";
import { attackTypeSchema } from "./attack-plans/attack.js";
import { tabRequestSchema } from "./tab-requests.js";
import { knownServers, worldSchema, type World } from "./world.js";

/** The file name of the built userscript (Tampermonkey installs `*.user.js`). */
export const USERSCRIPT_FILE_NAME = "dsbot.user.js";

/** Most planned attacks of one village the userscript is shown (the next ones by send time). */
export const USERSCRIPT_MAX_ATTACKS = 50;

/** `@match` patterns: the game pages (`game.php`) of every world on every known market. */
export const userscriptMatches: readonly string[] = knownServers.map((server) => `https://*.${server}/game.php*`);

export const userscriptOverviewQuerySchema = z.object({
  server: worldSchema.shape.server,
  world: worldSchema.shape.world,
  /** The game's village id of the page (`game.php?village=…`); without it no attacks are listed. */
  village: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type UserscriptOverviewQuery = z.infer<typeof userscriptOverviewQuerySchema>;

/** The attack statuses the userscript lists: not sent yet. */
export const userscriptAttackStatuses = ["planned", "due"] as const;

export const userscriptAttackSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  type: attackTypeSchema,
  status: z.enum(userscriptAttackStatuses),
  /** `x|y` */
  from: z.string(),
  to: z.string(),
  /** The game's id of the target village: the rally point's `target`. */
  targetVillageId: z.number().int(),
  units: z.record(z.string(), z.number().int()),
  formulas: z.record(z.string(), z.string()).optional(),
  /** Epoch ms. */
  sendTime: z.number(),
  arrivalTime: z.number(),
  /** The rally point of the start village with target and units. */
  url: z.string(),
});
export type UserscriptAttack = z.infer<typeof userscriptAttackSchema>;

export const userscriptOverviewResponseSchema = z.object({
  /** The user's open tab requests on this world, newest first. */
  tabRequests: z.array(tabRequestSchema),
  /** Planned attacks leaving the page's village (plans the user owns or was given), next send first. */
  attacks: z.array(userscriptAttackSchema),
  /** The server's clock (epoch ms) when it answered: the script counts down against it. */
  serverTime: z.number(),
});
export type UserscriptOverviewResponse = z.infer<typeof userscriptOverviewResponseSchema>;

/** What a game tab shows, read from its address. */
export interface GamePage {
  world: World;
  /** `village=`: the village the page is about (the start village at the rally point). */
  villageId: number | null;
  screen: string | null;
  /** `target=` at the rally point. */
  targetVillageId: number | null;
}

const positiveId = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
};

/** `https://host[:port]/path?query#hash` → host, path and the query's plain values (no URL here: the protocol runs without DOM or Node). */
const gameUrlPattern = /^https?:\/\/([^/?#:]+)(?::\d+)?(\/[^?#]*)?(?:\?([^#]*))?/i;

function queryValues(query: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const part of query.split("&")) {
    const [key = "", value = ""] = part.split("=");
    // Ids and screen names are plain ASCII: anything encoded is no value the script needs.
    if (key && !values.has(key) && /^[\w.-]*$/.test(value)) values.set(key, value);
  }
  return values;
}

/**
 * `https://de231.die-staemme.de/game.php?village=12&screen=place&target=34` → world de231 on
 * die-staemme.de, village 12, screen place, target 34. Null for anything that is no game page.
 */
export function parseGamePage(href: string): GamePage | null {
  const match = gameUrlPattern.exec(href.trim());
  if (!match || !(match[2] ?? "").endsWith("/game.php")) return null;
  const [world, ...rest] = (match[1] ?? "").toLowerCase().split(".");
  const parsed = worldSchema.safeParse({ world, server: rest.join(".") });
  if (!parsed.success) return null;
  const query = queryValues(match[3] ?? "");
  return {
    world: parsed.data,
    villageId: positiveId(query.get("village")),
    screen: query.get("screen") ?? null,
    targetVillageId: positiveId(query.get("target")),
  };
}
