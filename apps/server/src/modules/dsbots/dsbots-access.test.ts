// Who sees a bot: 404 on every per-bot route for others, grants and revokes by owner or
// admin, and the same rule for realtime events.
import { botListResponseSchema, botPermissionsResponseSchema, errorMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestSocket } from "../../../test/bots.js";
import { createBot, openSocket, settle, waitForMessage } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";
import { dsbots } from "../../db/schema.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

type Method = "GET" | "POST" | "DELETE";
const call = (token: string, method: Method, url: string, payload?: object) =>
  app.fastify.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Every per-bot route with a body that would be valid, so only the access rule can refuse it. */
function perBotRoutes(id: number, userId: number): [Method, string, object?][] {
  return [
    ["GET", `/api/dsbot/${id}`],
    ["GET", `/api/dsbot/${id}/connections`],
    ["DELETE", `/api/dsbot/${id}`],
    ["POST", `/api/dsbot/${id}/start`, { websocketConnectionId: 1 }],
    ["POST", `/api/dsbot/${id}/stop`, { websocketConnectionId: 1 }],
    ["POST", `/api/dsbot/${id}/force-stop`],
    ["POST", `/api/dsbot/${id}/pause`],
    ["POST", `/api/dsbot/${id}/resume`],
    ["POST", `/api/dsbot/${id}/toggle-module`, { moduleName: "timer" }],
    ["GET", `/api/dsbot/${id}/module?moduleName=timer`],
    ["POST", `/api/dsbot/${id}/module`, { moduleName: "timer", module: {} }],
    ["POST", `/api/dsbot/${id}/permission/user/${userId}`],
    ["DELETE", `/api/dsbot/${id}/permission/user/${userId}`],
    ["GET", `/api/dsbot/${id}/permissions`],
    ["GET", `/api/dsbot/${id}/logs`],
  ];
}

async function ownerAndStranger() {
  const owner = await createUser(app);
  const stranger = await createUser(app);
  const ownerToken = await loginAs(app, owner);
  const strangerToken = await loginAs(app, stranger);
  const bot = await createBot(app, ownerToken);
  return { owner, stranger, ownerToken, strangerToken, bot };
}

const statusOf = async (token: string, id: number) => (await call(token, "GET", `/api/dsbot/${id}`)).statusCode;

describe("a bot the caller may not see", () => {
  it("answers 404 'Der Bot wurde nicht gefunden.' on every per-bot route, and for ids that do not exist", async () => {
    const { stranger, strangerToken, bot } = await ownerAndStranger();
    for (const id of [bot.id, 987654, 99999999999]) {
      for (const [method, path, payload] of perBotRoutes(id, stranger.id)) {
        const response = await call(strangerToken, method, path, payload);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json(), `${method} ${path}`).toEqual({ error: { code: "not_found", message: errorMessages.botNotFound } });
      }
    }
    const list = botListResponseSchema.parse((await call(strangerToken, "GET", "/api/dsbot")).json());
    expect(list.dsbots.map((b) => b.id)).not.toContain(bot.id);
  });
});

