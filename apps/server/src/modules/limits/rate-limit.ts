// Fixed-window request limits kept in the database (one row per key), so they hold across restarts
// and instances: one upsert both counts the hit and answers whether it is still allowed.
import { lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rateLimits } from "../../db/schema.js";
import { tooManyRequests } from "../../http/errors.js";

export interface RateLimit {
  /** Keys of one limit share this prefix, e.g. "device-ip". */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

/** Count a hit on `name:subject`; throws 429 with the limit's German message once `max` is exceeded. */
export async function hitRateLimit(db: Database, limit: RateLimit, subject: string, now = new Date()): Promise<void> {
  const key = `${limit.name}:${subject}`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${at} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  if ((row?.hits ?? 0) > limit.max) throw tooManyRequests(limit.message);
}

/** Housekeeping: windows that ended long ago. */
export async function purgeOldRateLimits(db: Database, now = new Date(), olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - olderThanMs)));
}
