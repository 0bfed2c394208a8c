// Builder templates: a user's own, listed with their step and village counts, names unique
// per user without regard to case, another user's answers 404, a template in use cannot be deleted.
import type { BuilderTemplateListResponse, BuilderTemplateResponse } from "@dsbot/protocol";
import { BUILDER_TEMPLATES_MAX, usernameKey } from "@dsbot/protocol";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, type Call } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { builderTemplates } from "../../db/schema.js";
import { replaceBotTroops } from "../troops/bot-troops.service.js";
import { botTemplates } from "./templates.service.js";

let app: TestApp;
let anna: Call;
let bert: Call;
let annaToken: string;

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app);
  const b = await createUser(app);
  annaToken = await loginAs(app, a);
  anna = caller(app, annaToken);
  bert = caller(app, await loginAs(app, b));
});
afterAll(async () => {
  await app?.dispose();
});

const steps = [
  { building: "wood", level: 1 },
  { building: "stone", level: 1 },
  { building: "main", level: 2 },
];

async function create(call: Call, name: string, body = steps) {
  const response = await call("POST", "/api/account-manager/templates", { name, steps: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BuilderTemplateResponse>().template;
}

describe("builder templates", () => {
  it("creates, reads, lists, replaces and deletes the caller's own", async () => {
    const created = await create(anna, "  Grundausbau ");
    expect(created).toMatchObject({ name: "Grundausbau", steps, villages: 0 });
    const read = await anna("GET", `/api/account-manager/templates/${created.id}`);
    expect(read.json<BuilderTemplateResponse>().template.steps).toEqual(steps);
    const replaced = await anna("PUT", `/api/account-manager/templates/${created.id}`, { name: "Grundausbau 2", steps: [...steps, { building: "farm", level: 5 }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const list = (await anna("GET", "/api/account-manager/templates")).json<BuilderTemplateListResponse>();
    expect(list.templates.map((t) => [t.name, t.steps])).toEqual([["Grundausbau 2", 4]]);
    expect(list.templates[0]!.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
    expect((await anna("DELETE", `/api/account-manager/templates/${created.id}`)).statusCode).toBe(204);
    expect((await anna("GET", "/api/account-manager/templates")).json<BuilderTemplateListResponse>().templates).toEqual([]);
  });

  it("keeps names unique per user without regard to case, and other users' templates out of reach", async () => {
    const own = await create(anna, "Offensiv");
    const taken = await anna("POST", "/api/account-manager/templates", { name: "OFFENSIV", steps });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ error: { message: string } }>().error.message).toBe("Du hast schon eine Vorlage „OFFENSIV“. Bitte wähle einen anderen Namen.");
    // Another user may use the same name, and sees nothing of Anna's.
    await create(bert, "Offensiv");
    expect((await bert("GET", `/api/account-manager/templates/${own.id}`)).statusCode).toBe(404);
    expect((await bert("PUT", `/api/account-manager/templates/${own.id}`, { name: "x", steps })).statusCode).toBe(404);
    expect((await bert("DELETE", `/api/account-manager/templates/${own.id}`)).statusCode).toBe(404);
    expect((await bert("GET", "/api/account-manager/templates")).json<BuilderTemplateListResponse>().templates).toHaveLength(1);
  });

  it("answers bad steps in German", async () => {
    const bad = await anna("POST", "/api/account-manager/templates", { name: "Kaputt", steps: [{ building: "castle", level: 1 }, { building: "main", level: 31 }] });
    expect(bad.statusCode).toBe(400);
    const issues = bad.json<{ error: { issues: { path: string; message: string }[] } }>().error.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "steps.0.building", message: "Unbekanntes Gebäude" },
        { path: "steps.1.level", message: "Höchstens Stufe 30" },
      ]),
    );
  });

  it("counts the villages whose builder uses a template and refuses to delete it while in use", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna" });
    const template = await create(anna, "Dorfausbau");
    const other = await create(anna, "Wallbau");
    const saved = await anna("POST", `/api/dsbot/${bot.id}/module`, {
      moduleName: "builder",
      module: { enabled: false, templateMode: "default", defaultTemplateId: template.id, villageTemplates: [{ villageId: 7, templateId: other.id }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await replaceBotTroops(app.db, bot.id, {
      scannedAt: Date.now(),
      villages: [1, 2, 3].map((i) => ({ villageId: i, x: 500 + i, y: 500, name: `Dorf ${i}`, units: {} })),
    });
    const list = (await anna("GET", "/api/account-manager/templates")).json<BuilderTemplateListResponse>().templates;
    // One default for the bot's three scanned villages; the per-village choice counts only in that mode.
    expect(list.find((t) => t.id === template.id)?.villages).toBe(3);
    expect(list.find((t) => t.id === other.id)?.villages).toBe(0);
    const refused = await anna("DELETE", `/api/account-manager/templates/${template.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      "Die Vorlage „Dorfausbau“ wird noch vom Bauherrn von Anna benutzt. Wähle dort erst eine andere Vorlage.",
    );
    await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "builder", module: { enabled: false, templateMode: "per_village", defaultTemplateId: null, villageTemplates: [{ villageId: 7, templateId: other.id }] } });
    const perVillage = (await anna("GET", "/api/account-manager/templates")).json<BuilderTemplateListResponse>().templates;
    expect(perVillage.find((t) => t.id === other.id)?.villages).toBe(1);
    expect((await anna("DELETE", `/api/account-manager/templates/${template.id}`)).statusCode).toBe(204);
  });

  it("lets a bot's builder name only its owner's templates", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna" });
    const foreign = await create(bert, "Berts Vorlage");
    const refused = await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "builder", module: { enabled: false, defaultTemplateId: foreign.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { issues: { path: string; message: string }[] } }>().error.issues).toEqual([
      { path: "defaultTemplateId", message: `Die Vorlage ${foreign.id} gibt es bei den Vorlagen des Bot-Besitzers nicht (mehr).` },
    ]);
    const assigner = await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "templateassigner", module: { enabled: false, rules: [{ templateId: foreign.id }] } });
    expect(assigner.json<{ error: { issues: { path: string }[] } }>().error.issues.map((i) => i.path)).toEqual(["rules.0.templateId"]);
  });

  it("gives a bot only the owner's templates its own config names", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna" });
    const own = await create(anna, "Für den Bot");
    const unnamed = await create(anna, "Nicht im Bauherrn");
    const foreign = await create(bert, "Nicht für Annas Bot");
    const saved = await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "builder", module: { enabled: false, defaultTemplateId: own.id } });
    expect(saved.statusCode).toBe(200);
    expect(await botTemplates(app.db, bot.id, [own.id, unnamed.id, foreign.id, 999_999])).toEqual([{ id: own.id, name: "Für den Bot", steps }]);
    expect(await botTemplates(app.db, bot.id, [unnamed.id])).toEqual([]);
    expect(await botTemplates(app.db, bot.id, [])).toEqual([]);
  });

  it("holds a user to the template limit", async () => {
    const user = await createUser(app);
    const call = caller(app, await loginAs(app, user));
    await app.db.execute(sql`
      insert into builder_templates (user_id, name, name_key, steps)
      select ${user.id}, 'Vorlage ' || n, ${usernameKey("vorlage ")} || n, '[]'::jsonb from generate_series(1, ${BUILDER_TEMPLATES_MAX}) n`);
    const refused = await call("POST", "/api/account-manager/templates", { name: "Eine zu viel", steps });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe("Du hast schon 200 Vorlagen. Lösche eine, bevor du eine neue anlegst.");
  });

  it("holds the limit against creates at the same moment: 20 at 195 end at exactly 200", async () => {
    const user = await createUser(app);
    const call = caller(app, await loginAs(app, user));
    await app.db.execute(sql`
      insert into builder_templates (user_id, name, name_key, steps)
      select ${user.id}, 'Vorlage ' || n, ${usernameKey("vorlage ")} || n, '[]'::jsonb from generate_series(1, ${BUILDER_TEMPLATES_MAX - 5}) n`);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call("POST", "/api/account-manager/templates", { name: `Gleichzeitig ${i}`, steps })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(5).fill(201), ...Array<number>(15).fill(409)]);
    const [held] = await app.db.select({ n: count() }).from(builderTemplates).where(eq(builderTemplates.userId, user.id));
    expect(held?.n).toBe(BUILDER_TEMPLATES_MAX);
  });
});
