// The security matrix (docs/SECURITY.md): the roles, object kinds and access rules, the shape of a route row
// (rows are in route-rows.ts: one per route as Fastify registers it, saying who may call it and how
// to build a request that only access can refuse), and one row per socket event.
// apps/server/src/security-matrix.test.ts walks the live route table against these rows, so a new
// route fails the suite until it has its row here, and a new socket event does not compile until it
// has one (the event table is a Record over ClientToServerEvents).
import type { BotStatus, ClientToServerEvents, RealtimeMessage, SocketAck, SocketOrigin } from "@dsbot/protocol";
import { serverDay } from "@dsbot/protocol";
import { and, eq, like, sql } from "drizzle-orm";
import type { App } from "../../src/app.js";
import { botActivity, botScavenge, botTroops, botUsage, botVillages, dsbotLogs, incomings, notifications, websocketConnections } from "../../src/db/schema.js";
import { getBotRow } from "../../src/modules/dsbots/dsbots.service.js";

/** The CORS origin the matrix app allows, so the preflight route answers as in production. */
export const ALLOWED_ORIGIN = "http://matrix.example";
/** The code the matrix's e-mail channels wait for. */
export const MATRIX_EMAIL_CODE = "424242";

// ---------------------------------------------------------------------------------------------
// Roles and objects

/** Everyone a per-object route is called as. */
export const roles = ["owner", "grantee", "revokedGrantee", "stranger", "admin", "anonymous"] as const;
export type Role = (typeof roles)[number];
export type UserRole = Exclude<Role, "anonymous">;
export const userRoles = roles.filter((r): r is UserRole => r !== "anonymous");

/** What a fixture of each object kind carries. Bots, notifications, sessions and runners belong to the owner. */
export interface Fixtures {
  /** Owned by the owner, granted to the grantee, granted to and revoked from the revoked grantee; the owner's runner announced it. */
  bot: { id: number; name: string; connectionId: number };
  notification: { id: number };
  /** A second web session of the owner (not the one the owner's requests use). */
  session: { id: number };
  /** A runner token of the owner. */
  runner: { id: number };
  /** A user nobody in the matrix is (admin routes on another user), with one runner token. */
  user: { id: number; runnerId: number };
  /** An open tab request of the owner. */
  tabRequest: { id: number };
  /** An incoming command seen by a bot of the owner (a `bot` fixture: granted to the grantee). */
  incoming: { id: number };
  /** An incoming the owner pasted from an SOS text. */
  pastedIncoming: { id: number };
  /**
   * An attack plan of the owner on the matrix world with one attack, shared with the grantee to read
   * (granted to and revoked from the revoked grantee).
   */
  plan: { id: number; attackId: number };
  /** A builder template of the owner. */
  template: { id: number };
  /**
   * A tribe on a world of its own that the owner leads, with the grantee and one more user (`memberId`)
   * as members and one open invitation; the revoked grantee was a member and was removed. The other
   * member has an incoming on the board and an open support request.
   */
  tribe: { id: number; inviteId: number; memberId: number; incomingId: number; requestId: number };
  /** An alert channel (a webhook) of the owner. */
  alertChannel: { id: number };
  emailChannel: { id: number };
}
export type ObjectKind = keyof Fixtures;

/**
 * Who sees and who manages an object of each kind. The rest get 404 (the object "does not exist" for
 * them); a role that sees but may not manage gets 403 on managing routes.
 */
export const objectAccess: Record<ObjectKind, { see: readonly UserRole[]; manage: readonly UserRole[] }> = {
  bot: { see: ["owner", "grantee", "admin"], manage: ["owner", "admin"] },
  // Admins do not see other users' notifications, sessions or runner tokens through the owner's routes.
  notification: { see: ["owner"], manage: ["owner"] },
  session: { see: ["owner"], manage: ["owner"] },
  runner: { see: ["owner"], manage: ["owner"] },
  // Only reachable through the admin routes: access "admin" (403 for everyone else).
  user: { see: ["admin"], manage: ["admin"] },
  // A tab request is its user's alone, admins included.
  tabRequest: { see: ["owner"], manage: ["owner"] },
  // Whoever sees the bot sees (and may tag) its incomings; a pasted one is its user's alone.
  incoming: { see: ["owner", "grantee", "admin"], manage: ["owner", "admin"] },
  pastedIncoming: { see: ["owner"], manage: ["owner"] },
  // The grantee may only read: every write is "manage" here (403 for the grantee). An edit grant's
  // writes, and that it still may not delete or share, are in modules/attack-plans/attack-plans.test.ts.
  plan: { see: ["owner", "grantee", "admin"], manage: ["owner", "admin"] },
  // Builder templates are personal, admins included.
  template: { see: ["owner"], manage: ["owner"] },
  // Members see their tribe, admins every tribe; only its Anführer (the owner) manages it.
  tribe: { see: ["owner", "grantee", "admin"], manage: ["owner"] },
  // Alert channels are personal, admins included: their secrets are their owner's.
  alertChannel: { see: ["owner"], manage: ["owner"] },
  emailChannel: { see: ["owner"], manage: ["owner"] },
};

