// What goes out: database rows → the protocol's User and SessionInfo shapes.
import type { SessionInfo, User } from "@dsbot/protocol";
import type { Database } from "../../db/client.js";
import type { SessionRow, UserRow } from "../../db/schema.js";
import { worldZoneOf } from "../worlds/index.js";

/** The user with their world's server time zone (`worldZoneOf`). */
export function presentUser(row: UserRow, timeZone: string): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    isAdmin: row.role === "admin",
    world: { server: row.worldServer, world: row.worldWorld },
    timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `presentUser` with the zone looked up. */
export async function presentUserOf(db: Database, row: UserRow): Promise<User> {
  return presentUser(row, await worldZoneOf(db, { server: row.worldServer, world: row.worldWorld }));
}

export function presentSession(row: SessionRow, currentSessionId: number | null): SessionInfo {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent,
    ip: row.ip,
    current: row.id === currentSessionId,
  };
}
