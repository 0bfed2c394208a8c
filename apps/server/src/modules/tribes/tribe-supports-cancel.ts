// Calling off the tribe's planned supports that have not gone yet: they are commands in the members'
// own plans, which a running bot sends and the attack clock turns into tab requests, so whatever ends the
// tribe's say over them (a request withdrawn, a member who leaves or is removed, the tribe dissolved)
// cancels them there and closes their tab requests; a sent support stays as it is. Must run before the
// membership or the tribe is deleted: tribe_request_supports, which names them, goes with it.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { BotContext } from "../../platform/app-context.js";
import type { ChangedAttackRow } from "../attack-plans/index.js";
import { changedAttack, emitAttacksChanged } from "../attack-plans/index.js";
import { closeAttackTabRequests } from "../tab-requests/index.js";

/** Which supports: those of one request, of one member in the tribe, or of the whole tribe. */
export type SupportsOf = { requestId: number } | { tribeId: number; memberId: number } | { tribeId: number };

function linked(of: SupportsOf): SQL {
  if ("requestId" in of) return sql`request_id = ${of.requestId}`;
  if ("memberId" in of) return sql`tribe_id = ${of.tribeId} and member_id = ${of.memberId}`;
  return sql`tribe_id = ${of.tribeId}`;
}

/** Cancels the supports not sent yet and closes their tab requests; answers the changed commands. */
export async function cancelTribeSupports(db: Database, of: SupportsOf): Promise<ChangedAttackRow[]> {
  const cancelled = await db.execute(sql`
    update attacks set status = 'cancelled', updated_at = now()
    where id in (select attack_id from tribe_request_supports where ${linked(of)}) and status in ('planned', 'due')
    returning id, plan_id, status, error, dsbot_id, real_arrival_at`);
  const rows = (cancelled as unknown as { rows: ChangedAttackRow[] }).rows;
  await closeAttackTabRequests(db, rows.map((r) => r.id));
  return rows;
}

/** Tells the members' plans (and bots) of the cancelled commands. */
export async function tellCancelled(ctx: Pick<BotContext, "db" | "events">, rows: readonly ChangedAttackRow[]): Promise<void> {
  if (rows.length > 0) await emitAttacksChanged(ctx, rows.map(changedAttack));
}
