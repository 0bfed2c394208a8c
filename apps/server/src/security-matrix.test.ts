// The security matrix (docs/SECURITY.md, "How it stays true"; rows in test/security/matrix.ts): the live route
// table must match the matrix row for row; every route is called as owner, grantee, revoked grantee,
// stranger, admin and without a token and must answer as its row says; no website or runner socket
// may hear of a bot or notification its user may not see; and every socket event is handled for its
// one origin only, refused at the handshake or on arrival once its user may not see the bot.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { ClientToServerEvents, SocketAck } from "@dsbot/protocol";
import { socketErrors, socketOrigins, villageStateMessages } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../test/bots.js";
import { listen, pairRunner } from "../test/bots.js";
import { bearer } from "../test/factories.js";
import type { CallSpec, EventTarget, Fixtures, MatrixRow, ObjectKind, SocketEventRow, Target, UserRole } from "../test/security/matrix.js";
import {
  ALLOWED_ORIGIN,
  expectedStatus,
  objectAccess,
  roles,
  routeKey,
  rowName,
  socketEventMatrix,
  userRoles,
} from "../test/security/matrix.js";
import { routeMatrix } from "../test/security/route-rows.js";
import type { MatrixWorld } from "../test/security/world.js";
import { createWorld, markerIn } from "../test/security/world.js";
import type { TestApp } from "../test/test-app.js";
import { createTestApp, tempDir } from "../test/test-app.js";
import type { RegisteredRoute } from "./app.js";
import { dsbotPermissions, dsbots, websocketConnections } from "./db/schema.js";

let app: TestApp;
let world: MatrixWorld;
let web: ReturnType<typeof tempDir> | undefined;

beforeAll(async () => {
  // A built web app, so the static route is in the table as in production.
  web = tempDir("dsbot-matrix-web-");
  writeFileSync(path.join(web.dir, "index.html"), "<!doctype html><title>dsbot</title>");
  // A built runner, so the download answers its file (the folder holds both builds).
  writeFileSync(path.join(web.dir, "dsbot.mjs"), "console.log('dsbot');\n");
  // With metrics on, so GET /metrics is in the table as where it is configured.
  app = await createTestApp({ webDir: web.dir, runnerDir: web.dir, allowedOrigins: [ALLOWED_ORIGIN], metricsToken: "matrix-metrics-token-0123456789" });
  world = await createWorld(app, await listen(app));
});

afterAll(async () => {
  // The app first: the server then closes the sockets as shutting down, leaving bots as they are.
  await app?.dispose();
  world?.closeSockets();
  web?.remove();
});

/** The route's `:params` filled in. */
function pathOf(row: MatrixRow, spec: CallSpec): string {
  if (spec.path) return spec.path;
  return row.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = spec.params?.[name];
    if (value === undefined) throw new Error(`${rowName(row)}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A request the route's own contract would refuse (400) would test the builder, not access. */
function contractProblems(route: RegisteredRoute, spec: CallSpec): string[] {
  const problems: string[] = [];
  const parts = { params: spec.params && Object.fromEntries(Object.entries(spec.params).map(([k, v]) => [k, String(v)])), query: spec.query, body: spec.body };
  for (const part of ["params", "query", "body"] as const) {
    const schema = route.contract?.[part];
    const value = parts[part];
    // A multipart upload (its body a Buffer) has file names, not a schema, in its contract.
    if (part === "body" && route.contract?.multipart && Buffer.isBuffer(value)) continue;
    if (!schema) {
      if (value !== undefined) problems.push(`${part} given, but the route's contract takes none`);
      continue;
    }
    const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
    if (!result.success) problems.push(`${part} does not fit the contract: ${result.error.message}`);
  }
  return problems;
}

describe("the route table", () => {
  it("has a matrix row for every route, and every row names a route", () => {
    const registered = new Set(app.routes.map(routeKey));
    const listed = new Set(routeMatrix.map(routeKey));
    expect({
      "routes without a row in test/security/matrix.ts": [...registered].filter((key) => !listed.has(key)),
      "rows naming no route": [...listed].filter((key) => !registered.has(key)),
    }).toEqual({ "routes without a row in test/security/matrix.ts": [], "rows naming no route": [] });
  });
});

