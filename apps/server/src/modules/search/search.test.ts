// POST /api/search through the real app: case-insensitive substring matches, only over what the
// caller may see, wildcards taken literally, each group capped, best matches first.
import { downloadLabels, errorMessages, SEARCH_RESULT_LIMIT, searchResponseSchema, validationMessages } from "@dsbot/protocol";
import type { SearchResponse } from "@dsbot/protocol";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { attackPlans } from "../../db/schema.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

async function search(token: string, searchVal: unknown): Promise<SearchResponse> {
  const response = await app.fastify.inject({ method: "POST", url: "/api/search", headers: bearer(token), payload: { searchVal } });
  expect(response.statusCode, response.body).toBe(200);
  return searchResponseSchema.parse(response.json());
}

/** A short random marker, so each test finds only its own objects in the shared database. */
const marker = () => randomBytes(3).toString("hex");

async function signedIn() {
  const user = await createUser(app);
  return { user, token: await loginAs(app, user) };
}

async function addPlans(ownerId: number, names: string[]) {
  return app.db
    .insert(attackPlans)
    .values(names.map((name) => ({ ownerId, name, worldServer: "die-staemme.de", worldWorld: "de230" })))
    .returning();
}

describe("POST /api/search", () => {
  it("matches bots and plans case-insensitively anywhere in the name, and answers the bot's shape", async () => {
    const m = marker();
    const a = await signedIn();
    const bot = await createBot(app, a.token, { name: `Kalle${m}Bot` });
    const [plan] = await addPlans(a.user.id, [`Angriff ${m.toUpperCase()} Süd`]);
    const found = await search(a.token, m.toUpperCase());
    expect(found.dsbots).toEqual([{ id: bot.id, status: null, dsPlayer: { name: `Kalle${m}Bot` }, world: bot.world }]);
    expect(found.attackPlans).toEqual([{ id: plan?.id, name: `Angriff ${m.toUpperCase()} Süd` }]);
    expect((await search(a.token, `lle${m}b`)).dsbots.map((b) => b.id)).toEqual([bot.id]);
    expect((await search(a.token, `${m} sÜD`)).attackPlans.map((p) => p.id)).toEqual([plan?.id]);
    expect((await search(a.token, `${m}x`)).dsbots).toEqual([]);
  });

  it("never finds another user's bot or plan; a grant makes the bot findable, plans stay private", async () => {
    const m = marker();
    const a = await signedIn();
    const b = await signedIn();
    const bot = await createBot(app, a.token, { name: `Geheim${m}` });
    const [plan] = await addPlans(a.user.id, [`Plan geheim${m}`]);
    expect(await search(b.token, m)).toEqual({ dsbots: [], attackPlans: [], downloads: [] });

    const granted = await app.fastify.inject({ method: "POST", url: `/api/dsbot/${bot.id}/permission/user/${b.user.id}`, headers: bearer(a.token) });
    expect(granted.statusCode).toBe(204);
    const afterGrant = await search(b.token, m);
    expect(afterGrant.dsbots.map((x) => x.id)).toEqual([bot.id]);
    expect(afterGrant.attackPlans).toEqual([]);

    await app.fastify.inject({ method: "DELETE", url: `/api/dsbot/${bot.id}/permission/user/${b.user.id}`, headers: bearer(a.token) });
    expect((await search(b.token, m)).dsbots).toEqual([]);

    // Admins see every bot and plan, as in the bot list.
    const admin = await search(await loginAdmin(app), m);
    expect(admin.dsbots.map((x) => x.id)).toEqual([bot.id]);
    expect(admin.attackPlans.map((x) => x.id)).toEqual([plan?.id]);
  });

  it("takes %, _ and \\ literally", async () => {
    const m = marker();
    const a = await signedIn();
    const percent = await createBot(app, a.token, { name: `${m}50%off` });
    const under = await createBot(app, a.token, { name: `${m}a_b` });
    const slash = await createBot(app, a.token, { name: `${m}x\\y` });
    // Decoys a wildcard would match.
    await createBot(app, a.token, { name: `${m}50xoff` });
    await createBot(app, a.token, { name: `${m}axb` });
    await createBot(app, a.token, { name: `${m}xy` });
    await addPlans(a.user.id, [`${m} 100% sicher`, `${m} 100x sicher`]);
    const ids = async (term: string) => (await search(a.token, term)).dsbots.map((b) => b.id);
    expect(await ids(`${m}50%off`)).toEqual([percent.id]);
    expect(await ids("%off")).toEqual([percent.id]);
    expect(await ids(`${m}a_b`)).toEqual([under.id]);
    expect(await ids(`x\\y`)).toEqual([slash.id]);
    expect(await ids("%")).toEqual([percent.id]);
    expect(await ids("_")).toEqual([under.id]);
    expect(await ids("\\")).toEqual([slash.id]);
    expect((await search(a.token, "0% s")).attackPlans.map((p) => p.name)).toEqual([`${m} 100% sicher`]);
  });

  it(`caps each group at ${SEARCH_RESULT_LIMIT} and puts exact and prefix matches first, then by name`, async () => {
    const m = marker();
    const a = await signedIn();
    const names = Array.from({ length: SEARCH_RESULT_LIMIT + 3 }, (_, i) => `z ${m} ${String(i).padStart(2, "0")}`);
    await addPlans(a.user.id, [...names, `${m} vorne`, m.toUpperCase(), `B${m}`]);
    const plans = (await search(a.token, m)).attackPlans.map((p) => p.name);
    expect(plans).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(plans.slice(0, 4)).toEqual([m.toUpperCase(), `${m} vorne`, `B${m}`, names[0]]);
    expect(plans.at(-1)).toBe(names[SEARCH_RESULT_LIMIT - 4]);

    for (let i = 0; i < SEARCH_RESULT_LIMIT + 1; i += 1) await createBot(app, a.token, { name: `q${m}${i}` });
    await createBot(app, a.token, { name: `${m}` });
    const bots = (await search(a.token, m)).dsbots.map((b) => b.dsPlayer.name);
    expect(bots).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(bots[0]).toBe(m);
  });

  it("finds the downloads by their label", async () => {
    const { token } = await signedIn();
    expect((await search(token, "dsbot")).downloads).toEqual([{ type: "dsbot" }]);
    expect((await search(token, "SCRIPT")).downloads).toEqual([{ type: "userscript" }]);
    expect((await search(token, "s")).downloads).toEqual([{ type: "dsbot" }, { type: "userscript" }]);
    expect((await search(token, "u")).downloads).toEqual([{ type: "userscript" }]);
    expect((await search(token, "Dsbots")).downloads).toEqual([]);
    expect(downloadLabels).toEqual({ dsbot: "Dsbot", userscript: "Userscript" });
  });

  it("answers three empty lists for a blank term, even where everything would match", async () => {
    const a = await signedIn();
    await createBot(app, a.token, { name: "Leerzeichen Bot" });
    await addPlans(a.user.id, ["Leer"]);
    expect(await search(a.token, "")).toEqual({ dsbots: [], attackPlans: [], downloads: [] });
    expect(await search(a.token, "   ")).toEqual({ dsbots: [], attackPlans: [], downloads: [] });
    // A space inside the term is part of it.
    expect((await search(a.token, "n B")).dsbots.map((b) => b.dsPlayer.name)).toEqual(["Leerzeichen Bot"]);
  });

  it("answers 400 with German messages for bad input and 401 without a session", async () => {
    const { token } = await signedIn();
    const post = (payload?: object) =>
      app.fastify.inject({ method: "POST", url: "/api/search", headers: bearer(token), ...(payload ? { payload } : {}) });
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: "bad_request", message: validationMessages.required });
    const wrongType = await post({ searchVal: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.issues[0].path).toBe("searchVal");
    const tooLong = await post({ searchVal: "x".repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe("Höchstens 100 Zeichen");
    const noBody = await post();
    expect(noBody.json().error.message).toBe(errorMessages.badRequest);
    const anonymous = await app.fastify.inject({ method: "POST", url: "/api/search", payload: { searchVal: "x" } });
    expect(anonymous.statusCode).toBe(401);
  });
});
