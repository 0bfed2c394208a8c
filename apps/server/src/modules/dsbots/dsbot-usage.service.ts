// A bot's request budget: the runner reports its last hour's requests, the budget and the
// last day's captchas every minute ("bot:usage"); the server keeps the latest report per bot and the
// bot page reads it (GET /api/dsbot/{id}/usage) and hears each new one ("bot-usage").
import type { BotUsage, BotUsageResponse } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botUsage } from "../../db/schema.js";

/** Keeps the report as the bot's latest; answers it with the server's time of receipt. */
export async function storeBotUsage(db: Database, dsbotId: number, usage: BotUsage): Promise<BotUsage & { reportedAt: number }> {
  const reportedAt = new Date();
  await db
    .insert(botUsage)
    .values({ dsbotId, usage, reportedAt })
    .onConflictDoUpdate({ target: botUsage.dsbotId, set: { usage: sql`excluded.usage`, reportedAt: sql`excluded.reported_at` } });
  return { ...usage, reportedAt: reportedAt.getTime() };
}

export async function getBotUsage(db: Database, dsbotId: number): Promise<BotUsageResponse> {
  const [row] = await db.select().from(botUsage).where(eq(botUsage.dsbotId, dsbotId));
  return { usage: row ? { ...row.usage, reportedAt: row.reportedAt.getTime() } : null };
}
