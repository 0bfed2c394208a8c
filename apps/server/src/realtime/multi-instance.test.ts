// Several instances on one PostgreSQL database: realtime crosses instances through
// socket.io's PostgreSQL adapter, the connection list is shared, the attack clock moves each attack
// once with both ticking, and a killed instance's runner comes back on the other one. Two instances in
// this process (A and B) and, for the kill, a third as its own process (K) behind a small TCP proxy
// that fails over as nginx would. PostgreSQL only: PGlite is one process's database.
import type { BotControl, BotModuleConfig, RealtimeMessageData, RealtimeMessageType, RunnerCommand } from "@dsbot/protocol";
import { ATTACK_DUE_LEAD_MS, ATTACK_EXPIRE_GRACE_MS, realtimeMessage } from "@dsbot/protocol";
import net from "node:net";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { io as connect } from "socket.io-client";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ack, createBot, listen, openSocket, pairRunner, waitForMessage } from "../../test/bots.js";
import type { TestSocket } from "../../test/bots.js";
import { caller, importPlanWorld, newAttack, newPlan } from "../../test/attack-plans.js";
import { bearer, createUser, loginAs } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { createSecondInstance, createTestApp } from "../../test/test-app.js";
import { startServerProcess } from "../../test/server-process.js";
import type { App } from "../app.js";
import { attackPlans, attacks, serverInstances, tabRequests, websocketConnections } from "../db/schema.js";
import { advanceAttacks } from "../modules/attack-plans/attack-clock.js";
import { INSTANCE_DEAD_AFTER_MS, INSTANCE_HEARTBEAT_MS } from "../modules/instances/instances.js";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) console.info("multi-instance.test.ts: skipped without DATABASE_URL (several instances need PostgreSQL; CI runs it)");

let a: TestApp;
let b: App;
let urlA: string;
let urlB: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  b = await createSecondInstance(a);
  urlA = await listen(a);
  urlB = await listen(b);
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await b?.close();
  await a?.dispose();
});

