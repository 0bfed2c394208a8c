// The plans a bot's Offplaner Scanner may take (docs/SECURITY.md, "A shared bot and its owner's attack
// plans"): a plan added to the list must be one the saving user may edit, and the bot's owner too (a bot
// sends only what both may change). A plan the user may not see is refused exactly as one that does not
// exist. Ids already in the list may stay (another setting can change without them), because every claim and
// report checks the rights again; a bot whose owner loses the right says so in its log.
import type { ModuleName, ScannerPlanNote, ScannerPlanOption } from "@dsbot/protocol";
import { attackPlanMessages, botLogMessages, canEditPlan, SCANNER_PLAN_OPTIONS_MAX } from "@dsbot/protocol";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attackPlanPermissions, attackPlans, dsbots, users } from "../../db/schema.js";
import type { DsbotRow, UserRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { accessOf, planAccesses } from "../../policies/attack-plans.policy.js";
import type { ModuleState } from "./bot-modules.js";
import { readModule } from "./bot-modules.js";
import { addBotLog } from "./dsbot-logs.service.js";

const SCANNER: ModuleName = "attack-planner-scanner";

type Db = Pick<Database, "select">;
type Viewer = Pick<UserRow, "id" | "role">;

const planIdsOf = (state: ModuleState): number[] => (state.config.attackPlanIds as number[] | undefined) ?? [];

/** The ids the viewer may not edit, split into the ones the viewer cannot see and the read-only ones. */
async function notEditable(db: Db, viewer: Viewer, ids: readonly number[]): Promise<{ missing: number[]; readOnly: number[] }> {
  const access = await planAccesses(db, viewer, ids);
  const missing = ids.filter((id) => !access.has(id));
  const readOnly = ids.filter((id) => {
    const level = access.get(id);
    return level !== undefined && !canEditPlan(level);
  });
  return { missing, readOnly };
}

/** The ids (of the given ones) the user, by id, may not edit. */
async function notEditableByUser(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) return [...ids];
  const { missing, readOnly } = await notEditable(db, user, ids);
  return [...missing, ...readOnly];
}

/** 400 (naming the plan ids) unless every plan the save adds may be edited by the actor and by the bot's owner. */
export async function checkScannerPlans(db: Db, name: ModuleName, actor: Viewer, ownerId: number, current: ModuleState, next: ModuleState): Promise<void> {
  if (name !== SCANNER) return;
  const kept = new Set(planIdsOf(current));
  const added = [...new Set(planIdsOf(next))].filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const { missing, readOnly } = await notEditable(db, actor, added);
  const editable = added.filter((id) => !missing.includes(id) && !readOnly.includes(id));
  const notForOwner = ownerId === actor.id ? [] : await notEditableByUser(db, ownerId, editable);
  const messages = [
    missing.length > 0 ? attackPlanMessages.scannerPlansNotFound(missing) : undefined,
    readOnly.length > 0 ? attackPlanMessages.scannerPlansReadOnly(readOnly) : undefined,
    notForOwner.length > 0 ? attackPlanMessages.scannerPlansNotEditableByOwner(notForOwner) : undefined,
  ].filter((m): m is string => m !== undefined);
  if (messages.length === 0) return;
  throw badRequest(messages.join(" "), messages.map((message) => ({ path: "attackPlanIds", message })));
}

/**
 * The user may no longer edit the plan (grant revoked or made read-only): each bot of the user whose
 * scanner lists it says so in its log, as a warning. Claims stop by themselves (they check the rights
 * every time); this only tells why. No user is named: the bot's audience may not know the plan's owner.
 */
export async function logLostScannerPlan(db: Pick<Database, "select" | "insert">, userId: number, planId: number): Promise<void> {
  const bots = await db
    .select({ id: dsbots.id })
    .from(dsbots)
    .where(and(eq(dsbots.ownerId, userId), sql`(${dsbots.modules} -> ${SCANNER} -> 'config' -> 'attackPlanIds') @> to_jsonb(${planId}::int)`));
  for (const bot of bots) await addBotLog(db, { dsbotId: bot.id, level: "warn", message: botLogMessages.scannerPlanLost(planId), userId: null });
}

/**
 * The plans the scanner form offers (GET /api/dsbot/{id}/scanner-plans): the plans on the bot's world the
 * viewer may edit (newest change first, at most SCANNER_PLAN_OPTIONS_MAX), and the plans already in the
 * bot's list that the viewer may see, whatever their world or access. Each says whether a save may add
 * it (the rule of checkScannerPlans: viewer and bot owner may edit it) or why not; sorted by name.
 * Ids in the list the viewer cannot see are left out: the form shows them as unknown.
 */
export async function scannerPlanOptions(db: Database, viewer: Viewer, bot: Pick<DsbotRow, "ownerId" | "worldServer" | "worldWorld" | "modules">): Promise<ScannerPlanOption[]> {
  const listed = planIdsOf(readModule(bot.modules, SCANNER)).filter((id) => id >= 1 && id <= MAX_SERIAL_ID);
  const columns = {
    id: attackPlans.id,
    name: attackPlans.name,
    ownerId: attackPlans.ownerId,
    worldServer: attackPlans.worldServer,
    worldWorld: attackPlans.worldWorld,
    ownerName: users.username,
    grant: attackPlanPermissions.level,
  };
  const grantJoin = and(eq(attackPlanPermissions.planId, attackPlans.id), eq(attackPlanPermissions.userId, viewer.id));
  const editable = viewer.role === "admin" ? undefined : or(eq(attackPlans.ownerId, viewer.id), eq(attackPlanPermissions.level, "edit"));
  const [onWorld, inList] = await Promise.all([
    db
      .select(columns)
      .from(attackPlans)
      .innerJoin(users, eq(users.id, attackPlans.ownerId))
      .leftJoin(attackPlanPermissions, grantJoin)
      .where(and(eq(attackPlans.worldServer, bot.worldServer), eq(attackPlans.worldWorld, bot.worldWorld), editable))
      .orderBy(desc(attackPlans.updatedAt), desc(attackPlans.id))
      .limit(SCANNER_PLAN_OPTIONS_MAX),
    listed.length === 0
      ? Promise.resolve([])
      : db.select(columns).from(attackPlans).innerJoin(users, eq(users.id, attackPlans.ownerId)).leftJoin(attackPlanPermissions, grantJoin).where(inArray(attackPlans.id, listed)),
  ]);
  const rows = new Map<number, (typeof onWorld)[number]>();
  for (const row of [...onWorld, ...inList]) if (accessOf(viewer, row, row.grant)) rows.set(row.id, row);
  const ownerBlocked = new Set(bot.ownerId === viewer.id ? [] : await notEditableByUser(db, bot.ownerId, [...rows.keys()]));
  const options = [...rows.values()].map((row): ScannerPlanOption => {
    const access = accessOf(viewer, row, row.grant);
    const note: ScannerPlanNote | null =
      !access || !canEditPlan(access)
        ? "readOnly"
        : row.worldServer !== bot.worldServer || row.worldWorld !== bot.worldWorld
          ? "otherWorld"
          : ownerBlocked.has(row.id)
            ? "ownerMayNotEdit"
            : null;
    return { id: row.id, name: row.name, ownerName: row.ownerName, selectable: note === null, note };
  });
  return options.sort((a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id);
}
