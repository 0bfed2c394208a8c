// What the module pages read besides the config, and the VP-Builder's world rule: the Offplaner
// Scanner's plans by name (GET /api/dsbot/{id}/scanner-plans), the Umbenenner's preview of the
// incomings it would tag (GET /api/dsbot/{id}/renamer-preview), and a VP-Builder that stays off on a
// world whose config says coins (toggle, save, and the reason on GET module).
import type { BotIncoming } from "@dsbot/protocol";
import { moduleResponseSchema, parseGameConfigXml, renamerPreviewResponseSchema, scannerPlansResponseSchema, scavengeModuleMessages, vpbuilderMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, newPlan, PLAN_WORLD, villageAt, type Call } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { worlds } from "../../db/schema.js";
import { replaceBotIncomings } from "../incomings/bot-incomings.service.js";

let app: TestApp;
let anna: Call;
let bert: Call;
let annaToken: string;
let bertId: number;
let annaId: number;

/** A world with resource packages (`<snob><gold>0</gold>`), known to the server with its config. */
const PACKAGE_WORLD = { server: PLAN_WORLD.server, world: "de951" };

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  const config = parseGameConfigXml("<config><speed>1</speed><unit_speed>1</unit_speed><snob><gold>0</gold></snob></config>");
  if (!config.ok) throw new Error(config.error);
  await app.db.insert(worlds).values({ ...PACKAGE_WORLD, syncEnabled: false, config: config.value });
  const a = await createUser(app, { world: PLAN_WORLD });
  const b = await createUser(app, { world: PLAN_WORLD });
  annaId = a.id;
  bertId = b.id;
  annaToken = await loginAs(app, a);
  anna = caller(app, annaToken);
  bert = caller(app, await loginAs(app, b));
});
afterAll(() => app?.dispose());

async function plans(call: Call, botId: number) {
  const response = await call("GET", `/api/dsbot/${botId}/scanner-plans`);
  expect(response.statusCode, response.body).toBe(200);
  return scannerPlansResponseSchema.parse(response.json()).plans;
}

describe("GET /api/dsbot/:id/scanner-plans", () => {
  it("offers the plans on the bot's world the caller may edit, by name, and names the ones in the list that cannot be added", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna", world: PLAN_WORLD.world });
    const second = await newPlan(anna, "Zweiter Plan");
    const first = await newPlan(anna, "Erster Plan");
    const elsewhere = await newPlan(anna, "Fremdwelt", { server: PLAN_WORLD.server, world: "de999" });
    const bertReads = await newPlan(bert, "Bert liest");
    const bertWrites = await newPlan(bert, "Bert schreibt");
    expect((await bert("POST", `/api/attack-plans/${bertReads.id}/permission/user/${annaId}`, { level: "read" })).statusCode).toBe(204);
    expect((await bert("POST", `/api/attack-plans/${bertWrites.id}/permission/user/${annaId}`, { level: "edit" })).statusCode).toBe(204);

    const offered = await plans(anna, bot.id);
    expect(offered).toEqual([
      { id: bertWrites.id, name: "Bert schreibt", ownerName: expect.any(String), selectable: true, note: null },
      { id: first.id, name: "Erster Plan", ownerName: expect.any(String), selectable: true, note: null },
      { id: second.id, name: "Zweiter Plan", ownerName: expect.any(String), selectable: true, note: null },
    ]);

    // In the list: a plan of another world (a save may add it) and one that is deleted later.
    const saved = await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "attack-planner-scanner", module: { attackPlanIds: [first.id, elsewhere.id] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await anna("DELETE", `/api/attack-plans/${first.id}`)).statusCode).toBe(204);
    const after = await plans(anna, bot.id);
    expect(after.map((p) => [p.name, p.selectable, p.note])).toEqual([
      ["Bert schreibt", true, null],
      ["Fremdwelt", false, "otherWorld"],
      ["Zweiter Plan", true, null],
    ]);

    // Bert, granted the bot, may edit his read-shared plan; the bot's owner may not, so it cannot be added.
    expect((await anna("POST", `/api/dsbot/${bot.id}/permission/user/${bertId}`)).statusCode).toBe(204);
    const forBert = await plans(bert, bot.id);
    expect(forBert.map((p) => [p.name, p.selectable, p.note])).toEqual([
      ["Bert liest", false, "ownerMayNotEdit"],
      ["Bert schreibt", true, null],
    ]);
  });
});

