// Bot test helpers: bots through the real API, runners paired through the real device flow, and
// real socket.io clients against a listening app that record what they receive.
import type {
  BotResponse,
  DeviceResponse,
  DeviceTokenResponse,
  Dsbot,
  RealtimeMessage,
  RealtimeMessageData,
  RealtimeMessageType,
  SocketAck,
  TokenScope,
} from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import type { Socket } from "socket.io-client";
import type { App } from "../src/app.js";
import { websocketConnections } from "../src/db/schema.js";
import { bearer, knownWorld } from "./factories.js";

let botSequence = 0;

export async function createBot(app: App, token: string, overrides: Partial<{ name: string; world: string }> = {}): Promise<Dsbot> {
  botSequence += 1;
  const world = { server: "die-staemme.de", world: overrides.world ?? "de230" };
  await knownWorld(app, world);
  const response = await app.fastify.inject({
    method: "POST",
    url: "/api/dsbot",
    headers: bearer(token),
    payload: { dsPlayer: { name: overrides.name ?? `Spieler ${botSequence}` }, world },
  });
  if (response.statusCode !== 201) throw new Error(`bot create failed: ${response.statusCode} ${response.body}`);
  return response.json<BotResponse>().dsbot;
}

/** Device flow end to end: the runner asks, the web user approves, the runner redeems. */
let pairings = 0;

/** Each pairing comes from its own address, as runners on different PCs would: the per-IP code limit stays out of the way. */
export async function pairRunner(app: App, webToken: string, name = "Test-PC", scope?: TokenScope): Promise<{ token: string; runnerId: number }> {
  pairings += 1;
  const remoteAddress = `10.77.${Math.floor(pairings / 250) % 250}.${(pairings % 250) + 1}`;
  const asked = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/device", payload: { name, ...(scope ? { scope } : {}) }, remoteAddress });
  if (asked.statusCode !== 200) throw new Error(`device failed: ${asked.body}`);
  const device = asked.json<DeviceResponse>();
  const approved = await app.fastify.inject({
    method: "POST",
    url: "/api/dsbot-auth/approve",
    headers: bearer(webToken),
    payload: { userCode: device.userCode },
  });
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  const redeemed = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/token", payload: { deviceCode: device.deviceCode } });
  if (redeemed.statusCode !== 200) throw new Error(`token failed: ${redeemed.body}`);
  return { token: redeemed.json<DeviceTokenResponse>().token, runnerId: approved.json<{ runner: { id: number } }>().runner.id };
}

export async function listen(app: App): Promise<string> {
  await app.fastify.listen({ port: 0, host: "127.0.0.1" });
  const address = app.fastify.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

export interface Received {
  event: string;
  payload: unknown;
}

/** A socket that records every event it receives, with a way to wait for one. */
export interface TestSocket {
  socket: Socket;
  received: Received[];
  /** Resolves "connected" or the connect_error message. */
  outcome: Promise<string>;
  waitFor<T = unknown>(event: string, match?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  messages<K extends RealtimeMessageType>(type: K): { type: K; data: RealtimeMessageData<K> }[];
  disconnected(): Promise<string>;
}

export function openSocket(url: string, auth: object, sockets?: TestSocket[]): TestSocket {
  const socket = connect(url, { transports: ["websocket"], reconnection: false, auth });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    for (const check of waiters) check();
  });
  const outcome = new Promise<string>((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error) => resolve(error.message));
  });
  const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
  const test: TestSocket = {
    socket,
    received,
    outcome,
    waitFor<T>(event: string, match: (payload: T) => boolean = () => true, timeoutMs = 5000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const hit = received.find((r) => r.event === event && match(r.payload as T));
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.payload as T);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.payload))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    messages<K extends RealtimeMessageType>(type: K) {
      return received
        .filter((r) => r.event === "message" && (r.payload as RealtimeMessage).type === type)
        .map((r) => r.payload as { type: K; data: RealtimeMessageData<K> });
    },
    disconnected() {
      return Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve("still connected"), 5000))]);
    },
  };
  sockets?.push(test);
  return test;
}

/** Wait for a message of a type whose data matches. */
export function waitForMessage<K extends RealtimeMessageType>(
  test: TestSocket,
  type: K,
  match: (data: RealtimeMessageData<K>) => boolean = () => true,
): Promise<{ type: K; data: RealtimeMessageData<K> }> {
  return test.waitFor<{ type: K; data: RealtimeMessageData<K> }>("message", (m) => m.type === type && match(m.data));
}

export function ack<T extends object>(test: TestSocket, event: string, ...args: unknown[]): Promise<SocketAck<T>> {
  return test.socket.timeout(5000).emitWithAck(event, ...args) as Promise<SocketAck<T>>;
}

/** Give in-flight events a moment to arrive before asserting that none did. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bot of the token's user, started the real way: runner paired and announced, start requested,
 * bot socket connected and reported online.
 */
export async function runningBot(
  app: App,
  url: string,
  webToken: string,
  sockets: TestSocket[],
  name?: string,
): Promise<{ bot: Dsbot; runner: TestSocket; botSocket: TestSocket; runnerToken: string }> {
  const bot = await createBot(app, webToken, name ? { name } : {});
  return { bot, ...(await startBotOnRunner(app, url, webToken, bot.id, sockets)) };
}

/**
 * Starts an existing bot on a new runner of the token's user (the owner's, or a grantee's): paired and
 * announced, start requested with that runner's connection, bot socket connected and reported online.
 */
export async function startBotOnRunner(
  app: App,
  url: string,
  webToken: string,
  botId: number,
  sockets: TestSocket[],
): Promise<{ runner: TestSocket; botSocket: TestSocket; runnerToken: string }> {
  const { token: runnerToken } = await pairRunner(app, webToken);
  const runner = openSocket(url, { token: runnerToken, origin: "bot-user" }, sockets);
  if ((await runner.outcome) !== "connected") throw new Error("runner did not connect");
  const hello = await ack<{ accepted: number[] }>(runner, "runner:hello", { name: "Test-PC", version: "1.0.0", bots: [botId] });
  if (!hello.ok || !hello.accepted.includes(botId)) throw new Error(`hello failed: ${JSON.stringify(hello)}`);
  // The bot may be announced by other runners too (its owner's): start it on this one's connection.
  const [connection] = await app.db
    .select({ id: websocketConnections.id })
    .from(websocketConnections)
    .where(and(eq(websocketConnections.dsbotId, botId), eq(websocketConnections.socketId, runner.socket.id ?? "")));
  const started = await app.fastify.inject({
    method: "POST",
    url: `/api/dsbot/${botId}/start`,
    headers: bearer(webToken),
    payload: { websocketConnectionId: connection?.id },
  });
  if (started.statusCode !== 200) throw new Error(`start failed: ${started.body}`);
  const botSocket = openSocket(url, { token: runnerToken, origin: "bot", dsbotId: botId }, sockets);
  if ((await botSocket.outcome) !== "connected") throw new Error("bot did not connect");
  await botSocket.waitFor("bot:config");
  const online = await ack(botSocket, "bot:status", { status: "online" });
  if (!online.ok) throw new Error(`online failed: ${JSON.stringify(online)}`);
  return { runner, botSocket, runnerToken };
}
