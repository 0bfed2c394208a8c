// The bots a user owns or was granted (Benutzerdetail, admin): own bots first, then grants, each by
// player name.
import type { UserBot } from "@dsbot/protocol";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbotPermissions, dsbots } from "../../db/schema.js";
import type { DsbotRow } from "../../db/schema.js";

function present(row: DsbotRow, grantedAt: Date | null): UserBot {
  return {
    id: row.id,
    dsPlayer: { name: row.playerName },
    world: { server: row.worldServer, world: row.worldWorld },
    status: row.status,
    access: grantedAt ? "granted" : "owner",
    grantedAt: grantedAt?.toISOString() ?? null,
  };
}

export async function listUserBots(db: Database, userId: number): Promise<UserBot[]> {
  const [owned, granted] = await Promise.all([
    db.select().from(dsbots).where(eq(dsbots.ownerId, userId)).orderBy(asc(dsbots.playerName), asc(dsbots.id)),
    db
      .select({ bot: dsbots, grantedAt: dsbotPermissions.grantedAt })
      .from(dsbotPermissions)
      .innerJoin(dsbots, eq(dsbots.id, dsbotPermissions.dsbotId))
      .where(eq(dsbotPermissions.userId, userId))
      .orderBy(asc(dsbots.playerName), asc(dsbots.id)),
  ]);
  return [...owned.map((row) => present(row, null)), ...granted.map((g) => present(g.bot, g.grantedAt))];
}