describe("GET /api/dsbot/:id/renamer-preview", () => {
  it("lists the bot's upcoming incoming attacks, soonest first, with what the tag is made of", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna", world: PLAN_WORLD.world });
    const other = await createBot(app, annaToken, { name: "Anna", world: PLAN_WORLD.world });
    const alpha = villageAt("500|500");
    const delta = villageAt("520|480");
    const now = Date.now();
    const command = (commandId: number, arrivesAt: number, label: string | null): BotIncoming => ({
      commandId,
      origin: { villageId: delta.id, x: delta.x, y: delta.y, name: null, playerName: "Carla 100%_x" },
      target: { villageId: alpha.id, x: alpha.x, y: alpha.y, name: null },
      arrivesAt,
      label,
    });
    await replaceBotIncomings(app.ctx, bot.id, { scannedAt: now, incomings: [command(2, now + 7_200_000, null), command(1, now + 3_600_000, "Angriff")] });
    await replaceBotIncomings(app.ctx, other.id, { scannedAt: now, incomings: [command(3, now + 60_000, "Angriff")] });

    const response = await anna("GET", `/api/dsbot/${bot.id}/renamer-preview`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = renamerPreviewResponseSchema.parse(response.json());
    expect(preview.more).toBe(0);
    expect(preview.incomings.map((i) => [i.origin.coordinates, i.target.coordinates, i.arrivalTime, i.label])).toEqual([
      ["520|480", "500|500", now + 3_600_000, "Angriff"],
      ["520|480", "500|500", now + 7_200_000, null],
    ]);
    // The server's analysis of each: the likely unit's speed group, as the war room shows it.
    for (const incoming of preview.incomings) expect(incoming.likelyUnits?.length).toBeGreaterThan(0);
    expect(preview.incomings[0]!.origin).toEqual({ coordinates: "520|480", name: "Delta", playerName: "Carla 100%_x" });

    const none = await createBot(app, annaToken, { name: "Anna", world: PLAN_WORLD.world });
    expect((await anna("GET", `/api/dsbot/${none.id}/renamer-preview`)).json()).toEqual({ incomings: [], more: 0, timeZone: "Europe/Berlin" });
    expect((await bert("GET", `/api/dsbot/${bot.id}/renamer-preview`)).statusCode).toBe(404);
  });
});

describe("VP-Builder and the world's packages", () => {
  const getModule = async (botId: number) => moduleResponseSchema.parse((await anna("GET", `/api/dsbot/${botId}/module?moduleName=vpbuilder`)).json());

  it("cannot be switched on where the world's config says coins, and says why in German", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna", world: PLAN_WORLD.world });
    expect((await getModule(bot.id)).unavailable).toBe(vpbuilderMessages.noPackages);

    const toggled = await anna("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "vpbuilder" });
    expect(toggled.statusCode).toBe(400);
    expect(toggled.json().error.message).toBe(vpbuilderMessages.noPackages);
    const saved = await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "vpbuilder", module: { enabled: true, packagesPerRun: 3 } });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.issues).toEqual([{ path: "enabled", message: vpbuilderMessages.noPackages }]);
    expect((await getModule(bot.id)).module).toMatchObject({ enabled: false, packagesPerRun: 10 });

    // Switched off, its other settings still save.
    const off = await anna("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "vpbuilder", module: { enabled: false, packagesPerRun: 3 } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await getModule(bot.id)).module).toMatchObject({ enabled: false, packagesPerRun: 3 });
  });

  it("switches on on a package world, and on a world the server has no config of", async () => {
    for (const world of [PACKAGE_WORLD.world, "de998"]) {
      const bot = await createBot(app, annaToken, { name: "Anna", world });
      expect((await getModule(bot.id)).unavailable).toBeNull();
      const toggled = await anna("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "vpbuilder" });
      expect(toggled.statusCode, toggled.body).toBe(200);
      expect(toggled.json()).toEqual({ enabled: true });
    }
  });

  it("keeps Raubzug off on a world whose config has none, and on for the others", async () => {
    const none = parseGameConfigXml("<config><speed>1</speed><unit_speed>1</unit_speed><game><scavenging>0</scavenging></game></config>");
    if (!none.ok) throw new Error(none.error);
    await app.db.insert(worlds).values({ server: PLAN_WORLD.server, world: "de952", syncEnabled: false, config: none.value });
    const without = await createBot(app, annaToken, { name: "Anna", world: "de952" });
    expect((await anna("GET", `/api/dsbot/${without.id}/module?moduleName=scavenge`)).json().unavailable).toBe(scavengeModuleMessages.noScavenging);
    const toggled = await anna("POST", `/api/dsbot/${without.id}/toggle-module`, { moduleName: "scavenge" });
    expect(toggled.statusCode).toBe(400);
    expect(toggled.json().error.message).toBe(scavengeModuleMessages.noScavenging);
    const withIt = await createBot(app, annaToken, { name: "Anna", world: PACKAGE_WORLD.world });
    expect((await anna("POST", `/api/dsbot/${withIt.id}/toggle-module`, { moduleName: "scavenge" })).json()).toEqual({ enabled: true });
  });

  it("leaves the other modules alone on a coin world", async () => {
    const bot = await createBot(app, annaToken, { name: "Anna", world: PLAN_WORLD.world });
    expect((await getModule(bot.id)).unavailable).toBe(vpbuilderMessages.noPackages);
    const minter = await anna("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "minter" });
    expect(minter.json()).toEqual({ enabled: true });
    expect((await anna("GET", `/api/dsbot/${bot.id}/module?moduleName=minter`)).json().unavailable).toBeNull();
  });
});
