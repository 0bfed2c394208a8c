// Bots over REST: create, read, list options, delete, module configs and the log.
import type { Dsbot } from "@dsbot/protocol";
import {
  botListResponseSchema,
  botLogListResponseSchema,
  botLogMessages,
  botResponseSchema,
  errorMessages,
  moduleDefaults,
  moduleNames,
  validationMessages,
  worldMessages,
} from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../../test/bots.js";
import { bearer, createUser, knownWorld, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { dsbots, worlds } from "../../db/schema.js";

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await loginAs(app, await createUser(app));
});
afterAll(() => app?.dispose());

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, payload?: object, as = token) =>
  app.fastify.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

describe("POST /api/dsbot", () => {
  it("creates a bot owned by the caller with all 16 modules at their defaults and no status", async () => {
    await knownWorld(app, { server: "die-staemme.de", world: "de231" });
    const response = await call("POST", "/api/dsbot", { dsPlayer: { name: " Kalle " }, world: { server: "die-staemme.de", world: "DE231" } });
    expect(response.statusCode).toBe(201);
    const { dsbot } = botResponseSchema.parse(response.json());
    expect(dsbot).toMatchObject({ status: null, dsPlayer: { name: "Kalle" }, world: { server: "die-staemme.de", world: "de231" } });
    expect(dsbot.modules.map((m) => m.name)).toEqual(moduleNames);
    expect(dsbot.modules.every((m) => !m.enabled)).toBe(true);
    const module = await call("GET", `/api/dsbot/${dsbot.id}/module?moduleName=builder`);
    expect(module.json()).toEqual({ module: moduleDefaults("builder"), unavailable: null });
    const logs = botLogListResponseSchema.parse((await call("GET", `/api/dsbot/${dsbot.id}/logs`)).json());
    expect(logs.logs).toEqual([expect.objectContaining({ message: botLogMessages.created, level: "info" })]);
    expect(logs.logs[0]?.username).toBeTruthy();
  });

  it("refuses a world the server does not know with 400 in German, and adds neither the bot nor the world", async () => {
    const response = await call("POST", "/api/dsbot", { dsPlayer: { name: "Unbekannt" }, world: { server: "die-staemme.de", world: "de9877" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "bad_request", message: worldMessages.worldUnknown, issues: [{ path: "world", message: worldMessages.worldUnknown }] },
    });
    expect(await app.db.select().from(dsbots).where(eq(dsbots.playerName, "Unbekannt"))).toEqual([]);
    expect(await app.db.select().from(worlds).where(eq(worlds.world, "de9877"))).toEqual([]);
  });

  it("answers 400 with German messages", async () => {
    const response = await call("POST", "/api/dsbot", { dsPlayer: { name: "  " }, world: { server: "localhost", world: "de1" } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("bad_request");
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: "dsPlayer.name", message: validationMessages.required },
        { path: "world.server", message: "Ungültiger Server, z. B. die-staemme.de" },
      ]),
    );
  });

  it("requires a login", async () => {
    expect((await app.fastify.inject({ method: "GET", url: "/api/dsbot" })).statusCode).toBe(401);
  });
});