describe("every route as every role", () => {
  for (const row of routeMatrix) {
    it(rowName(row), async () => {
      const route = app.routes.find((r) => routeKey(r) === routeKey(row));
      if (!route) throw new Error(`no route ${routeKey(row)} (see the route table test)`);
      const expected = Object.fromEntries(roles.map((role) => [role, expectedStatus(row, role)]));
      const actual: Record<string, number> = {};
      const problems: string[] = [];
      let shared: Fixtures[ObjectKind] | undefined;

      for (const role of roles) {
        let fixture: Fixtures[ObjectKind] | undefined;
        if (row.object) {
          fixture = !row.fresh && shared ? shared : await world.fixture(row.object);
          if (!row.fresh) shared = fixture;
        }
        const { caller, token } = await world.session(role, row.caller ?? "session");
        const target: Target<Fixtures[ObjectKind] | undefined> = { world, role, caller, fixture };
        await row.prepare?.(target);
        const spec = await row.request(target);
        problems.push(...contractProblems(route, spec).map((p) => `${role}: ${p}`));

        // Whose website socket must hear of a successful call, and what it had before. A caller in a
        // fresh session or as a fresh user has no watched socket of its own.
        const ownSession = caller && (row.caller ?? "session") === "session" ? caller.role : undefined;
        const listenerRole = row.event?.to === "owner" ? "owner" : row.event && ownSession;
        const listener = listenerRole ? world.website[listenerRole] : undefined;
        const before = new Set(listener?.received.map((r) => r.payload));
        const since = world.snapshot();

        const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : "";
        const response = await app.fastify.inject({
          method: row.method,
          url: pathOf(row, spec) + query,
          headers: { ...(token ? bearer(token) : {}), ...spec.headers },
          ...(spec.body !== undefined ? { payload: spec.body as object } : {}),
          ...(spec.remoteAddress ? { remoteAddress: spec.remoteAddress } : {}),
        });
        actual[role] = response.statusCode;
        if (response.statusCode !== expected[role] && response.statusCode >= 400) problems.push(`${role}: ${response.statusCode} ${response.body}`);

        if (response.statusCode >= 200 && response.statusCode < 300 && caller) {
          const json = String(response.headers["content-type"] ?? "").startsWith("application/json");
          const answer: unknown = json && response.body ? response.json() : undefined;
          if (row.creates) {
            const seers = row.creates.seers?.(target) ?? (ownSession ? [ownSession] : []);
            // Admins see every bot, never another user's notification.
            const audience: UserRole[] = row.creates.kind === "bot" ? [...seers, "admin"] : seers;
            world.track(row.creates.kind, row.creates.id(answer), markerIn(answer), audience, since);
          }
          if (row.event && listener) {
            const event = row.event;
            await world.waitForMessage(listener, before, (m) => event.match(m, target, answer));
          }
        }
        await world.fence();
      }

      expect({ statuses: actual, problems }).toEqual({ statuses: expected, problems: [] });
      expect(world.newLeaks()).toEqual([]);
    });
  }
});

/** The events a server-side socket has handlers for (socket.io's own reserved ones left out). */
function handledEvents(client: TestSocket): string[] {
  const server = app.io.of("/").sockets.get(client.socket.id ?? "");
  if (!server) throw new Error("no server-side socket");
  const reserved = new Set(["disconnect", "disconnecting", "error", "newListener", "removeListener"]);
  return server
    .eventNames()
    .filter((name): name is string => typeof name === "string" && !reserved.has(name))
    .sort();
}

async function botStatus(id: number) {
  const [row] = await app.db.select({ status: dsbots.status }).from(dsbots).where(eq(dsbots.id, id));
  return row?.status ?? null;
}

async function emitEvent(event: keyof ClientToServerEvents, row: SocketEventRow, socket: TestSocket, bot: Fixtures["bot"]): Promise<boolean> {
  const t: EventTarget = { app, bot, socketId: socket.socket.id ?? "", marker: world.marker(), statusBefore: await botStatus(bot.id) };
  // A refused bot event ends the socket instead of answering: then there is no acknowledgement.
  const ack = (await socket.socket
    .timeout(5000)
    .emitWithAck(event, ...row.args(t))
    .catch(() => undefined)) as SocketAck | undefined;
  return row.tookEffect(ack, t);
}

async function openBotSocket(role: UserRole, bot: Fixtures["bot"]): Promise<TestSocket> {
  await world.setBotStatus(bot.id, "online", role);
  const socket = world.open({ token: world.runnerToken(role), origin: "bot", dsbotId: bot.id });
  const outcome = await socket.outcome;
  if (outcome !== "connected") throw new Error(`${role}'s bot socket: ${outcome}`);
  await socket.waitFor("bot:config");
  return socket;
}

