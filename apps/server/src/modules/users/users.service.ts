// User administration: list, create, change, delete; guards the last admin.
import type { Role, UserCreate, UserListQuery, UserUpdate, World } from "@dsbot/protocol";
import { errorMessages, parseSort, usernameKey } from "@dsbot/protocol";
import { asc, count, desc, eq, ilike } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { likeContains } from "../../db/like.js";
import { isUniqueViolation } from "../../db/errors.js";
import { dsbots, runnerTokens, users, websocketConnections } from "../../db/schema.js";
import type { UserRow, WebsocketConnectionRow } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { changeSessions, hashPassword, notifySessionChange, publishSessionChange } from "../auth/index.js";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const sortColumns = {
  username: users.usernameKey,
  role: users.role,
  createdAt: users.createdAt,
} satisfies Record<string, SQL | typeof users.usernameKey | typeof users.role | typeof users.createdAt>;

export async function listUsers(db: Database, query: UserListQuery): Promise<{ rows: UserRow[]; totals: number }> {
  const where = query.searchVal ? ilike(users.username, likeContains(query.searchVal)) : undefined;
  const { field, direction } = parseSort(query.sortBy);
  const order = direction === "desc" ? desc(sortColumns[field]) : asc(sortColumns[field]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(order, asc(sortColumns.username), asc(users.id))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, totals: total?.n ?? 0 };
}

export async function getUser(db: Database, id: number): Promise<UserRow> {
  const [user] = id > MAX_SERIAL_ID ? [] : await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound(errorMessages.userNotFound);
  return user;
}

export interface NewUser {
  username: string;
  password: string;
  role: Role;
  world: World;
}

export async function createUser(db: Database, input: UserCreate | NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username,
        usernameKey: usernameKey(input.username),
        passwordHash,
        role: input.role,
        worldServer: input.world.server,
        worldWorld: input.world.world,
      })
      .returning();
    if (!user) throw new Error("user insert returned no row");
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errorMessages.usernameTaken);
    throw error;
  }
}

/** Lock the admin rows so two concurrent demotions cannot both pass the "another admin is left" check. */
async function assertAnotherAdminRemains(tx: Transaction, userId: number): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
  if (!admins.some((a) => a.id !== userId)) throw conflict(errorMessages.lastAdmin);
}

/**
 * Role, world and/or a new password; signing the user out after a new password is the route's job.
 * Every change to a user row below tells the session caches, which hold the row (session-changes.ts).
 */
export async function updateUser(db: Database, id: number, input: UserUpdate): Promise<UserRow> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return changeSessions(
    db,
    async (tx) => {
      const [current] = id > MAX_SERIAL_ID ? [] : await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!current) throw notFound(errorMessages.userNotFound);
      if (current.role === "admin" && input.role === "user") await assertAnotherAdminRemains(tx, id);
      const [updated] = await tx
        .update(users)
        .set({
          role: input.role,
          worldServer: input.world?.server,
          worldWorld: input.world?.world,
          passwordHash,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (!updated) throw notFound(errorMessages.userNotFound);
      return updated;
    },
    { userId: id },
  );
}

/** What left with a deleted user: their runners' and bots' socket connections, and the bots they owned. */
export interface DeletedUser {
  connections: WebsocketConnectionRow[];
  ownedBotIds: number[];
}

export async function deleteUser(db: Database, id: number, actorId: number): Promise<DeletedUser> {
  if (id === actorId) throw conflict(errorMessages.cannotDeleteSelf);
  return changeSessions(
    db,
    async (tx) => {
      const [current] = id > MAX_SERIAL_ID ? [] : await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!current) throw notFound(errorMessages.userNotFound);
      if (current.role === "admin") await assertAnotherAdminRemains(tx, id);
      // The user's runner and bot connections and their bots go with them (ON DELETE CASCADE), so the
      // sockets' disconnect handlers find nothing to announce: read them first for the caller to tell.
      const [connections, owned] = await Promise.all([
        tx
          .select({ connection: websocketConnections })
          .from(websocketConnections)
          .innerJoin(runnerTokens, eq(runnerTokens.id, websocketConnections.runnerTokenId))
          .where(eq(runnerTokens.userId, id)),
        tx.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.ownerId, id)),
      ]);
      // Sessions go with the user (ON DELETE CASCADE), and every instance's cache forgets them.
      await tx.delete(users).where(eq(users.id, id));
      return { connections: connections.map((r) => r.connection), ownedBotIds: owned.map((r) => r.id) };
    },
    { userId: id },
  );
}

export async function updateWorld(db: Database, id: number, world: World): Promise<UserRow> {
  const [user] = await changeSessions(
    db,
    (tx) =>
      tx
        .update(users)
        .set({ worldServer: world.server, worldWorld: world.world, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(),
    { userId: id },
  );
  if (!user) throw notFound(errorMessages.userNotFound);
  return user;
}

export async function setPassword(db: Database, id: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await changeSessions(db, (tx) => tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id)), {
    userId: id,
  });
}

/**
 * Keys written before the key came from JS (migration 0003 used the database's lower()) are made
 * right once at start; a name whose key now clashes with another's keeps its old key and is logged.
 */
export async function reconcileUsernameKeys(db: Database): Promise<{ fixed: number; clashes: string[] }> {
  const rows = await db.select({ id: users.id, username: users.username, usernameKey: users.usernameKey }).from(users);
  let fixed = 0;
  const clashes: string[] = [];
  for (const row of rows) {
    const key = usernameKey(row.username);
    if (key === row.usernameKey) continue;
    try {
      await db.update(users).set({ usernameKey: key }).where(eq(users.id, row.id));
      await notifySessionChange(db, { userId: row.id });
      publishSessionChange(db, { userId: row.id });
      fixed += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      clashes.push(row.username);
    }
  }
  return { fixed, clashes };
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
