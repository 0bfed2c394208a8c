// Rows of live runner and bot sockets (`websocketConnections` of a bot): created on hello / bot
// connect, removed on disconnect, listed per bot and per user.
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { runnerTokens, users, websocketConnections } from "../../db/schema.js";
import type { UserRow, WebsocketConnectionRow } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import type { ConnectionView } from "./dsbots.presenter.js";

const view = {
  id: websocketConnections.id,
  origin: websocketConnections.origin,
  dsbotId: websocketConnections.dsbotId,
  runnerName: runnerTokens.name,
  createdAt: websocketConnections.createdAt,
};

export async function connectionsOfBots(db: Database, dsbotIds: number[]): Promise<Map<number, ConnectionView[]>> {
  const byBot = new Map<number, ConnectionView[]>();
  if (dsbotIds.length === 0) return byBot;
  const rows = await db
    .select(view)
    .from(websocketConnections)
    .innerJoin(runnerTokens, eq(runnerTokens.id, websocketConnections.runnerTokenId))
    .where(inArray(websocketConnections.dsbotId, dsbotIds))
    .orderBy(asc(websocketConnections.id));
  for (const row of rows) byBot.set(row.dsbotId, [...(byBot.get(row.dsbotId) ?? []), row]);
  return byBot;
}

/** The bots among `dsbotIds` that have a live bot socket (origin "bot") anywhere. */
export async function botsWithBotSocket(db: Database, dsbotIds: number[]): Promise<Set<number>> {
  if (dsbotIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ dsbotId: websocketConnections.dsbotId })
    .from(websocketConnections)
    .where(and(inArray(websocketConnections.dsbotId, dsbotIds), eq(websocketConnections.origin, "bot")));
  return new Set(rows.map((r) => r.dsbotId));
}

/** GET /api/websocket-connections: the caller's runners' bot-user connections. */
export async function runnerConnectionsOfUser(db: Database, userId: number): Promise<ConnectionView[]> {
  return db
    .select(view)
    .from(websocketConnections)
    .innerJoin(runnerTokens, eq(runnerTokens.id, websocketConnections.runnerTokenId))
    .where(and(eq(runnerTokens.userId, userId), eq(websocketConnections.origin, "bot-user")))
    .orderBy(asc(websocketConnections.id));
}

export async function findConnection(
  db: Database,
  id: number,
): Promise<(WebsocketConnectionRow & { runnerUser: Pick<UserRow, "id" | "role"> }) | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({ connection: websocketConnections, runnerUser: { id: users.id, role: users.role } })
    .from(websocketConnections)
    .innerJoin(runnerTokens, eq(runnerTokens.id, websocketConnections.runnerTokenId))
    .innerJoin(users, eq(users.id, runnerTokens.userId))
    .where(eq(websocketConnections.id, id))
    .limit(1);
  return row && { ...row.connection, runnerUser: row.runnerUser };
}

export async function botConnections(db: Database, dsbotId: number, origin?: "bot" | "bot-user"): Promise<WebsocketConnectionRow[]> {
  return db
    .select()
    .from(websocketConnections)
    .where(and(eq(websocketConnections.dsbotId, dsbotId), origin ? eq(websocketConnections.origin, origin) : undefined));
}

export async function addConnections(
  db: Database,
  instanceId: string,
  rows: { origin: "bot" | "bot-user"; dsbotId: number; runnerTokenId: number; socketId: string }[],
): Promise<WebsocketConnectionRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(websocketConnections)
    .values(rows.map((row) => ({ ...row, instanceId })))
    .returning();
}

/** Remove a socket's rows (all, or all but the bots it still announces); returns what was removed. */
export async function removeSocketConnections(db: Database, socketId: string, keepDsbotIds: number[] = []): Promise<WebsocketConnectionRow[]> {
  return db
    .delete(websocketConnections)
    .where(
      and(
        eq(websocketConnections.socketId, socketId),
        keepDsbotIds.length > 0 ? notInArray(websocketConnections.dsbotId, keepDsbotIds) : undefined,
      ),
    )
    .returning();
}

/** The connections made with one user's runner tokens (checked when that user's access changes). */
export async function connectionRowsOfUser(db: Database, userId: number, origin: "bot" | "bot-user"): Promise<WebsocketConnectionRow[]> {
  const rows = await db
    .select({ connection: websocketConnections })
    .from(websocketConnections)
    .innerJoin(runnerTokens, eq(runnerTokens.id, websocketConnections.runnerTokenId))
    .where(and(eq(runnerTokens.userId, userId), eq(websocketConnections.origin, origin)));
  return rows.map((r) => r.connection);
}

export async function deleteConnections(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(websocketConnections).where(inArray(websocketConnections.id, ids));
}

/** The bots a socket holds connections for. */
export async function socketBotIds(db: Database, socketId: string): Promise<number[]> {
  const rows = await db
    .select({ dsbotId: websocketConnections.dsbotId })
    .from(websocketConnections)
    .where(eq(websocketConnections.socketId, socketId));
  return rows.map((r) => r.dsbotId);
}
