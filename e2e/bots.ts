// Bot helpers for the e2e specs: a throw-away user with its own bots (created through the real API),
// and a fake runner that pairs through the real device flow and speaks the real socket.io protocol,
// so bot statuses come about the way they do in production (start → starting → online → …).
import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import { io, type Socket } from "socket.io-client";
import { createUser, ensureE2eWorld, expect, loginWith } from "./fixtures";
import { E2E_PORT } from "./users";

const BASE = `http://127.0.0.1:${E2E_PORT}`;

export interface BotOwner {
  username: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

export interface CreatedBot {
  id: number;
  name: string;
}

/** A fresh user (isolated data: it sees only its own bots) with a web token for API setup. */
export async function botOwner(request: APIRequestContext, prefix: string): Promise<BotOwner> {
  const user = await createUser(request, prefix);
  const response = await request.post("/api/auth/login", { data: { username: user.username, password: user.password } });
  expect(response.ok()).toBeTruthy();
  const { token } = (await response.json()) as { token: string };
  return { username: user.username, password: user.password, token, headers: { authorization: `Bearer ${token}` } };
}

export async function createBot(request: APIRequestContext, owner: BotOwner, name: string): Promise<CreatedBot> {
  // The owner may come from the demo world's helpers: de231 must be known before a bot goes there.
  await ensureE2eWorld(request);
  const response = await request.post("/api/dsbot", {
    headers: owner.headers,
    data: { dsPlayer: { name }, world: { server: "die-staemme.de", world: "de231" } },
  });
  expect(response.status()).toBe(201);
  const { dsbot } = (await response.json()) as { dsbot: { id: number } };
  return { id: dsbot.id, name };
}

export async function botStatus(request: APIRequestContext, owner: BotOwner, id: number): Promise<string | null> {
  const response = await request.get(`/api/dsbot/${id}`, { headers: owner.headers });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { dsbot: { status: string | null } }).dsbot.status;
}

export async function loginOwner(page: Page, owner: BotOwner, target = "/bots"): Promise<void> {
  await loginWith(page, owner.username, owner.password, target);
}

/** True for the bot list's GET /api/dsbot?… calls (not /api/dsbot/{id}…). */
export function isBotListRequest(request: Request): boolean {
  const url = new URL(request.url());
  return request.method() === "GET" && url.pathname === "/api/dsbot";
}

export function param(request: Request, name: string): string | null {
  return new URL(request.url()).searchParams.get(name);
}

function connect(auth: object): Promise<Socket> {
  const socket = io(BASE, { transports: ["websocket"], reconnection: false, auth });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(error));
  });
}

async function ack<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return (await socket.timeout(5000).emitWithAck(event, payload)) as T;
}

/** The bot list table. */
export function botTable(page: Page): Locator {
  return page.getByRole("table", { name: "Botliste" });
}

/** The card around the bot list (its pagination, not the bot manager's). */
export function listCard(page: Page): Locator {
  return page.locator(".mantine-Card-root").filter({ has: botTable(page) });
}

/** Player names of the table rows, top to bottom. */
export function playerCells(page: Page): Locator {
  return botTable(page).locator("tbody tr td:first-child a");
}

/** The next bot list request whose query parameter `name` is `value`. */
export function nextListRequest(page: Page, name: string, value: string): Promise<Request> {
  return page.waitForRequest((r) => isBotListRequest(r) && param(r, name) === value);
}


/** A runner paired through the device flow (as the owner approves it on /dsbot-auth). */
export class FakeRunner {
  private readonly sockets: Socket[] = [];
  private runnerSocket: Socket | undefined;
  /** What the server told the runner (runner:command) and the bots (bot:control), in order. */
  readonly received: { event: string; payload: unknown }[] = [];

  private constructor(
    private readonly request: APIRequestContext,
    private readonly owner: BotOwner,
    private readonly runnerToken: string,
  ) {}

  static async pair(request: APIRequestContext, owner: BotOwner, name = "E2E-PC"): Promise<FakeRunner> {
    const device = (await (await request.post("/api/dsbot-auth/device", { data: { name } })).json()) as { deviceCode: string; userCode: string };
    const approved = await request.post("/api/dsbot-auth/approve", { headers: owner.headers, data: { userCode: device.userCode } });
    expect(approved.ok()).toBeTruthy();
    const redeemed = await request.post("/api/dsbot-auth/token", { data: { deviceCode: device.deviceCode } });
    expect(redeemed.ok()).toBeTruthy();
    const { token } = (await redeemed.json()) as { token: string };
    return new FakeRunner(request, owner, token);
  }

  /** Connects as bot-user and announces the bots; answers each bot's bot-user connection id. */
  async hello(bots: CreatedBot[]): Promise<Map<number, number>> {
    const socket = await connect({ token: this.runnerToken, origin: "bot-user" });
    this.sockets.push(socket);
    this.runnerSocket = socket;
    socket.on("runner:command", (payload: unknown) => this.received.push({ event: "runner:command", payload }));
    const answer = await ack<{ ok: boolean; accepted: number[] }>(socket, "runner:hello", {
      name: "E2E-PC",
      version: "1.0.0",
      bots: bots.map((b) => b.id),
    });
    expect(answer.ok).toBe(true);
    expect(answer.accepted.sort()).toEqual(bots.map((b) => b.id).sort());
    const ids = new Map<number, number>();
    for (const bot of bots) {
      const response = await this.request.get(`/api/dsbot/${bot.id}/connections`, { headers: this.owner.headers });
      const { websocketConnections } = (await response.json()) as { websocketConnections: { id: number; origin: string }[] };
      const connection = websocketConnections.find((c) => c.origin === "bot-user");
      expect(connection, `bot-user connection of bot ${bot.id}`).toBeDefined();
      ids.set(bot.id, connection!.id);
    }
    return ids;
  }

  /** The bot itself connects (as the runner would start it) and reports a status. */
  async botReports(botId: number, status: "online" | "paused"): Promise<void> {
    const socket = await connect({ token: this.runnerToken, origin: "bot", dsbotId: botId });
    this.sockets.push(socket);
    socket.on("bot:control", (payload: unknown) => this.received.push({ event: "bot:control", payload }));
    const answer = await ack<{ ok: boolean }>(socket, "bot:status", { status });
    expect(answer).toMatchObject({ ok: true });
  }

  /** The runner goes away (its bot-user connections are removed). */
  disconnectRunner(): void {
    this.runnerSocket?.disconnect();
  }

  close(): void {
    for (const socket of this.sockets.splice(0)) socket.disconnect();
  }
}

/** POST /api/dsbot/{id}/<action> as the owner; expects 200. */
export async function botAction(
  request: APIRequestContext,
  owner: BotOwner,
  id: number,
  action: "start" | "stop" | "force-stop" | "pause" | "resume",
  websocketConnectionId?: number,
): Promise<string | null> {
  const response = await request.post(`/api/dsbot/${id}/${action}`, {
    headers: owner.headers,
    ...(websocketConnectionId === undefined ? {} : { data: { websocketConnectionId } }),
  });
  expect(response.status(), `${action} of bot ${id}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { dsbot: { status: string | null } }).dsbot.status;
}
