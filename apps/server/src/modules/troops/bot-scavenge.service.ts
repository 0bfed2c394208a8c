// Raubzug as the bots' Raubzug modules last left it ("bot:scavenge"): each report replaces the bot's
// previous one; the Raubzug page reads the villages of the bots the viewer may see on the viewer's world.
import type { BotScavengeReport, ScavengeStateResponse, ScavengeVillageReport, ScavengeVillageState } from "@dsbot/protocol";
import { errorMessages, SCAVENGE_STATES_MAX } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botScavenge, dsbots } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";

/**
 * Stores the report in place of the bot's previous one. A scan time in the future (a runner's clock
 * ahead) counts as now. Answers how many villages the bot now has on record.
 */
export async function replaceBotScavenge(db: Database, dsbotId: number, report: BotScavengeReport, now = Date.now()): Promise<number> {
  const scannedAt = new Date(Math.min(report.scannedAt, now));
  const [bot] = await db.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.id, dsbotId));
  if (!bot) throw notFound(errorMessages.botNotFound);
  await db
    .insert(botScavenge)
    .values({ dsbotId, villages: report.villages, scannedAt })
    .onConflictDoUpdate({ target: botScavenge.dsbotId, set: { villages: sql`excluded.villages`, scannedAt: sql`excluded.scanned_at` } });
  return report.villages.length;
}

interface StateRow {
  village: unknown;
  dsbot_id: number;
  player_name: string;
  scanned_at: Date | string;
}

/** The stored report's village as the schema wrote it; anything else (a row from an older shape) is left out. */
function storedVillage(value: unknown): ScavengeVillageReport | null {
  if (typeof value !== "object" || value === null) return null;
  const { villageId, options } = value as { villageId?: unknown; options?: unknown };
  return typeof villageId === "number" && Array.isArray(options) ? { villageId, options: options as ScavengeVillageReport["options"] } : null;
}

/**
 * The villages of the visible bots on the viewer's world, by village id; a village two bots saw counts
 * as the newer report says (the lower bot id of one moment). The database merges the reports and
 * answers at most SCAVENGE_STATES_MAX villages (an admin sees every bot of the world), so the request's
 * thread only maps them: each was checked against the report's schema when it was stored.
 */
export async function listScavengeStates(db: Database, viewer: Pick<UserRow, "id" | "role" | "worldServer" | "worldWorld">): Promise<ScavengeStateResponse> {
  const visible = visibleBotsCondition(viewer);
  const result = await db.execute(sql`
    select distinct on (v.id) v.village, ${botScavenge.dsbotId} as dsbot_id, ${dsbots.playerName} as player_name, ${botScavenge.scannedAt} as scanned_at
    from ${botScavenge} join ${dsbots} on ${dsbots.id} = ${botScavenge.dsbotId}
    cross join lateral (select e as village, e -> 'villageId' as id from jsonb_array_elements(${botScavenge.villages}) e where jsonb_typeof(e -> 'villageId') = 'number') v
    where ${dsbots.worldServer} = ${viewer.worldServer} and ${dsbots.worldWorld} = ${viewer.worldWorld}${visible ? sql` and ${visible}` : sql``}
    order by v.id, ${botScavenge.scannedAt} desc, ${botScavenge.dsbotId}
    limit ${SCAVENGE_STATES_MAX}`);
  const villages: ScavengeVillageState[] = [];
  for (const row of (result as unknown as { rows: StateRow[] }).rows) {
    const village = storedVillage(row.village);
    if (village) villages.push({ ...village, dsbotId: row.dsbot_id, playerName: row.player_name, scannedAt: new Date(row.scanned_at).getTime() });
  }
  return { villages };
}
