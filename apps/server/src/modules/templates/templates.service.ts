// Builder templates: a user's own templates — list with how many villages use each, read,
// create, replace, delete. Nobody reads another user's template (404). A template a bot's builder or
// template assigner still names cannot be deleted (409, naming the bots); the use is counted from the
// owner's bots' module settings and their latest village scans.
import type { BotTemplate, BuilderTemplate, BuilderTemplateInput, BuilderTemplateSummary } from "@dsbot/protocol";
import { BUILDER_TEMPLATES_MAX, builderTemplateMessages, usernameKey } from "@dsbot/protocol";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { lockForTransaction } from "../../db/locks.js";
import { isUniqueViolation } from "../../db/errors.js";
import { botTroops, builderTemplates, dsbots, type BuilderTemplateRow } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";

interface TemplateUse {
  /** Villages per template id. */
  villages: Map<number, number>;
  /** Bot player names per template id (the builder or the template assigner names it). */
  bots: Map<number, string[]>;
  /** Bot ids per template id (the same bots). */
  botIds: Map<number, number[]>;
}

type BuilderSettings = { templateMode?: unknown; defaultTemplateId?: unknown; villageTemplates?: unknown };
type AssignerSettings = { rules?: unknown };

/** Which of the user's templates their bots use, and for how many villages. */
async function templateUse(db: Database, userId: number): Promise<TemplateUse> {
  const bots = await db.select({ id: dsbots.id, playerName: dsbots.playerName, modules: dsbots.modules }).from(dsbots).where(eq(dsbots.ownerId, userId));
  const use: TemplateUse = { villages: new Map(), bots: new Map(), botIds: new Map() };
  if (bots.length === 0) return use;
  const villageCounts = new Map(
    (
      await db
        .select({ dsbotId: botTroops.dsbotId, n: count() })
        .from(botTroops)
        .where(inArray(botTroops.dsbotId, bots.map((b) => b.id)))
        .groupBy(botTroops.dsbotId)
    ).map((r) => [r.dsbotId, r.n]),
  );
  const addBot = (id: number, bot: { id: number; playerName: string }) => {
    const names = use.bots.get(id) ?? [];
    if (!names.includes(bot.playerName)) names.push(bot.playerName);
    use.bots.set(id, names);
    const ids = use.botIds.get(id) ?? [];
    if (!ids.includes(bot.id)) ids.push(bot.id);
    use.botIds.set(id, ids);
  };
  const addVillages = (id: number, n: number) => use.villages.set(id, (use.villages.get(id) ?? 0) + n);
  for (const bot of bots) {
    const builder = bot.modules.builder?.config as BuilderSettings | undefined;
    if (builder) {
      const perVillage = Array.isArray(builder.villageTemplates) ? (builder.villageTemplates as { templateId?: unknown }[]) : [];
      for (const entry of perVillage) {
        if (typeof entry.templateId !== "number") continue;
        addBot(entry.templateId, bot);
        if (builder.templateMode === "per_village") addVillages(entry.templateId, 1);
      }
      if (typeof builder.defaultTemplateId === "number") {
        addBot(builder.defaultTemplateId, bot);
        // With the template assigner choosing, the villages the default serves are not known here.
        if (builder.templateMode === "default" || builder.templateMode === undefined) addVillages(builder.defaultTemplateId, villageCounts.get(bot.id) ?? 0);
      }
    }
    const assigner = bot.modules.templateassigner?.config as AssignerSettings | undefined;
    const rules = Array.isArray(assigner?.rules) ? (assigner.rules as { templateId?: unknown }[]) : [];
    for (const rule of rules) if (typeof rule.templateId === "number") addBot(rule.templateId, bot);
  }
  return use;
}

function present(row: BuilderTemplateRow, villages: number): BuilderTemplate {
  return { id: row.id, name: row.name, steps: row.steps, villages, createdAt: row.createdAt.getTime(), updatedAt: row.updatedAt.getTime() };
}

export async function listBuilderTemplates(db: Database, userId: number): Promise<BuilderTemplateSummary[]> {
  const [rows, use] = await Promise.all([
    db.select().from(builderTemplates).where(eq(builderTemplates.userId, userId)).orderBy(asc(builderTemplates.nameKey), asc(builderTemplates.id)).limit(BUILDER_TEMPLATES_MAX),
    templateUse(db, userId),
  ]);
  return rows.map((row) => ({ id: row.id, name: row.name, steps: row.steps.length, villages: use.villages.get(row.id) ?? 0, updatedAt: row.updatedAt.getTime() }));
}

