// Bots: list with the table options, create with all modules at their defaults, delete.
import type { BotCreate, BotListQuery , botSortFields} from "@dsbot/protocol";
import { botLogMessages, parseSort } from "@dsbot/protocol";
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { likeContains } from "../../db/like.js";
import { dsbots } from "../../db/schema.js";
import type { DsbotRow, UserRow } from "../../db/schema.js";
import { defaultModules } from "./bot-modules.js";
import { addBotLog } from "./dsbot-logs.service.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

/** A missing status counts as offline, for filtering and for sorting. */
const effectiveStatus = sql`coalesce(${dsbots.status}, 'offline')`;

const sortColumns: Record<(typeof botSortFields)[number], SQL | AnyPgColumn> = {
  player: sql`lower(${dsbots.playerName})`,
  status: effectiveStatus,
  createdAt: dsbots.createdAt,
  updatedAt: dsbots.updatedAt,
};

function statusCondition(statuses: BotListQuery["statusFilter"]): SQL | undefined {
  const listed = statuses.length > 0 ? inArray(dsbots.status, statuses) : sql`false`;
  return statuses.includes("offline") ? or(isNull(dsbots.status), listed) : listed;
}

export async function listBots(db: Database, user: UserRow, query: BotListQuery): Promise<{ rows: DsbotRow[]; totals: number }> {
  const where = and(
    visibleBotsCondition(user),
    statusCondition(query.statusFilter),
    query.searchVal ? ilike(dsbots.playerName, likeContains(query.searchVal)) : undefined,
  );
  const { field, direction } = parseSort(query.sortBy);
  const order = direction === "desc" ? desc(sortColumns[field]) : asc(sortColumns[field]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dsbots)
      .where(where)
      .orderBy(order, asc(dsbots.id))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    db.select({ n: count() }).from(dsbots).where(where),
  ]);
  return { rows, totals: total?.n ?? 0 };
}

export async function createBot(db: Database, owner: UserRow, input: BotCreate): Promise<DsbotRow> {
  return db.transaction(async (tx) => {
    const [bot] = await tx
      .insert(dsbots)
      .values({
        ownerId: owner.id,
        playerName: input.dsPlayer.name,
        worldServer: input.world.server,
        worldWorld: input.world.world,
        status: null,
        modules: defaultModules(),
      })
      .returning();
    if (!bot) throw new Error("bot insert returned no row");
    await addBotLog(tx, { dsbotId: bot.id, level: "info", message: botLogMessages.created, userId: owner.id });
    return bot;
  });
}

/** Connections, permissions and logs go with the bot (ON DELETE CASCADE). */
export async function deleteBotRow(db: Database, id: number): Promise<void> {
  await db.delete(dsbots).where(eq(dsbots.id, id));
}

export async function getBotRow(db: Database, id: number): Promise<DsbotRow | undefined> {
  const [bot] = await db.select().from(dsbots).where(eq(dsbots.id, id)).limit(1);
  return bot;
}