describe("grants", () => {
  it("a grant shows the bot and a revoke hides it again", async () => {
    const { stranger, ownerToken, strangerToken, bot } = await ownerAndStranger();
    expect((await call(ownerToken, "POST", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`)).statusCode).toBe(204);
    expect(await statusOf(strangerToken, bot.id)).toBe(200);
    const list = botListResponseSchema.parse((await call(strangerToken, "GET", "/api/dsbot")).json());
    expect(list.dsbots.map((b) => b.id)).toEqual([bot.id]);
    const permissions = botPermissionsResponseSchema.parse((await call(strangerToken, "GET", `/api/dsbot/${bot.id}/permissions`)).json());
    expect(permissions.permissions).toEqual([expect.objectContaining({ userId: stranger.id, username: stranger.username })]);

    expect((await call(ownerToken, "DELETE", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`)).statusCode).toBe(204);
    expect(await statusOf(strangerToken, bot.id)).toBe(404);
  });

  it("a granted user may use the bot but not delete it or grant access (403)", async () => {
    const { stranger, ownerToken, strangerToken, bot } = await ownerAndStranger();
    const third = await createUser(app);
    await call(ownerToken, "POST", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`);
    expect((await call(strangerToken, "POST", `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "timer" })).statusCode).toBe(200);
    for (const [method, path] of [
      ["DELETE", `/api/dsbot/${bot.id}`],
      ["POST", `/api/dsbot/${bot.id}/permission/user/${third.id}`],
      ["DELETE", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`],
    ] as const) {
      const response = await call(strangerToken, method, path);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().error.message).toBe(errorMessages.forbidden);
    }
  });

  it("answers 404 for unknown users and 409 for the owner", async () => {
    const { owner, ownerToken, bot } = await ownerAndStranger();
    const unknown = await call(ownerToken, "POST", `/api/dsbot/${bot.id}/permission/user/999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(errorMessages.userNotFound);
    const self = await call(ownerToken, "POST", `/api/dsbot/${bot.id}/permission/user/${owner.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(errorMessages.ownerHasAccess);
    expect((await call(ownerToken, "DELETE", `/api/dsbot/${bot.id}/permission/user/${owner.id}`)).statusCode).toBe(409);
  });

  it("admins see every bot and may grant, revoke and delete", async () => {
    const { stranger, strangerToken, bot } = await ownerAndStranger();
    const admin = await loginAdmin(app);
    expect(await statusOf(admin, bot.id)).toBe(200);
    const list = botListResponseSchema.parse((await call(admin, "GET", "/api/dsbot?perPage=100")).json());
    expect(list.dsbots.map((b) => b.id)).toContain(bot.id);
    expect((await call(admin, "POST", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`)).statusCode).toBe(204);
    expect(await statusOf(strangerToken, bot.id)).toBe(200);
    expect((await call(admin, "DELETE", `/api/dsbot/${bot.id}`)).statusCode).toBe(204);
    expect(await statusOf(admin, bot.id)).toBe(404);
  });
});

describe("realtime events follow access", () => {
  /** A status change the audience hears, without a runner: mark the bot online, then force-stop it. */
  async function makeEvent(ownerToken: string, botId: number) {
    await app.db.update(dsbots).set({ status: "online" }).where(eq(dsbots.id, botId));
    expect((await call(ownerToken, "POST", `/api/dsbot/${botId}/force-stop`)).statusCode).toBe(200);
  }

  it("reaches owner and admins, not strangers; a grant adds a user and a revoke removes them", async () => {
    const { stranger, ownerToken, strangerToken, bot } = await ownerAndStranger();
    const ownerSocket = openSocket(url, { token: ownerToken, origin: "website" }, sockets);
    const strangerSocket = openSocket(url, { token: strangerToken, origin: "website" }, sockets);
    const adminSocket = openSocket(url, { token: await loginAdmin(app), origin: "website" }, sockets);
    for (const s of [ownerSocket, strangerSocket, adminSocket]) expect(await s.outcome).toBe("connected");
    const forBot = (s: TestSocket) => s.messages("botUpdateStatus").filter((m) => m.data.dsbot.id === bot.id);

    await makeEvent(ownerToken, bot.id);
    await waitForMessage(ownerSocket, "botUpdateStatus", (d) => d.dsbot.id === bot.id);
    await waitForMessage(adminSocket, "botUpdateStatus", (d) => d.dsbot.id === bot.id);
    await settle();
    expect(forBot(strangerSocket)).toHaveLength(0);

    await call(ownerToken, "POST", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`);
    await makeEvent(ownerToken, bot.id);
    await waitForMessage(strangerSocket, "botUpdateStatus", (d) => d.dsbot.id === bot.id);
    expect(forBot(strangerSocket)).toHaveLength(1);

    await call(ownerToken, "DELETE", `/api/dsbot/${bot.id}/permission/user/${stranger.id}`);
    await makeEvent(ownerToken, bot.id);
    await waitForMessage(ownerSocket, "botUpdateStatus", (d) => d.dsbot.id === bot.id && forBot(ownerSocket).length === 3);
    await settle();
    expect(forBot(strangerSocket)).toHaveLength(1);
  });
});