/** Take the grantee's access straight in the database, as if the revoke happened while an event was under way. */
async function revokeInDatabase(bot: Fixtures["bot"]): Promise<void> {
  await app.db.delete(dsbotPermissions).where(and(eq(dsbotPermissions.dsbotId, bot.id), eq(dsbotPermissions.userId, world.person("grantee").id)));
  await world.fence();
  world.hide("bot", bot.id, "grantee");
}

describe("socket events", () => {
  const events = Object.entries(socketEventMatrix) as [keyof ClientToServerEvents, SocketEventRow][];

  it("the server handles exactly the events of the matrix, each on its one origin", async () => {
    const bot = await world.fixture("bot");
    const clients: Record<(typeof socketOrigins)[number], TestSocket> = {
      website: world.website.owner,
      "bot-user": world.runner.owner,
      bot: await openBotSocket("owner", bot),
    };
    const handled = Object.fromEntries(socketOrigins.map((origin) => [origin, handledEvents(clients[origin])]));
    const listed = Object.fromEntries(socketOrigins.map((origin) => [origin, events.filter(([, row]) => row.origin === origin).map(([name]) => name).sort()]));
    expect(handled).toEqual(listed);
  });

  it("a bot socket is refused at the handshake unless its user may see the bot", async () => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const role of userRoles) {
      const bot = await world.fixture("bot");
      await world.setBotStatus(bot.id, "online", role);
      outcomes[role] = await world.open({ token: world.runnerToken(role), origin: "bot", dsbotId: bot.id }).outcome;
      expected[role] = objectAccess.bot.see.includes(role) ? "connected" : socketErrors.unauthorized;
    }
    const bot = await world.fixture("bot");
    await world.setBotStatus(bot.id, "online");
    outcomes.anonymous = await world.open({ token: "no-such-runner-token", origin: "bot", dsbotId: bot.id }).outcome;
    outcomes["a bot that does not exist"] = await world.open({ token: world.runnerToken("owner"), origin: "bot", dsbotId: 99999999 }).outcome;
    outcomes["anonymous website"] = await world.open({ token: "no-such-web-token", origin: "website" }).outcome;
    outcomes["anonymous runner"] = await world.open({ token: "no-such-runner-token", origin: "bot-user" }).outcome;
    for (const key of ["anonymous", "a bot that does not exist", "anonymous website", "anonymous runner"]) expected[key] = socketErrors.unauthorized;
    expect(outcomes).toEqual(expected);
  });

  it("a bot socket is refused unless its runner was told to start the bot; the running bot socket stays", async () => {
    const bot = await world.fixture("bot");
    const ownerBot = await openBotSocket("owner", bot);
    const outcomes: Record<string, string> = {};
    for (const role of userRoles) {
      if (role !== "owner") outcomes[role] = await world.open({ token: world.runnerToken(role), origin: "bot", dsbotId: bot.id }).outcome;
    }
    const expected = Object.fromEntries(
      userRoles.filter((role) => role !== "owner").map((role) => [role, objectAccess.bot.see.includes(role) ? socketErrors.botOtherRunner : socketErrors.unauthorized]),
    );
    expect(outcomes).toEqual(expected);
    // The owner's bot socket was not replaced: still connected, and its events still act.
    expect(ownerBot.socket.connected).toBe(true);
    expect(await emitEvent("bot:log", socketEventMatrix["bot:log"], ownerBot, bot)).toBe(true);
  });

  it("a userscript's token opens no runner or bot socket", async () => {
    const bot = await world.fixture("bot");
    const { token, runnerId } = await pairRunner(app, world.token("owner"), "Matrix-Userscript", "userscript");
    await app.db.update(dsbots).set({ status: "online", startedByRunnerTokenId: runnerId }).where(eq(dsbots.id, bot.id));
    const outcomes = {
      "bot-user": await world.open({ token, origin: "bot-user" }).outcome,
      bot: await world.open({ token, origin: "bot", dsbotId: bot.id }).outcome,
    };
    expect(outcomes).toEqual({ "bot-user": socketErrors.unauthorized, bot: socketErrors.unauthorized });
  });

  for (const [event, row] of events) {
    it(`${event} (${row.origin}) acts only for those who may see the bot, and not once access is revoked`, async () => {
      const bot = await world.fixture("bot");
      const effect: Record<string, boolean> = {};
      const expected: Record<string, boolean> = {};
      let granteeSocket: TestSocket;
      if (row.origin === "bot-user") {
        for (const role of userRoles) {
          effect[role] = await emitEvent(event, row, world.runner[role], bot);
          expected[role] = objectAccess.bot.see.includes(role);
        }
        granteeSocket = world.runner.grantee;
      } else {
        // Bot sockets of users who may not see the bot never connect (the handshake test above).
        granteeSocket = await openBotSocket("grantee", bot);
        effect.grantee = await emitEvent(event, row, granteeSocket, bot);
        expected.grantee = true;
      }
      await revokeInDatabase(bot);
      effect["grantee, revoked"] = await emitEvent(event, row, granteeSocket, bot);
      expected["grantee, revoked"] = false;
      expect(effect).toEqual(expected);
      if (row.origin === "bot") expect(await granteeSocket.disconnected()).toBe("io server disconnect");
      await world.fence();
      expect(world.newLeaks()).toEqual([]);
    });
  }

  it("bot:villages refuses a part naming a village twice and a scan time far from the server's clock with a 400, and keeps the socket", async () => {
    const bot = await world.fixture("bot");
    const socket = await openBotSocket("owner", bot);
    const village = (villageId: number) => ({
      villageId,
      x: 500,
      y: 500 + villageId,
      name: `Dorf ${villageId}`,
      units: {},
      state: { points: 26, buildings: {}, resources: { wood: 0, stone: 0, iron: 0 }, storageCapacity: 1000, population: { used: 1, max: 240 }, buildQueue: [], recruitQueue: [] },
    });
    const send = (payload: object) => socket.socket.timeout(5000).emitWithAck("bot:villages", payload) as Promise<SocketAck>;
    const twice = await send({ scannedAt: Date.now(), last: true, villages: [village(1), village(1)] });
    expect(twice).toMatchObject({ ok: false, error: { code: "bad_request", issues: [{ path: "villages.1.villageId", message: villageStateMessages.duplicateVillage(1) }] } });
    const future = Date.UTC(2099, 0, 1);
    expect(await send({ scannedAt: future, last: true, villages: [village(1)] })).toEqual({ ok: false, error: { code: "bad_request", message: villageStateMessages.scannedAtOff(future) } });
    expect(socket.socket.connected).toBe(true);
    expect(await send({ scannedAt: Date.now(), last: true, villages: [village(1)] })).toEqual({ ok: true, villages: 1 });
  });

  it("revoking a grant through the API ends the grantee's bot socket and its runner's connection at once", async () => {
    const bot = await world.fixture("bot");
    const botSocket = await openBotSocket("grantee", bot);
    const runner = world.open({ token: world.runnerToken("grantee"), origin: "bot-user" });
    expect(await runner.outcome).toBe("connected");
    expect(await emitEvent("runner:hello", socketEventMatrix["runner:hello"], runner, bot)).toBe(true);

    const owner = world.website.owner;
    const before = new Set(owner.received.map((r) => r.payload));
    const revoked = await app.fastify.inject({
      method: "DELETE",
      url: `/api/dsbot/${bot.id}/permission/user/${world.person("grantee").id}`,
      headers: bearer(world.token("owner")),
    });
    expect(revoked.statusCode).toBe(204);
    await world.fence();
    world.hide("bot", bot.id, "grantee");

    expect(await botSocket.disconnected()).toBe("io server disconnect");
    const left = await app.db.select().from(websocketConnections).where(and(eq(websocketConnections.dsbotId, bot.id), eq(websocketConnections.socketId, runner.socket.id ?? "")));
    expect(left).toEqual([]);
    // The dropped bot goes offline; its remaining audience hears it, the former grantee must not.
    await world.waitForMessage(owner, before, (m) => m.type === "botUpdateStatus" && m.data.dsbot.id === bot.id && m.data.dsbot.status === "offline");
    await world.fence();
    expect(world.newLeaks()).toEqual([]);
  });
});

describe("realtime", () => {
  it("no socket heard of a bot or notification its user may not see", async () => {
    await world.fence();
    expect(world.leaks()).toEqual([]);
  });

  it("every role's sockets are still open: no call ended a session the matrix relies on", () => {
    const closed = userRoles.flatMap((role) => [world.website[role], world.runner[role]].filter((s) => !s.socket.connected).map(() => role));
    expect(closed).toEqual([]);
  });
});
