// A tab request as the website sees it: the attack with its plan, coordinates and the rally-point link
// with the units filled in, or the bot and what it needs; its text says what to do at the time of the
// answer (send it yourself, or: the send time is past, it cannot land as planned any more).
import type { AttackType, TabRequest } from "@dsbot/protocol";
import { formatCoord, gameBaseUrl, rallyPointUrl, tabRequestCause, tabRequestText } from "@dsbot/protocol";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attackPlans, attacks, dsbots } from "../../db/schema.js";
import type { DsbotRow, TabRequestRow } from "../../db/schema.js";

async function botsById(db: Database, ids: readonly number[]): Promise<Map<number, DsbotRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(dsbots).where(inArray(dsbots.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function presentTabRequests(db: Database, rows: readonly TabRequestRow[], now = Date.now()): Promise<TabRequest[]> {
  const attackIds = rows.map((r) => r.attackId).filter((id): id is number => id !== null);
  const attackRows =
    attackIds.length === 0
      ? []
      : await db
          .select({ attack: attacks, planName: attackPlans.name, worldServer: attackPlans.worldServer, worldWorld: attackPlans.worldWorld })
          .from(attacks)
          .innerJoin(attackPlans, eq(attackPlans.id, attacks.planId))
          .where(inArray(attacks.id, attackIds));
  const byAttack = new Map(attackRows.map((r) => [r.attack.id, r]));
  const bots = await botsById(db, rows.map((r) => r.dsbotId).filter((id): id is number => id !== null));

  return rows.map((row): TabRequest => {
    const bot = row.dsbotId === null ? undefined : bots.get(row.dsbotId);
    const found = row.attackId === null ? undefined : byAttack.get(row.attackId);
    const a = found?.attack;
    const world = found ? { server: found.worldServer, world: found.worldWorld } : bot ? { server: bot.worldServer, world: bot.worldWorld } : null;
    const cause = tabRequestCause(row.message);
    return {
      id: row.id,
      kind: row.kind,
      dsbot: bot ? { id: bot.id, dsPlayer: { name: bot.playerName } } : null,
      attack:
        a && found
          ? {
              id: a.id,
              planId: a.planId,
              planName: found.planName,
              type: a.type as AttackType,
              from: formatCoord({ x: a.sourceX, y: a.sourceY }),
              to: formatCoord({ x: a.targetX, y: a.targetY }),
              units: a.units,
              ...(a.formulas ? { formulas: a.formulas } : {}),
              sendTime: a.sendAt.getTime(),
              arrivalTime: a.arrivalAt.getTime(),
            }
          : null,
      reason: row.reason,
      message: tabRequestText({ cause, attack: a ? { sendTime: a.sendAt.getTime(), type: a.type as AttackType } : null }, now),
      cause,
      url: a && world ? rallyPointUrl(world, a.sourceVillageId, a.targetVillageId, a.units) : world ? `${gameBaseUrl(world)}/game.php` : "",
      createdAt: row.createdAt.toISOString(),
      doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    };
  });
}