/**
 * Who may call a route: anyone (`public`), any signed-in user (`user`), admins only (`admin`: 403 for
 * other users), or whoever may `see` / `manage` the route's object (404 / 403 for others).
 * Without a token every route but the public ones answers 401.
 */
export type Access = "public" | "user" | "admin" | "see" | "manage";

// ---------------------------------------------------------------------------------------------
// What a row's request builder gets

export interface Person {
  id: number;
  username: string;
}

/** The test world the builders may use (implemented in world.ts). */
export interface World {
  app: App;
  person(role: UserRole): Person;
  /** A user none of the roles is (grant target, lookup target, login credentials). */
  third: Person & { password: string };
  /** A unique marker: bot player names and notification texts carry one, so leaks can be traced. */
  marker(): string;
  /** The role's runner token (paired through the device flow), for the routes a runner or the userscript calls. */
  runnerToken(role: UserRole): string;
  /** A fresh client address (the per-IP limits of the device flow). */
  address(): string;
  pendingDeviceCode(): Promise<{ deviceCode: string; userCode: string }>;
  /** A device code the third user approved, ready to be redeemed. */
  approvedDeviceCode(): Promise<{ deviceCode: string }>;
  /**
   * `startedBy`: whose runner was told to start the bot (only its bot socket is accepted);
   * `protectedSince`: the game's bot protection holds it since then (a "Gelöst" needs it).
   */
  setBotStatus(botId: number, status: BotStatus | null, startedBy?: UserRole, protectedSince?: Date | null): Promise<void>;
  /** Grant straight in the database: no notification, no log, no socket re-check. */
  grantInDatabase(botId: number, userId: number): Promise<void>;
  resetModules(botId: number): Promise<void>;
}

/** Who makes the call: `null` for anonymous. */
export interface Caller extends Person {
  role: UserRole;
  password: string | null;
}

export interface Target<F> {
  world: World;
  role: Role;
  caller: Caller | null;
  fixture: F;
}