const post = (app: App, token: string, url: string, payload?: object) =>
  app.fastify.inject({ method: "POST", url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (app: App, token: string, url: string) => app.fastify.inject({ method: "GET", url, headers: bearer(token) });

describe.skipIf(!onPostgres)("two instances on one PostgreSQL database", () => {
  it("a start sent to B reaches the runner on A, and B's website socket hears the bot online", async () => {
    const owner = await createUser(a);
    const web = await loginAs(a, owner);
    const bot = await createBot(a, web);
    const { token: runnerToken } = await pairRunner(a, web);
    const website = openSocket(urlB, { token: web, origin: "website" }, sockets);
    const runner = openSocket(urlA, { token: runnerToken, origin: "bot-user" }, sockets);
    expect(await website.outcome).toBe("connected");
    expect(await runner.outcome).toBe("connected");
    expect(await ack(runner, "runner:hello", { name: "PC an A", version: "1.0.0", bots: [bot.id] })).toMatchObject({ ok: true, accepted: [bot.id] });
    // B lists the connection A holds, and its website socket heard it being made.
    const created = await waitForMessage(website, "bot-user-connection-created", (d) => d.dsbotId === bot.id);
    const listed = (await get(b, web, `/api/dsbot/${bot.id}/connections`)).json<{ websocketConnections: { id: number }[] }>();
    expect(listed.websocketConnections.map((c) => c.id)).toEqual([created.data.id]);

    const started = await post(b, web, `/api/dsbot/${bot.id}/start`, { websocketConnectionId: created.data.id });
    expect(started.statusCode, started.body).toBe(200);
    await runner.waitFor<RunnerCommand>("runner:command", (c) => c.action === "start" && c.dsbotId === bot.id);
    const botSocket = openSocket(urlA, { token: runnerToken, origin: "bot", dsbotId: bot.id }, sockets);
    expect(await botSocket.outcome).toBe("connected");
    await botSocket.waitFor("bot:config");
    expect(await ack(botSocket, "bot:status", { status: "online" })).toEqual({ ok: true, status: "online" });
    await waitForMessage(website, "botUpdateStatus", (d) => d.dsbot.id === bot.id && d.dsbot.status === "online");

    // A pause and a module change sent to B reach the bot socket on A.
    expect((await post(b, web, `/api/dsbot/${bot.id}/pause`)).statusCode).toBe(200);
    await botSocket.waitFor<BotControl>("bot:control", (c) => c.action === "pause");
    const toggled = await post(b, web, `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "timer" });
    expect(toggled.json()).toEqual({ enabled: true });
    await botSocket.waitFor<BotModuleConfig>("bot:module-config", (u) => u.moduleName === "timer" && u.enabled);
  });

  it("a start, a pause and a module change sent to B reach A while B counts no other instance", async () => {
    // B has not heard A's heartbeat (just started, or A's came late): the adapter knows no peer, so a
    // lookup of A's sockets through it finds nothing. Commands go by the connection rows instead.
    const adapter = b.io.of("/").adapter as unknown as { nodesMap: Map<string, number> };
    const peers = adapter.nodesMap;
    adapter.nodesMap = new (class extends Map<string, number> {
      override set() {
        return this;
      }
    })();
    try {
      const owner = await createUser(a);
      const web = await loginAs(a, owner);
      const bot = await createBot(a, web);
      const { token: runnerToken } = await pairRunner(a, web);
      const runner = openSocket(urlA, { token: runnerToken, origin: "bot-user" }, sockets);
      expect(await runner.outcome).toBe("connected");
      expect(await ack(runner, "runner:hello", { name: "PC an A", version: "1.0.0", bots: [bot.id] })).toMatchObject({ ok: true });
      const [connection] = (await get(b, web, `/api/dsbot/${bot.id}/connections`)).json<{ websocketConnections: { id: number }[] }>().websocketConnections;
      expect(await b.io.of("/").adapter.serverCount()).toBe(1);

      expect((await post(b, web, `/api/dsbot/${bot.id}/start`, { websocketConnectionId: connection!.id })).statusCode).toBe(200);
      await runner.waitFor<RunnerCommand>("runner:command", (c) => c.action === "start" && c.dsbotId === bot.id);
      const botSocket = openSocket(urlA, { token: runnerToken, origin: "bot", dsbotId: bot.id }, sockets);
      await botSocket.waitFor("bot:config");
      expect(await ack(botSocket, "bot:status", { status: "online" })).toEqual({ ok: true, status: "online" });
      expect((await post(b, web, `/api/dsbot/${bot.id}/pause`)).statusCode).toBe(200);
      await botSocket.waitFor<BotControl>("bot:control", (c) => c.action === "pause");
      expect((await post(b, web, `/api/dsbot/${bot.id}/toggle-module`, { moduleName: "timer" })).statusCode).toBe(200);
      await botSocket.waitFor<BotModuleConfig>("bot:module-config", (u) => u.moduleName === "timer");
    } finally {
      adapter.nodesMap = peers;
    }
  });

  it("a user's sockets on either instance hear a burst of messages in the order they were sent", async () => {
    const user = await createUser(a);
    const token = await loginAs(a, user);
    const onA = openSocket(urlA, { token, origin: "website" }, sockets);
    const onB = openSocket(urlB, { token, origin: "website" }, sockets);
    expect(await onA.outcome).toBe("connected");
    expect(await onB.outcome).toBe("connected");
    for (let i = 0; i < 300; i++) a.ctx.realtime.toUser(user.id, realtimeMessage("troops-updated", { dsbotId: i }));
    const sent = Array.from({ length: 300 }, (_, i) => i);
    for (const socket of [onA, onB]) {
      await waitForMessage(socket, "troops-updated", (d) => d.dsbotId === 299);
      expect(socket.messages("troops-updated").map((m) => m.data.dsbotId)).toEqual(sent);
    }
  });

  it("broadcasts of 7,990 to 8,010 bytes (PostgreSQL refuses a NOTIFY of 8,000) cross to B, in order", async () => {
    const user = await createUser(a);
    const token = await loginAs(a, user);
    const onB = openSocket(urlB, { token, origin: "website" }, sockets);
    expect(await onB.outcome).toBe("connected");
    // The adapter's envelope around a message to this user, measured on its own channel.
    const listener = new pg.Client({ connectionString: a.testDatabase.url });
    await listener.connect();
    let envelope: number;
    try {
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.query(`LISTEN "socket.io#/"`);
      const probe = "p".repeat(100);
      a.ctx.realtime.toUser(user.id, realtimeMessage("troops-updated", { dsbotId: 99, probe } as unknown as RealtimeMessageData<"troops-updated">));
      await expect.poll(() => heard.some((p) => p.includes(probe)), { timeout: 10_000 }).toBe(true);
      envelope = Buffer.byteLength(heard.find((p) => p.includes(probe))!) - probe.length;
    } finally {
      await listener.end();
    }
    // Ids of two digits like the probe's, so each payload is exactly its size.
    const sizes = Array.from({ length: 21 }, (_, i) => 7_990 + i);
    for (const [i, size] of sizes.entries()) {
      a.ctx.realtime.toUser(user.id, realtimeMessage("troops-updated", { dsbotId: 10 + i, probe: "p".repeat(size - envelope) } as unknown as RealtimeMessageData<"troops-updated">));
    }
    await waitForMessage(onB, "troops-updated", (d) => d.dsbotId === 10 + sizes.length - 1);
    expect(onB.messages("troops-updated").map((m) => m.data.dsbotId).filter((id) => id !== 99)).toEqual(sizes.map((_, i) => 10 + i));
  });

  it("a plan change on A reaches a grantee's website socket on B", async () => {
    await importPlanWorld(a);
    const owner = await createUser(a);
    const grantee = await createUser(a);
    const ownerToken = await loginAs(a, owner);
    const granteeToken = await loginAs(a, grantee);
    const plan = await newPlan(caller(a, ownerToken), "Über Instanzen");
    expect((await post(a, ownerToken, `/api/attack-plans/${plan.id}/permission/user/${grantee.id}`, { level: "read" })).statusCode).toBe(204);
    const granteeSocket = openSocket(urlB, { token: granteeToken, origin: "website" }, sockets);
    const stranger = openSocket(urlB, { token: await loginAs(a, await createUser(a)), origin: "website" }, sockets);
    expect(await granteeSocket.outcome).toBe("connected");
    expect(await stranger.outcome).toBe("connected");

    await newAttack(caller(a, ownerToken), plan.id, { from: "500|500", to: "510|490" });
    await waitForMessage(granteeSocket, "attacks-updated", (d) => d.planId === plan.id);
    expect(stranger.messages("attacks-updated")).toEqual([]);
  });

  it("a logout on A closes the user's sockets on B", async () => {
    const user = await createUser(a);
    const token = await loginAs(a, user);
    const onB = openSocket(urlB, { token, origin: "website" }, sockets);
    expect(await onB.outcome).toBe("connected");
    expect((await post(a, token, "/api/auth/logout")).statusCode).toBe(204);
    expect(await onB.disconnected()).toBe("io server disconnect");
  });

  it("the attack clock moves each attack once while both instances tick", async () => {
    const user = await createUser(a);
    const [plan] = await a.db.insert(attackPlans).values({ ownerId: user.id, name: "Uhr", worldServer: "die-staemme.de", worldWorld: "de230" }).returning();
    const sendAt = Date.now() + 30 * 86_400_000;
    const rows = Array.from({ length: 240 }, (_, i) => ({
      planId: plan?.id ?? 0,
      sourceVillageId: 1,
      sourceName: "A",
      sourceX: 400,
      sourceY: 400,
      attackerName: `Niemand ${i}`,
      targetVillageId: 2,
      targetName: "B",
      targetX: 401,
      targetY: 401,
      type: "fake" as const,
      units: { ram: 1 },
      unit: "ram" as const,
      sendAt: new Date(sendAt + i),
      arrivalAt: new Date(sendAt + i + 1_800_000),
      priority: 2,
    }));
    const ids = (await a.db.insert(attacks).values(rows).returning({ id: attacks.id })).map((r) => r.id);

    const tick = async (now: Date) => {
      const [onA, onB, again] = await Promise.all([advanceAttacks(a.ctx, now), advanceAttacks(b.ctx, now), advanceAttacks(a.ctx, now)]);
      return { due: onA.due + onB.due + again.due, expired: onA.expired + onB.expired + again.expired, tabRequests: onA.tabRequests + onB.tabRequests + again.tabRequests };
    };
    const due = await tick(new Date(sendAt + 240 - ATTACK_DUE_LEAD_MS));
    expect(due).toMatchObject({ due: 240, expired: 0 });
    // Each became due once, so each has exactly one tab request (nobody's bot sends them).
    const requests = await a.db.select({ attackId: tabRequests.attackId }).from(tabRequests).where(inArray(tabRequests.attackId, ids));
    expect(requests).toHaveLength(240);
    expect(new Set(requests.map((r) => r.attackId)).size).toBe(240);
    const expired = await tick(new Date(sendAt + 240 + ATTACK_EXPIRE_GRACE_MS));
    expect(expired).toMatchObject({ due: 0, expired: 240 });
    const statuses = await a.db.select({ status: attacks.status }).from(attacks).where(inArray(attacks.id, ids));
    expect(statuses.every((s) => s.status === "expired")).toBe(true);
  });

  it("an instance closed while its realtime connection is still opening shuts down (CI once hung there)", async () => {
    for (let i = 0; i < 5; i++) {
      const brief = await createSecondInstance(a);
      await brief.close();
    }
  }, 60_000);

  it("a killed instance's runner reconnects to another one, its bots come back, and its connections are dropped", async () => {
    const k = await startServerProcess({ DATABASE_URL: a.testDatabase.url });
    const proxy = await failoverProxy([k.port, Number(new URL(urlB).port)]);
    try {
      const owner = await createUser(a);
      const web = await loginAs(a, owner);
      const bot = await createBot(a, web);
      const website = openSocket(urlB, { token: web, origin: "website" }, sockets);
      expect(await website.outcome).toBe("connected");
      const runner = await miniRunner(a, web, proxy.url, bot.id);
      // Through a proxy and a process of its own: more than the helpers' 5 s under a loaded CI machine.
      const heard = <K extends RealtimeMessageType>(type: K, match: (data: RealtimeMessageData<K>) => boolean) =>
        website.waitFor<{ type: K; data: RealtimeMessageData<K> }>("message", (m) => m.type === type && match(m.data), 30_000);
      await heard("botUpdateStatus", (d) => d.dsbot.id === bot.id && d.dsbot.status === "online");
      const onK = await a.db.select().from(websocketConnections).where(eq(websocketConnections.dsbotId, bot.id));
      expect(onK.map((c) => c.origin).sort()).toEqual(["bot", "bot-user"]);
      const kInstance = onK[0]?.instanceId;
      expect(kInstance).toBeTruthy();

      k.child.kill("SIGKILL");
      // The runner and the bot reconnect through the proxy, now to B: the bot is connected and online again.
      await heard("bot-connection-created", (d) => d.dsbotId === bot.id && !onK.some((c) => c.id === d.id));
      await runner.reconnected;
      expect((await get(b, web, `/api/dsbot/${bot.id}`)).json<{ dsbot: { status: string } }>().dsbot.status).toBe("online");
      expect((await post(b, web, `/api/dsbot/${bot.id}/pause`)).statusCode).toBe(200);
      await runner.controls.waitFor((c) => c.action === "pause");

      // Within the heartbeat window K's rows are gone: only the new connections (on B) stay listed.
      await expect
        .poll(async () => (await a.db.select().from(websocketConnections).where(eq(websocketConnections.instanceId, kInstance ?? ""))).length, {
          timeout: INSTANCE_DEAD_AFTER_MS + 3 * INSTANCE_HEARTBEAT_MS,
          interval: 500,
        })
        .toBe(0);
      expect(await a.db.select().from(serverInstances).where(eq(serverInstances.id, kInstance ?? ""))).toEqual([]);
      const listed = (await get(b, web, `/api/dsbot/${bot.id}/connections`)).json<{ websocketConnections: { origin: string }[] }>();
      expect(listed.websocketConnections.map((c) => c.origin).sort()).toEqual(["bot", "bot-user"]);
      runner.close();
    } finally {
      k.child.kill("SIGKILL");
      await proxy.close();
    }
  }, 150_000);
});

/** A TCP proxy that connects each client to the first upstream that answers, as a load balancer fails over. */
async function failoverProxy(ports: number[]): Promise<{ url: string; close: () => Promise<void> }> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.once("close", () => open.delete(client));
    const tryUpstream = (index: number) => {
      const port = ports[index];
      if (port === undefined) return client.destroy();
      const upstream = net.connect(port, "127.0.0.1");
      open.add(upstream);
      upstream.once("close", () => open.delete(upstream));
      let connected = false;
      upstream.once("connect", () => {
        connected = true;
        client.pipe(upstream).pipe(client);
        client.once("close", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
      });
      upstream.once("error", () => {
        if (!connected) tryUpstream(index + 1);
        else client.destroy();
      });
    };
    client.on("error", () => client.destroy());
    tryUpstream(0);
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Waiter<T> {
  items: T[];
  waitFor: (match: (item: T) => boolean) => Promise<T>;
  push: (item: T) => void;
}

function waiter<T>(): Waiter<T> {
  const items: T[] = [];
  const pending = new Set<() => void>();
  return {
    items,
    push(item) {
      items.push(item);
      for (const check of pending) check();
    },
    waitFor(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = items.find(match);
          if (!hit) return;
          pending.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => (pending.delete(check), reject(new Error(`not received; got ${JSON.stringify(items)}`))), 30_000);
        pending.add(check);
        check();
      });
    },
  };
}

/**
 * A runner as the real one behaves on the wire: it reconnects on its own, says hello again on every
 * connect, starts its bot when told, and the bot socket reports online on every (re)connect.
 */
async function miniRunner(app: App, webToken: string, url: string, dsbotId: number) {
  const { token } = await pairRunner(app, webToken, "PC hinter dem Proxy");
  const options = { transports: ["websocket"], reconnectionDelay: 200, reconnectionDelayMax: 1000 };
  const runner: Socket = connect(url, { ...options, auth: { token, origin: "bot-user" } });
  const controls = waiter<BotControl>();
  let botSocket: Socket | undefined;
  let connects = 0;
  let onReconnected: () => void = () => {};
  const reconnected = new Promise<void>((resolve) => (onReconnected = resolve));
  runner.on("connect", () => {
    connects += 1;
    // A hello or status cut off by the kill is said again on the next connect: its rejection is expected.
    const hello = runner.emitWithAck("runner:hello", { name: "PC hinter dem Proxy", version: "1.0.0", bots: [dsbotId] });
    void hello.then(() => connects > 1 && onReconnected(), () => {});
  });
  runner.on("runner:command", (command: RunnerCommand) => {
    if (command.action !== "start" || botSocket) return;
    botSocket = connect(url, { ...options, auth: { token, origin: "bot", dsbotId } });
    botSocket.on("bot:config", () => void botSocket?.emitWithAck("bot:status", { status: "online" }).catch(() => {}));
    botSocket.on("bot:control", (control: BotControl) => controls.push(control));
  });
  await new Promise<void>((resolve) => runner.once("connect", () => resolve()));
  // Started the way the web does: on this runner's connection.
  const [connection] = await expectEventually(() =>
    app.db.select({ id: websocketConnections.id }).from(websocketConnections).where(eq(websocketConnections.socketId, runner.id ?? "")),
  );
  const started = await post(app, webToken, `/api/dsbot/${dsbotId}/start`, { websocketConnectionId: connection?.id });
  if (started.statusCode !== 200) throw new Error(`start failed: ${started.body}`);
  return {
    controls,
    reconnected,
    close: () => {
      botSocket?.disconnect();
      runner.disconnect();
    },
  };
}

async function expectEventually<T>(read: () => Promise<T[]>): Promise<T[]> {
  let rows: T[] = [];
  await expect.poll(async () => (rows = await read()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return rows;
}