describe("GET /api/dsbot", () => {
  let mine: Dsbot[];
  let listToken: string;
  beforeAll(async () => {
    listToken = await loginAs(app, await createUser(app));
    mine = [];
    for (const name of ["bravo", "Alpha", "charlie", "delta"]) mine.push(await createBot(app, listToken, { name }));
    // Statuses straight in the database: bravo online, charlie paused, delta offline, Alpha never started (NULL).
    const set = (bot: Dsbot | undefined, status: "online" | "paused" | "offline") =>
      app.db.update(dsbots).set({ status }).where(eq(dsbots.id, bot?.id ?? 0));
    await set(mine[0], "online");
    await set(mine[2], "paused");
    await set(mine[3], "offline");
  });

  const list = async (query: string) => {
    const response = await call("GET", `/api/dsbot?${query}`, undefined, listToken);
    expect(response.statusCode).toBe(200);
    return botListResponseSchema.parse(response.json());
  };
  const names = (bots: Dsbot[]) => bots.map((b) => b.dsPlayer.name);

  it("pages by 5 by default and sorts by player either way", async () => {
    const all = await list("sortBy=player");
    expect(all.totals).toBe(4);
    expect(names(all.dsbots)).toEqual(["Alpha", "bravo", "charlie", "delta"]);
    expect(names((await list("sortBy=-player")).dsbots)).toEqual(["delta", "charlie", "bravo", "Alpha"]);
    const page2 = await list("sortBy=player&perPage=3&activePage=2");
    expect(page2).toMatchObject({ totals: 4 });
    expect(names(page2.dsbots)).toEqual(["delta"]);
  });

  it("sorts by status with a missing status counted as offline", async () => {
    // offline (Alpha NULL, delta) < online (bravo) < paused (charlie); ties by id.
    expect(names((await list("sortBy=status")).dsbots)).toEqual(["Alpha", "delta", "bravo", "charlie"]);
  });

  it("filters by status; offline includes bots that never ran", async () => {
    expect(names((await list("sortBy=player&statusFilter=offline")).dsbots)).toEqual(["Alpha", "delta"]);
    expect(names((await list("sortBy=player&statusFilter=online,paused")).dsbots)).toEqual(["bravo", "charlie"]);
    expect((await list("statusFilter=starting")).totals).toBe(0);
    const bad = await call("GET", "/api/dsbot?statusFilter=kaputt", undefined, listToken);
    expect(bad.statusCode).toBe(400);
  });

  it("searches player names case-insensitively as a substring, % and _ literal", async () => {
    expect(names((await list("searchVal=ALP")).dsbots)).toEqual(["Alpha"]);
    expect(names((await list("searchVal=rav")).dsbots)).toEqual(["bravo"]);
    expect((await list("searchVal=%25")).totals).toBe(0);
  });

  it("sorts by dates and includes connections only on request", async () => {
    expect(names((await list("sortBy=createdAt")).dsbots)).toEqual(["bravo", "Alpha", "charlie", "delta"]);
    await call("POST", `/api/dsbot/${mine[1]?.id}/toggle-module`, { moduleName: "timer" }, listToken);
    expect(names((await list("sortBy=-updatedAt")).dsbots)[0]).toBe("Alpha");
    const withConnections = await list("websocketConnections=true");
    expect(withConnections.dsbots.every((b) => Array.isArray(b.websocketConnections))).toBe(true);
  });

  it("rejects unknown sort fields", async () => {
    expect((await call("GET", "/api/dsbot?sortBy=owner", undefined, listToken)).statusCode).toBe(400);
  });
});

