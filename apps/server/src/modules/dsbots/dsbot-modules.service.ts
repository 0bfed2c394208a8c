// A bot's module configs (the toggle-module and module routes): read, flip, save — validated with the
// module's own schema, logged, and pushed at once to a connected bot.
import type { ModuleName } from "@dsbot/protocol";
import { botLogMessages, errorMessages, moduleRegistry, toIssueList } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import { dsbots } from "../../db/schema.js";
import type { DsbotRow, UserRow } from "../../db/schema.js";
import { badRequest, notFound } from "../../http/errors.js";
import { addBotLog } from "./dsbot-logs.service.js";
import type { ModuleState } from "./bot-modules.js";
import { readModule, toModuleState } from "./bot-modules.js";
import { checkModuleTemplates } from "../templates/index.js";
import { checkModuleAvailable } from "./module-availability.js";
import { checkScannerPlans } from "./scanner-plans.js";

function validate(name: ModuleName, input: Record<string, unknown>): ModuleState {
  const result = moduleRegistry[name].schema.safeParse(input);
  if (!result.success) {
    const issues = toIssueList(result.error);
    throw badRequest(issues[0]?.message ?? errorMessages.badRequest, issues);
  }
  return toModuleState(result.data as Record<string, unknown>);
}

/**
 * Read-modify-write of one module under a row lock, so a toggle and a save at the same moment
 * cannot lose each other's change.
 */
async function updateModule(
  ctx: BotContext,
  actor: UserRow,
  dsbotId: number,
  name: ModuleName,
  change: (current: ModuleState, bot: DsbotRow, tx: Pick<Database, "select">) => Promise<{ next: ModuleState; log: string }> | { next: ModuleState; log: string },
): Promise<ModuleState> {
  const next = await ctx.db.transaction(async (tx) => {
    const [bot] = await tx.select().from(dsbots).where(eq(dsbots.id, dsbotId)).for("update");
    if (!bot) throw notFound(errorMessages.botNotFound);
    const { next, log } = await change(readModule(bot.modules, name), bot, tx);
    await tx
      .update(dsbots)
      .set({ modules: { ...bot.modules, [name]: next }, updatedAt: sql`now()` })
      .where(eq(dsbots.id, dsbotId));
    await addBotLog(tx, { dsbotId, level: "info", message: log, userId: actor.id });
    return next;
  });
  await ctx.realtime.botModuleConfig(dsbotId, { moduleName: name, enabled: next.enabled, config: next.config });
  return next;
}

export function getModule(bot: DsbotRow, name: ModuleName): ModuleState {
  return readModule(bot.modules, name);
}

/** Enabling re-validates the config: a module that cannot run as configured, or not on the bot's world, stays off (400). */
export async function toggleModule(ctx: BotContext, actor: UserRow, bot: DsbotRow, name: ModuleName): Promise<ModuleState> {
  const { label } = moduleRegistry[name];
  return updateModule(ctx, actor, bot.id, name, async (current, locked, tx) => {
    const enabled = !current.enabled;
    const next = validate(name, { ...current.config, enabled });
    await checkModuleAvailable(tx, locked, name, enabled);
    return { next, log: enabled ? botLogMessages.moduleEnabled(label) : botLogMessages.moduleDisabled(label) };
  });
}

/** A body without `enabled` keeps the module's current switch. */
export async function saveModule(
  ctx: BotContext,
  actor: UserRow,
  bot: DsbotRow,
  name: ModuleName,
  input: Record<string, unknown>,
): Promise<ModuleState> {
  // Validate before taking the lock: a bad body should not wait for it.
  validate(name, { ...input, enabled: input.enabled ?? readModule(bot.modules, name).enabled });
  return updateModule(ctx, actor, bot.id, name, async (current, locked, tx) => {
    const next = validate(name, { ...input, enabled: input.enabled ?? current.enabled });
    await checkModuleAvailable(tx, locked, name, next.enabled);
    await checkScannerPlans(tx, name, actor, locked.ownerId, current, next);
    await checkModuleTemplates(tx, name, locked.ownerId, next.config);
    return { next, log: botLogMessages.moduleSaved(moduleRegistry[name].label) };
  });
}
