// Truppen: a bot's inventory scan replaces what the server kept of its villages' units
// at home ("bot:troops"); the planner reads the newest scan per village of the players it plans for.
import type { BotTroopsReport, UnitCounts } from "@dsbot/protocol";
import { errorMessages, units } from "@dsbot/protocol";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botTroops, dsbots } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

/**
 * Stores the bot's scan in place of its previous one, in one transaction with the bot locked (two
 * reports of one bot cannot interleave). A scan time in the future (a runner's clock ahead) counts as
 * now, so it cannot outrank later scans of other bots. Answers how many villages the bot now has.
 */
export async function replaceBotTroops(db: Database, dsbotId: number, report: BotTroopsReport, now = Date.now()): Promise<number> {
  const scannedAt = new Date(Math.min(report.scannedAt, now)).toISOString();
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from ${dsbots} where ${dsbots.id} = ${dsbotId} for update`);
    if ((locked as unknown as { rows: unknown[] }).rows.length === 0) throw notFound(errorMessages.botNotFound);
    await tx.delete(botTroops).where(eq(botTroops.dsbotId, dsbotId));
    const rows = report.villages;
    if (rows.length === 0) return 0;
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
    // Column arrays through `unnest`: one statement for the largest scan (see insertAttacks).
    await tx.execute(sql`
      insert into ${botTroops} (dsbot_id, village_id, x, y, name, units, in_village, outside, on_the_way, scanned_at)
      select ${dsbotId}, v.*, ${scannedAt}::timestamptz from unnest(
        ${column((v) => v.villageId)}::int[], ${column((v) => v.x)}::smallint[], ${column((v) => v.y)}::smallint[],
        ${column((v) => v.name)}::text[], ${column((v) => JSON.stringify(v.units))}::jsonb[],
        ${column((v) => (v.inVillage ? JSON.stringify(v.inVillage) : null))}::jsonb[],
        ${column((v) => (v.outside ? JSON.stringify(v.outside) : null))}::jsonb[],
        ${column((v) => (v.onTheWay ? JSON.stringify(v.onTheWay) : null))}::jsonb[]
      ) as v`);
    return rows.length;
  });
}

/** Whole, non-negative counts of known units only: jsonb is read back defensively. */
export function toUnitCounts(value: unknown): UnitCounts {
  const counts: UnitCounts = {};
  if (!value || typeof value !== "object") return counts;
  for (const unit of units) {
    const n = (value as Record<string, unknown>)[unit];
    if (typeof n === "number" && Number.isInteger(n) && n > 0) counts[unit] = n;
  }
  return counts;
}

/**
 * The units at home in these villages by village id, from the newest scan of a bot on the world whose
 * player owns the village (by name, any case) and that the viewer may see; villages without one are
 * missing (troops unknown).
 */
export async function latestVillageTroops(
  db: Database,
  viewer: Pick<UserRow, "id" | "role">,
  world: { server: string; world: string },
  villages: readonly { id: number; playerName: string | null }[],
): Promise<Map<number, UnitCounts>> {
  const scans = await latestVillageScans(db, viewer, world, villages);
  return new Map([...scans].map(([id, scan]) => [id, scan.units]));
}

/** `latestVillageTroops` with the time of each scan. */
export async function latestVillageScans(
  db: Database,
  viewer: Pick<UserRow, "id" | "role">,
  world: { server: string; world: string },
  villages: readonly { id: number; playerName: string | null }[],
): Promise<Map<number, { units: UnitCounts; scannedAt: Date }>> {
  const owned = villages.filter((v): v is { id: number; playerName: string } => v.playerName !== null);
  const scans = new Map<number, { units: UnitCounts; scannedAt: Date }>();
  if (owned.length === 0) return scans;
  const rows = await db
    .selectDistinctOn([botTroops.villageId], { villageId: botTroops.villageId, units: botTroops.units, scannedAt: botTroops.scannedAt })
    .from(botTroops)
    .innerJoin(dsbots, eq(dsbots.id, botTroops.dsbotId))
    .where(
      and(
        eq(dsbots.worldServer, world.server),
        eq(dsbots.worldWorld, world.world),
        sql`(${botTroops.villageId}, lower(${dsbots.playerName})) in (
          select v.id, lower(v.player) from unnest(${sql.param(owned.map((v) => v.id))}::int[], ${sql.param(owned.map((v) => v.playerName))}::text[]) as v(id, player))`,
        visibleBotsCondition(viewer),
      ),
    )
    .orderBy(botTroops.villageId, desc(botTroops.scannedAt), desc(botTroops.dsbotId));
  for (const row of rows) scans.set(row.villageId, { units: toUnitCounts(row.units), scannedAt: row.scannedAt });
  return scans;
}