describe("modules", () => {
  it("toggles a module and reports the new switch", async () => {
    const bot = await createBot(app, token);
    const on = await call("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "inventory" });
    expect(on.json()).toEqual({ enabled: true });
    const off = await call("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "inventory" });
    expect(off.json()).toEqual({ enabled: false });
    const detail = botResponseSchema.parse((await call("GET", `/api/dsbot/${bot.id}`)).json());
    expect(detail.dsbot.modules.find((m) => m.name === "inventory")?.enabled).toBe(false);
  });

  it("saves a validated config, keeping the switch when the body leaves it out", async () => {
    const bot = await createBot(app, token);
    await call("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "command-scanner" });
    const saved = await call("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "command-scanner", module: { intervalSeconds: 90 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().module).toMatchObject({ enabled: true, intervalSeconds: 90 });
    const read = await call("GET", `/api/dsbot/${bot.id}/module?moduleName=command-scanner`);
    expect(read.json().module).toEqual(saved.json().module);
  });

  it("answers an invalid config with 400 and the module's German message; nothing is stored", async () => {
    const bot = await createBot(app, token);
    const bad = await call("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "command-scanner", module: { intervalSeconds: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: "bad_request", message: "Mindestens 30", issues: [{ path: "intervalSeconds", message: "Mindestens 30" }] },
    });
    const read = await call("GET", `/api/dsbot/${bot.id}/module?moduleName=command-scanner`);
    expect(read.json().module).toEqual(moduleDefaults("command-scanner"));
  });

  it("answers an unknown renamer placeholder with 400 naming it; nothing is stored", async () => {
    const bot = await createBot(app, token);
    const message = "Unbekannter Platzhalter: {foo}. Erlaubt: {K}, {x}, {y}, {nr}";
    const bad = await call("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "renamer", module: { villagePattern: "{K} {foo}" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: "bad_request", message, issues: [{ path: "villagePattern", message }] } });
    const read = await call("GET", `/api/dsbot/${bot.id}/module?moduleName=renamer`);
    expect(read.json().module).toEqual(moduleDefaults("renamer"));
    const good = await call("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "renamer", module: { villagePattern: "{x}|{y} {nr}" } });
    expect(good.json().module).toMatchObject({ villagePattern: "{x}|{y} {nr}" });
  });

  it("refuses to enable a module whose config cannot run (builder without template)", async () => {
    const bot = await createBot(app, token);
    const response = await call("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "builder" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "bad_request", message: validationMessages.required });
  });

  it("answers unknown module names with 400 'Unbekanntes Modul'", async () => {
    const bot = await createBot(app, token);
    for (const response of [
      await call("GET", `/api/dsbot/${bot.id}/module?moduleName=autofarm`),
      await call("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "autofarm" }),
      await call("POST", `/api/dsbot/${bot.id}/module`, { moduleName: "autofarm", module: {} }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe("Unbekanntes Modul");
    }
  });
});

describe("actions without a runner", () => {
  it("answers 409 to pause, resume and force-stop of a bot that is not running", async () => {
    const bot = await createBot(app, token);
    const expectations: [string, string][] = [
      ["pause", errorMessages.botNotOnline],
      ["resume", errorMessages.botNotPaused],
      ["force-stop", errorMessages.botNotStarted],
    ];
    for (const [action, message] of expectations) {
      const response = await call("POST", `/api/dsbot/${bot.id}/${action}`);
      expect(response.statusCode, action).toBe(409);
      expect(response.json().error.message).toBe(message);
    }
  });

  it("answers a start without or with an unknown connection with 400", async () => {
    const bot = await createBot(app, token);
    expect((await call("POST", `/api/dsbot/${bot.id}/start`, {})).json().error.issues).toEqual([
      { path: "websocketConnectionId", message: validationMessages.required },
    ]);
    const unknown = await call("POST", `/api/dsbot/${bot.id}/start`, { websocketConnectionId: 424242 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(errorMessages.connectionNotOfBot);
  });
});

describe("DELETE /api/dsbot/:id", () => {
  it("deletes the bot; afterwards it is not found", async () => {
    const bot = await createBot(app, token);
    expect((await call("DELETE", `/api/dsbot/${bot.id}`)).statusCode).toBe(204);
    const gone = await call("GET", `/api/dsbot/${bot.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: "not_found", message: errorMessages.botNotFound } });
  });

  it("force-stops a running bot before deleting it", async () => {
    const bot = await createBot(app, token);
    await app.db.update(dsbots).set({ status: "online" }).where(eq(dsbots.id, bot.id));
    expect((await call("DELETE", `/api/dsbot/${bot.id}`)).statusCode).toBe(204);
    expect(await app.db.select().from(dsbots).where(eq(dsbots.id, bot.id))).toEqual([]);
  });
});

describe("GET /api/dsbot/:id/logs", () => {
  it("pages the log newest first with the acting user's name", async () => {
    const user = await createUser(app);
    const own = await loginAs(app, user);
    const bot = await createBot(app, own);
    for (let i = 0; i < 3; i++) await call("POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "timer" }, own);
    const page = botLogListResponseSchema.parse((await call("GET", `/api/dsbot/${bot.id}/logs?perPage=2`, undefined, own)).json());
    expect(page.totals).toBe(4);
    expect(page.logs.map((l) => l.message)).toEqual([botLogMessages.moduleEnabled("Timer"), botLogMessages.moduleDisabled("Timer")]);
    expect(page.logs[0]?.username).toBe(user.username);
    expect(page.logs[0]!.id).toBeGreaterThan(page.logs[1]!.id);
  });
});