export interface CallSpec {
  /** Values for the route's `:params`. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** For wildcard routes (`*`): the concrete path to call. */
  path?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "OPTIONS";

export interface RowBase<F> {
  method: HttpMethod;
  /** Exactly as Fastify registers it. */
  url: string;
  /** Tells several rows of one route apart (e.g. a notification for oneself vs. for another user). */
  variant?: string;
  access: Access;
  /** The answer of a caller who may. */
  ok: number;
  /** Exceptions to the answers `access` implies. */
  expect?: Partial<Record<Role, number>>;
  /**
   * Which session the call uses: the role's own (default), a fresh one of the role's user (the call
   * ends it: logout), or a fresh user of the role's kind (the call signs its user out elsewhere).
   */
  caller?: "session" | "fresh-session" | "fresh-user";
  /** Put the object into the state the call needs (a bot online for pause …), before every call. */
  prepare?: (t: Target<F>) => Promise<void>;
  request: (t: Target<F>) => CallSpec | Promise<CallSpec>;
  /**
   * A message every successful call sends to the website sockets of the object's owner (or of the
   * caller): the test waits for it there, then checks that no socket that may not see it heard of it.
   */
  event?: { to: "owner" | "caller"; match: (message: RealtimeMessage, t: Target<F>, answer: unknown) => boolean };
  /** The call creates a bot or notification; tracked so no socket but its seers hears of it. */
  creates?: {
    kind: "bot" | "notification";
    id: (answer: unknown) => number;
    /** Who may hear of it besides admins for bots; default: the caller. */
    seers?: (t: Target<F>) => UserRole[];
  };
}

/** A row as the test walks it (object kind erased). */
export interface MatrixRow extends RowBase<Fixtures[ObjectKind] | undefined> {
  object?: ObjectKind;
  /** A new object for every call (the call destroys it or uses it up); otherwise one per row. */
  fresh?: boolean;
}

export function route(row: RowBase<undefined>): MatrixRow {
  return row as MatrixRow;
}

export function perObject<K extends ObjectKind>(object: K, row: RowBase<Fixtures[K]> & { fresh?: boolean }): MatrixRow {
  return { ...(row as unknown as MatrixRow), object };
}

/** The answer a role gets, from the row's access rule (and its exceptions). */
export function expectedStatus(row: MatrixRow, role: Role): number {
  const exception = row.expect?.[role];
  if (exception !== undefined) return exception;
  if (role === "anonymous") return row.access === "public" ? row.ok : 401;
  switch (row.access) {
    case "public":
    case "user":
      return row.ok;
    case "admin":
      return role === "admin" ? row.ok : 403;
    case "see":
    case "manage": {
      if (!row.object) throw new Error(`${row.method} ${row.url}: access "${row.access}" needs an object kind`);
      const rule = objectAccess[row.object];
      if (!rule.see.includes(role)) return 404;
      if (row.access === "manage" && !rule.manage.includes(role)) return 403;
      return row.ok;
    }
  }
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
export const rowName = (r: MatrixRow) => `${routeKey(r)}${r.variant ? ` (${r.variant})` : ""}`;

// ---------------------------------------------------------------------------------------------
// Socket events: what each client→server event needs, and whether it took effect

export interface EventTarget {
  app: App;
  bot: Fixtures["bot"];
  /** The id of the socket that sent the event. */
  socketId: string;
  /** Unique per emit: lets the effect be found in the database. */
  marker: string;
  /** The bot's status before the emit. */
  statusBefore: BotStatus | null;
}

export interface SocketEventRow {
  /** The one origin whose sockets may send it (the server registers it for that origin only). */
  origin: Exclude<SocketOrigin, "website">;
  /** The arguments before the acknowledgement callback. */
  args: (t: EventTarget) => unknown[];
  /** Did it act on the bot (stored, changed, announced or disclosed it)? `ack` is undefined when none came. */
  tookEffect: (ack: SocketAck | undefined, t: EventTarget) => Promise<boolean>;
}

/** Report the other of online/paused than the bot has, so a report that takes effect always changes it. */
const otherStatus = (status: BotStatus | null): "online" | "paused" => (status === "online" ? "paused" : "online");

/** A number (0 … 999,999) standing for a marker string. */
function markerNumber(marker: string): number {
  let n = 0;
  for (const ch of marker) n = (n * 31 + ch.charCodeAt(0)) % 1_000_000;
  return n;
}

/**
 * Every client→server event. A Record over ClientToServerEvents: an event added to the protocol does
 * not compile until it has a row, and the test fails if the server handles an event not listed here.
 */
export const socketEventMatrix: Record<keyof ClientToServerEvents, SocketEventRow> = {
  "runner:hello": {
    origin: "bot-user",
    args: (t) => [{ name: "Matrix-PC", version: "1.0.0", bots: [t.bot.id] }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db
        .select()
        .from(websocketConnections)
        .where(and(eq(websocketConnections.dsbotId, t.bot.id), eq(websocketConnections.socketId, t.socketId)));
      const hello = ack as SocketAck<{ accepted: number[] }> | undefined;
      const accepted = hello?.ok === true && hello.accepted.includes(t.bot.id);
      return accepted || rows.length > 0;
    },
  },
  "runner:bots": {
    origin: "bot-user",
    args: () => [],
    tookEffect: async (ack, t) => {
      const list = ack as SocketAck<{ bots: { id: number }[] }> | undefined;
      return list?.ok === true && list.bots.some((b) => b.id === t.bot.id);
    },
  },
  "bot:status": {
    origin: "bot",
    args: (t) => [{ status: otherStatus(t.statusBefore) }],
    tookEffect: async (ack, t) => {
      const row = await getBotRow(t.app.db, t.bot.id);
      return !!ack?.ok || row?.status === otherStatus(t.statusBefore);
    },
  },
  "bot:log": {
    origin: "bot",
    args: (t) => [{ level: "info", message: t.marker }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(dsbotLogs).where(eq(dsbotLogs.message, t.marker));
      return !!ack?.ok || rows.length > 0;
    },
  },
  "bot:time": {
    origin: "bot",
    args: () => [],
    tookEffect: async (ack) => !!ack?.ok,
  },
  "bot:attacks": {
    origin: "bot",
    args: () => [{ withinMs: 60_000 }],
    tookEffect: async (ack) => !!ack?.ok,
  },
  // No attack is claimed here: past the access check the report is judged (409 for an attack that is
  // not this bot's); a socket without access is refused before (404) and cut off.
  "bot:attack-result": {
    origin: "bot",
    args: (t) => [{ attackId: 999_999, ok: false, error: t.marker }],
    tookEffect: async (ack) => ack !== undefined && (ack.ok || ack.error.code !== "not_found"),
  },
  "bot:troops": {
    origin: "bot",
    args: (t) => [{ scannedAt: Date.UTC(2026, 0, 5), villages: [{ villageId: 1, x: 500, y: 500, name: t.marker, units: { spear: 1 } }] }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(botTroops).where(eq(botTroops.name, t.marker));
      return !!ack?.ok || rows.length > 0;
    },
  },
  // The report's village id carries the marker (as a number), so only this call's row is looked for.
  "bot:scavenge": {
    origin: "bot",
    args: (t) => [{ scannedAt: Date.now(), villages: [{ villageId: markerNumber(t.marker) + 1, options: [{ option: 1, state: "free", until: null, haul: null }] }] }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(botScavenge).where(sql`${botScavenge.villages} @> ${JSON.stringify([{ villageId: markerNumber(t.marker) + 1 }])}::jsonb`);
      return !!ack?.ok || rows.length > 0;
    },
  },
  "bot:incomings": {
    origin: "bot",
    args: (t) => [
      {
        scannedAt: Date.now(),
        incomings: [
          { commandId: 1, origin: { villageId: null, x: 510, y: 510, name: null, playerName: "Feind" }, target: { villageId: 1, x: 500, y: 500, name: t.marker }, arrivesAt: Date.now() + 3_600_000, label: "Angriff" },
        ],
      },
    ],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(incomings).where(eq(incomings.targetName, t.marker));
      return !!ack?.ok || rows.length > 0;
    },
  },
  "bot:villages": {
    origin: "bot",
    args: (t) => [
      {
        // Near the server's clock: a scan time more than a day off is refused.
        scannedAt: Date.now(),
        last: true,
        villages: [
          {
            villageId: 1,
            x: 500,
            y: 500,
            name: t.marker,
            units: { spear: 1 },
            state: { points: 26, buildings: { main: 1 }, resources: { wood: 1, stone: 1, iron: 1 }, storageCapacity: 1000, population: { used: 1, max: 240 }, buildQueue: [], recruitQueue: [] },
          },
        ],
      },
    ],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(botVillages).where(eq(botVillages.name, t.marker));
      return !!ack?.ok || rows.length > 0;
    },
  },
  // A template of the bot's owner: only what the socket may see comes back (a revoked socket is cut off first).
  "bot:templates": {
    origin: "bot",
    args: () => [{ ids: [1, 2, 3] }],
    tookEffect: async (ack) => !!ack?.ok,
  },
  // The report's hour count carries the marker (as a number), so only this call's row is looked for.
  "bot:usage": {
    origin: "bot",
    args: (t) => [{ requestsLastHour: markerNumber(t.marker), budgetPerHour: 1200, captchasLast24h: 0, throttled: false }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(botUsage).where(sql`(${botUsage.usage}->>'requestsLastHour')::int = ${markerNumber(t.marker)}`);
      return !!ack?.ok || rows.length > 0;
    },
  },
  "bot:activity": {
    origin: "bot",
    args: (t) => [
      { day: serverDay(Date.now(), "Europe/Berlin"), session: "matrix-session", haul: { wood: 0, stone: 0, iron: 0 }, buildings: markerNumber(t.marker), units: {}, attacks: 0 },
    ],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(botActivity).where(eq(botActivity.buildings, markerNumber(t.marker)));
      return !!ack?.ok || rows.length > 0;
    },
  },
  "bot:needs-player": {
    origin: "bot",
    args: (t) => [{ reason: "captcha", message: t.marker }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(notifications).where(like(notifications.message, `%${t.marker}%`));
      return !!ack?.ok || rows.length > 0;
    },
  },
  // The alert it raises names the marker (the pause itself stays from an earlier call).
  "bot:protection": {
    origin: "bot",
    args: (t) => [{ message: t.marker }],
    tookEffect: async (ack, t) => {
      const rows = await t.app.db.select().from(notifications).where(like(notifications.message, `%${t.marker}%`));
      return !!ack?.ok || rows.length > 0;
    },
  },
};
