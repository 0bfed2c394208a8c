// The demo user's starter builder template, and the demo bots' builder set to it, so a
// demo bot's builder can be switched on as it comes (its default template is required) and builds at
// once. Written in TWB's builder text: resources and storage first, then main, barracks, market, farm,
// up to a full village (the demo players' villages are far along: the last steps are theirs).
import { parseBuilderText, usernameKey } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { builderTemplates, dsbots } from "../db/schema.js";
import { readModule } from "../modules/dsbots/index.js";

export const DEMO_TEMPLATE_NAME = "Starter (Demo)";

const starterText = `
wood:2
stone:2
iron:2
wood:3
stone:3
main:2
storage:2
iron:3
farm:2
main:3
barracks:1
wood:5
stone:5
storage:4
iron:5
market:1
main:5
smith:1
wall:2
farm:5
wood:8
stone:8
iron:7
storage:7
main:8
barracks:3
farm:8
wood:12
stone:12
iron:10
storage:11
main:10
smith:5
barracks:5
stable:1
farm:12
wood:16
stone:16
iron:14
storage:15
main:15
market:5
farm:16
wood:20
stone:20
iron:18
storage:20
main:20
farm:22
wall:10
wood:25
stone:25
iron:23
storage:25
farm:26
main:25
barracks:15
smith:20
market:15
wood:30
stone:30
iron:30
storage:30
farm:30
main:30
wall:20
barracks:25
stable:20
garage:15
hide:10
market:25
`;

export function demoTemplateSteps() {
  const parsed = parseBuilderText(starterText);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  return parsed.steps;
}

/** Creates the starter template once, and points every demo bot's builder without a template at it. */
export async function prepareDemoTemplate(db: Database, userId: number): Promise<number> {
  const key = usernameKey(DEMO_TEMPLATE_NAME);
  let [template] = await db.select({ id: builderTemplates.id }).from(builderTemplates).where(and(eq(builderTemplates.userId, userId), eq(builderTemplates.nameKey, key)));
  template ??= (
    await db.insert(builderTemplates).values({ userId, name: DEMO_TEMPLATE_NAME, nameKey: key, steps: demoTemplateSteps() }).returning({ id: builderTemplates.id })
  )[0];
  if (!template) throw new Error("demo template not stored");
  const bots = await db.select({ id: dsbots.id, modules: dsbots.modules }).from(dsbots).where(eq(dsbots.ownerId, userId));
  for (const bot of bots) {
    const builder = readModule(bot.modules, "builder");
    if (typeof builder.config.defaultTemplateId === "number") continue;
    const modules = { ...bot.modules, builder: { ...builder, config: { ...builder.config, defaultTemplateId: template.id } } };
    await db.update(dsbots).set({ modules }).where(eq(dsbots.id, bot.id));
  }
  return template.id;
}