async function ownTemplate(db: Database, userId: number, id: number): Promise<BuilderTemplateRow> {
  const [row] = await db.select().from(builderTemplates).where(and(eq(builderTemplates.id, id), eq(builderTemplates.userId, userId))).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getBuilderTemplate(db: Database, userId: number, id: number): Promise<BuilderTemplate> {
  const [row, use] = await Promise.all([ownTemplate(db, userId, id), templateUse(db, userId)]);
  return present(row, use.villages.get(row.id) ?? 0);
}

/** A unique name taken by another of the user's templates answers 409 in German. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(builderTemplateMessages.nameTaken(name));
    throw error;
  }
}

/**
 * The count and the insert are one step per user (an advisory lock for the transaction, held across
 * instances on one PostgreSQL): creates at the same moment cannot pass the cap together.
 */
export async function createBuilderTemplate(db: Database, userId: number, input: BuilderTemplateInput): Promise<BuilderTemplate> {
  const [row] = await uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      await lockForTransaction(tx, `builder-templates:${userId}`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(builderTemplates).where(eq(builderTemplates.userId, userId));
      if (n >= BUILDER_TEMPLATES_MAX) throw conflict(builderTemplateMessages.tooMany);
      return tx.insert(builderTemplates).values({ userId, name: input.name, nameKey: usernameKey(input.name), steps: input.steps }).returning();
    }),
  );
  if (!row) throw new Error("template not stored");
  return present(row, 0);
}

/** The template as stored, and the bots whose builder or template assigner names it (they are told). */
export async function replaceBuilderTemplate(
  db: Database,
  userId: number,
  id: number,
  input: BuilderTemplateInput,
): Promise<{ template: BuilderTemplate; dsbotIds: number[] }> {
  await ownTemplate(db, userId, id);
  const [row] = await uniqueName(input.name, () =>
    db
      .update(builderTemplates)
      .set({ name: input.name, nameKey: usernameKey(input.name), steps: input.steps, updatedAt: new Date() })
      .where(and(eq(builderTemplates.id, id), eq(builderTemplates.userId, userId)))
      .returning(),
  );
  if (!row) throw notFound();
  const use = await templateUse(db, userId);
  return { template: present(row, use.villages.get(row.id) ?? 0), dsbotIds: use.botIds.get(row.id) ?? [] };
}

export async function deleteBuilderTemplate(db: Database, userId: number, id: number): Promise<void> {
  const row = await ownTemplate(db, userId, id);
  const bots = (await templateUse(db, userId)).bots.get(id);
  if (bots && bots.length > 0) throw conflict(builderTemplateMessages.inUse(row.name, bots.join(", ")));
  await db.delete(builderTemplates).where(and(eq(builderTemplates.id, id), eq(builderTemplates.userId, userId)));
}

/**
 * The templates among these ids that the bot's own builder or template assigner names, for the bot's
 * builder ("bot:templates"). Only those: the bot may run on a grantee's runner, and the owner's other
 * templates are none of its business, whatever ids it asks for.
 */
export async function botTemplates(db: Database, dsbotId: number, ids: readonly number[]): Promise<BotTemplate[]> {
  if (ids.length === 0) return [];
  const [bot] = await db.select({ ownerId: dsbots.ownerId, modules: dsbots.modules }).from(dsbots).where(eq(dsbots.id, dsbotId)).limit(1);
  if (!bot) return [];
  const named = new Set(
    (["builder", "templateassigner"] as const).flatMap((name) => namedTemplates(name, bot.modules[name]?.config ?? {}).map((n) => n.id)),
  );
  const wanted = [...new Set(ids)].filter((id) => named.has(id));
  if (wanted.length === 0) return [];
  return db
    .select({ id: builderTemplates.id, name: builderTemplates.name, steps: builderTemplates.steps })
    .from(builderTemplates)
    .where(and(eq(builderTemplates.userId, bot.ownerId), inArray(builderTemplates.id, wanted)));
}

/** The template ids a builder or template-assigner config names, with the field each is in. */
function namedTemplates(name: string, config: Record<string, unknown>): { id: number; path: string }[] {
  const found: { id: number; path: string }[] = [];
  if (name === "builder") {
    if (typeof config.defaultTemplateId === "number") found.push({ id: config.defaultTemplateId, path: "defaultTemplateId" });
    const perVillage = Array.isArray(config.villageTemplates) ? (config.villageTemplates as { templateId?: unknown }[]) : [];
    perVillage.forEach((v, i) => typeof v.templateId === "number" && found.push({ id: v.templateId, path: `villageTemplates.${i}.templateId` }));
  }
  if (name === "templateassigner") {
    const rules = Array.isArray(config.rules) ? (config.rules as { templateId?: unknown }[]) : [];
    rules.forEach((r, i) => typeof r.templateId === "number" && found.push({ id: r.templateId, path: `rules.${i}.templateId` }));
  }
  return found;
}

/**
 * A bot's builder and template assigner may only name templates of the bot's owner (the bot reads its
 * owner's templates): another id answers 400 on its field, in German.
 */
export async function checkModuleTemplates(db: Pick<Database, "select">, name: string, ownerId: number, config: Record<string, unknown>): Promise<void> {
  const named = namedTemplates(name, config);
  if (named.length === 0) return;
  const ids = [...new Set(named.map((n) => n.id))];
  const own = new Set(
    (await db.select({ id: builderTemplates.id }).from(builderTemplates).where(and(eq(builderTemplates.userId, ownerId), inArray(builderTemplates.id, ids)))).map((r) => r.id),
  );
  const issues = named.filter((n) => !own.has(n.id)).map((n) => ({ path: n.path, message: builderTemplateMessages.notOwnersTemplate(n.id) }));
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
}
