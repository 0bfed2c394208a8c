// What goes out: database rows → the protocol's User and SessionInfo shapes.
import type { SessionInfo, User } from "@dsbot/protocol";
import type { SessionRow, UserRow } from "../../db/schema.js";

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    isAdmin: row.role === "admin",
    world: { server: row.worldServer, world: row.worldWorld },
    createdAt: row.createdAt.toISOString(),
  };
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
