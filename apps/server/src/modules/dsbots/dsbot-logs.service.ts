// The bot log (the bot page's log table: Level, Nachricht, Benutzer, Zeit): who did what, and what the bot reported.
import type { BotLog, BotLogQuery, LogLevel } from "@dsbot/protocol";
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbotLogs, users } from "../../db/schema.js";

type Executor = Pick<Database, "insert">;

export async function addBotLog(
  db: Executor,
  entry: { dsbotId: number; level: LogLevel; message: string; userId: number | null },
): Promise<number> {
  const [row] = await db.insert(dsbotLogs).values(entry).returning({ id: dsbotLogs.id });
  if (!row) throw new Error("log insert returned no row");
  return row.id;
}

/** Newest first. */
export async function listBotLogs(db: Database, dsbotId: number, query: BotLogQuery): Promise<{ logs: BotLog[]; totals: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: dsbotLogs, username: users.username })
      .from(dsbotLogs)
      .leftJoin(users, eq(users.id, dsbotLogs.userId))
      .where(eq(dsbotLogs.dsbotId, dsbotId))
      .orderBy(desc(dsbotLogs.id))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    db.select({ n: count() }).from(dsbotLogs).where(eq(dsbotLogs.dsbotId, dsbotId)),
  ]);
  const logs = rows.map(({ log, username }) => ({
    id: log.id,
    level: log.level,
    message: log.message,
    username,
    createdAt: log.createdAt.toISOString(),
  }));
  return { logs, totals: total?.n ?? 0 };
}
