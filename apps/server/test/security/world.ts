// The security matrix's world: one user per role, logged in once, each with a website socket and a
// runner socket that record everything they receive; object factories per kind; and the realtime
// bookkeeping — which bot or notification each socket may hear of, and a fence that proves every
// message sent before it has arrived (a server emit on the same connection is delivered in order).
import type { BotStatus, MeResponse, RealtimeMessage } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { App } from "../../src/app.js";
import { MATRIX_EMAIL_CODE } from "./matrix.js";
import { alertChannels, builderTemplates, dsbotPermissions, dsbots, incomings, tabRequests, tribeMembers, tribeSupportRequests, tribes, websocketConnections, worlds } from "../../src/db/schema.js";
import type { UserRow } from "../../src/db/schema.js";
import { secretBoxOf } from "../../src/modules/alerts/secret-box.js";
import { createSession } from "../../src/modules/auth/sessions.service.js";
import { approveDeviceCode, startDeviceFlow } from "../../src/modules/dsbot-auth/device-flow.service.js";
import { defaultModules } from "../../src/modules/dsbots/bot-modules.js";
import { createInvite } from "../../src/modules/tribes/tribe-invites.service.js";
import { getUser } from "../../src/modules/users/users.service.js";
import type { Received, TestSocket } from "../bots.js";
import { ack, createBot, openSocket, pairRunner } from "../bots.js";
import { bearer, createUser, knownWorld, loginAdmin, loginAs } from "../factories.js";
import { MATRIX_ATTACK, matrixWorldId } from "../worlds.js";
import type { Caller, Fixtures, ObjectKind, Person, UserRole, World } from "./matrix.js";
import { objectAccess, userRoles } from "./matrix.js";

const FENCE_EVENT = "matrix:fence";
/** Markers look like MX12x: found in any payload by this pattern, never a prefix of one another. */
const MARKER_PATTERN = /MX\d+x/g;

/** The first marker in a value (an answer naming a created bot or notification). */
export function markerIn(value: unknown): string | undefined {
  return new RegExp(MARKER_PATTERN.source).exec(JSON.stringify(value) ?? "")?.[0];
}

interface Watched {
  role: UserRole;
  name: "website" | "runner";
  socket: TestSocket;
}

interface Tracked {
  kind: "bot" | "notification";
  id: number;
  marker: string | undefined;
  seers: Set<UserRole>;
  /** Seers whose access ended: per socket, from which event on they must hear nothing more. */
  hidden: Map<UserRole, Map<TestSocket, number>>;
  /** Per socket: how many events it had received when the object came to be; later ones count. */
  since: Map<TestSocket, number>;
}

interface Mentions {
  bots: Set<number>;
  notifications: Set<number>;
  markers: Set<string>;
}

/** Which bots and notifications a payload names: by id field or by the marker in a name or text. */
function mentionsOf(payload: unknown): Mentions {
  const found: Mentions = { bots: new Set(), notifications: new Set(), markers: new Set() };
  const idIn = (value: unknown) => (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "number" ? (value as { id: number }).id : undefined);
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      for (const match of value.matchAll(MARKER_PATTERN)) found.markers.add(match[0]);
    } else if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "dsbotId" && typeof inner === "number") found.bots.add(inner);
        const id = idIn(inner);
        if (key === "dsbot" && id !== undefined) found.bots.add(id);
        if (key === "notification" && id !== undefined) found.notifications.add(id);
        walk(inner);
      }
    }
  };
  walk(payload);
  return found;
}

export interface CallerSession {
  caller: Caller | null;
  token: string | null;
}

export interface MatrixWorld extends World {
  url: string;
  token(role: UserRole): string;
  website: Record<UserRole, TestSocket>;
  runner: Record<UserRole, TestSocket>;
  /** A new object of the kind, in the relationships the matrix describes, tracked for leaks. */
  fixture<K extends ObjectKind>(kind: K): Promise<Fixtures[K]>;
  /** The session a call runs in (see MatrixRow.caller). */
  session(role: UserRole | "anonymous", mode: "session" | "fresh-session" | "fresh-user"): Promise<CallerSession>;
  /** A socket outside the watched ones (closed at the end). */
  open(auth: object): TestSocket;
  /** Resolves once every watched socket has received everything the server sent it before. */
  fence(): Promise<void>;
  /** How many events each watched socket has received so far. */
  snapshot(): Map<TestSocket, number>;
  track(kind: "bot" | "notification", id: number, marker: string | undefined, seers: Iterable<UserRole>, since: Map<TestSocket, number>): void;
  /** The role may no longer see the object: from now on (call after a fence) its sockets must hear nothing of it. */
  hide(kind: "bot" | "notification", id: number, role: UserRole): void;
  /** Every event a watched socket received about a tracked object its role may not see. */
  leaks(): string[];
  /** The leaks not returned by an earlier call: what the calls since then caused. */
  newLeaks(): string[];
  /** Wait for a new `message` (one not among `before`) on the socket. */
  waitForMessage(socket: TestSocket, before: Set<unknown>, match: (m: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
  closeSockets(): void;
}

export async function createWorld(app: App, url: string): Promise<MatrixWorld> {
  const { db } = app;
  const rows = {} as Record<UserRole, UserRow>;
  const tokens = {} as Record<UserRole, string>;
  for (const role of userRoles) {
    if (role === "admin") continue;
    const user = await createUser(app);
    rows[role] = user;
    tokens[role] = await loginAs(app, user);
  }
  tokens.admin = await loginAdmin(app);
  // The rows' new bots and users are on the default world, which must be known.
  await knownWorld(app);
  const me = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(tokens.admin) });
  rows.admin = await getUser(db, me.json<MeResponse>().user.id);
  const thirdRow = await createUser(app);

  const extra: TestSocket[] = [];
  const watched: Watched[] = [];
  const runnerTokens = {} as Record<UserRole, string>;
  const runnerIds = {} as Record<UserRole, number>;
  const website = {} as Record<UserRole, TestSocket>;
  const runner = {} as Record<UserRole, TestSocket>;
  for (const role of userRoles) {
    ({ token: runnerTokens[role], runnerId: runnerIds[role] } = await pairRunner(app, tokens[role], `Matrix-${role}`));
    website[role] = openSocket(url, { token: tokens[role], origin: "website" });
    runner[role] = openSocket(url, { token: runnerTokens[role], origin: "bot-user" });
    watched.push({ role, name: "website", socket: website[role] }, { role, name: "runner", socket: runner[role] });
  }
  for (const w of watched) {
    const outcome = await w.socket.outcome;
    if (outcome !== "connected") throw new Error(`${w.role}'s ${w.name} socket: ${outcome}`);
  }

  let markers = 0;
  let addresses = 0;
  let fences = 0;
  let tribeWorlds = 0;
  const byBot = new Map<number, Tracked>();
  const byNotification = new Map<number, Tracked>();
  const byMarker = new Map<string, Tracked>();
  const mentionCache = new WeakMap<Received, Mentions>();
  const reported = new Set<string>();

  const person = (role: UserRole): Person => ({ id: rows[role].id, username: rows[role].username });
  const inject = (role: UserRole, method: "POST" | "DELETE", path: string, payload?: object) =>
    app.fastify.inject({ method, url: path, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });
  const expectStatus = (what: string, response: { statusCode: number; body: string }, status: number) => {
    if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  };
  const pendingDeviceCode = async () => startDeviceFlow(db, "Matrix-PC");

  async function approvedRunner(user: UserRow): Promise<number> {
    const { userCode } = await pendingDeviceCode();
    return (await approveDeviceCode(db, user, userCode)).id;
  }

  // Pasted incomings are unique per owner, origin, target and arrival (incomings_paste_idx): two made
  // within one millisecond (PostgreSQL is that fast) arrive a millisecond apart.
  let incomingSeq = 0;
  async function insertIncoming(owner: { dsbotId: number } | { userId: number }, worldWorld = "de999"): Promise<number> {
    incomingSeq += 1;
    const [row] = await db
      .insert(incomings)
      .values({
        ...owner,
        worldServer: "die-staemme.de",
        worldWorld,
        originX: 510,
        originY: 490,
        targetX: 500,
        targetY: 500,
        targetName: world.marker(),
        arrivalAt: new Date(Date.now() + 86_400_000 + incomingSeq),
        firstSeenAt: new Date(),
        distance: Math.hypot(10, 10),
        kind: "attack",
        kindReason: "",
      })
      .returning({ id: incomings.id });
    if (!row) throw new Error("no incoming");
    return row.id;
  }

  /** One factory per object kind: a kind added to Fixtures does not compile without one. */
  const factories: { [K in ObjectKind]: () => Promise<Fixtures[K]> } = {
    async bot() {
      const name = world.marker();
      // Everything sent from here on counts; the revoked grantee may hear of the bot until its revoke.
      const since = world.snapshot();
      const { id } = await createBot(app, tokens.owner, { name });
      expectStatus("grant", await inject("owner", "POST", `/api/dsbot/${id}/permission/user/${rows.grantee.id}`), 204);
      expectStatus("grant", await inject("owner", "POST", `/api/dsbot/${id}/permission/user/${rows.revokedGrantee.id}`), 204);
      expectStatus("revoke", await inject("owner", "DELETE", `/api/dsbot/${id}/permission/user/${rows.revokedGrantee.id}`), 204);
      await world.fence();
      world.track("bot", id, name, [...objectAccess.bot.see, "revokedGrantee"], since);
      world.hide("bot", id, "revokedGrantee");
      const hello = await ack<{ accepted: number[] }>(runner.owner, "runner:hello", { name: "Matrix-PC", version: "1.0.0", bots: [id] });
      if (!hello.ok || !hello.accepted.includes(id)) throw new Error(`hello: ${JSON.stringify(hello)}`);
      const [connection] = await db
        .select({ id: websocketConnections.id })
        .from(websocketConnections)
        .where(and(eq(websocketConnections.dsbotId, id), eq(websocketConnections.socketId, runner.owner.socket.id ?? "")));
      if (!connection) throw new Error("the owner's runner has no connection to the bot");
      return { id, name, connectionId: connection.id };
    },
    async notification() {
      const marker = world.marker();
      const since = world.snapshot();
      const created = await inject("owner", "POST", "/api/user-notifications", { title: "Matrix", message: marker });
      expectStatus("notification", created, 201);
      const { id } = created.json<{ notification: { id: number } }>().notification;
      world.track("notification", id, marker, objectAccess.notification.see, since);
      return { id };
    },
    session: async () => ({ id: (await createSession(db, rows.owner.id, { userAgent: "matrix", ip: null })).session.id }),
    runner: async () => ({ id: await approvedRunner(rows.owner) }),
    async user() {
      const user = await createUser(app);
      return { id: user.id, runnerId: await approvedRunner(user) };
    },
    async plan() {
      const worldId = await matrixWorldId(app);
      const [worldRow] = await db.select().from(worlds).where(eq(worlds.id, worldId));
      const created = await inject("owner", "POST", "/api/attack-plans", { name: world.marker(), world: { server: worldRow?.server, world: worldRow?.world } });
      expectStatus("plan", created, 201);
      const { id } = created.json<{ attackPlan: { id: number } }>().attackPlan;
      const attack = await inject("owner", "POST", `/api/attack-plans/${id}/attacks`, MATRIX_ATTACK);
      expectStatus("attack", attack, 201);
      expectStatus("grant", await inject("owner", "POST", `/api/attack-plans/${id}/permission/user/${rows.grantee.id}`, { level: "read" }), 204);
      expectStatus("grant", await inject("owner", "POST", `/api/attack-plans/${id}/permission/user/${rows.revokedGrantee.id}`, { level: "edit" }), 204);
      expectStatus("revoke", await inject("owner", "DELETE", `/api/attack-plans/${id}/permission/user/${rows.revokedGrantee.id}`), 204);
      return { id, attackId: attack.json<{ attack: { id: number } }>().attack.id };
    },
    async incoming() {
      const bot = await factories.bot();
      return { id: await insertIncoming({ dsbotId: bot.id }) };
    },
    pastedIncoming: async () => ({ id: await insertIncoming({ userId: rows.owner.id }) }),
    async alertChannel() {
      const sealed = (await secretBoxOf(app.ctx.config)).seal(JSON.stringify({ signingKey: world.marker() }));
      const [row] = await db
        .insert(alertChannels)
        .values({ userId: rows.owner.id, kind: "webhook", name: world.marker(), settings: { url: "http://127.0.0.1:9/matrix" }, sealed })
        .returning({ id: alertChannels.id });
      if (!row) throw new Error("no alert channel");
      return { id: row.id };
    },
    /** An e-mail channel waiting for its code (MATRIX_EMAIL_CODE). */
    async emailChannel() {
      const secrets = { code: MATRIX_EMAIL_CODE, expiresAt: Date.now() + 3_600_000, tries: 0 };
      const sealed = (await secretBoxOf(app.ctx.config)).seal(JSON.stringify(secrets));
      const [row] = await db
        .insert(alertChannels)
        .values({ userId: rows.owner.id, kind: "email", name: world.marker(), settings: { address: "matrix@example.org" }, sealed, enabled: false })
        .returning({ id: alertChannels.id });
      if (!row) throw new Error("no e-mail channel");
      return { id: row.id };
    },
    async template() {
      const name = world.marker();
      const [row] = await db
        .insert(builderTemplates)
        .values({ userId: rows.owner.id, name, nameKey: name.toLowerCase(), steps: [{ building: "main", level: 2 }] })
        .returning({ id: builderTemplates.id });
      if (!row) throw new Error("no template");
      return { id: row.id };
    },
    async tribe() {
      // A world of its own per tribe: the owner may lead only one tribe per world.
      tribeWorlds += 1;
      const place = { worldServer: "die-staemme.de", worldWorld: `mx${tribeWorlds}` };
      const [tribe] = await db.insert(tribes).values({ ...place, name: world.marker(), tag: `MX${tribeWorlds}`, tagKey: `mx${tribeWorlds}` }).returning({ id: tribes.id });
      if (!tribe) throw new Error("no tribe");
      const member = await createUser(app);
      const memberRow = (userId: number, role: "leader" | "member") => ({ tribeId: tribe.id, userId, ...place, role });
      await db
        .insert(tribeMembers)
        .values([memberRow(rows.owner.id, "leader"), memberRow(rows.grantee.id, "member"), memberRow(rows.revokedGrantee.id, "member"), memberRow(member.id, "member")]);
      expectStatus("remove", await inject("owner", "DELETE", `/api/tribes/${tribe.id}/members/${rows.revokedGrantee.id}`), 200);
      const { invite } = await createInvite(db, tribe.id, rows.owner.id, { expiresInHours: 1, maxUses: null });
      // The other member's pasted incoming on the board, and an open support request for another of theirs.
      const incomingId = await insertIncoming({ userId: member.id }, place.worldWorld);
      const asked = await insertIncoming({ userId: member.id }, place.worldWorld);
      const [request] = await db
        .insert(tribeSupportRequests)
        .values({ tribeId: tribe.id, memberId: member.id, incomingId: asked, targetX: 500, targetY: 501, attackArrivalAt: new Date(Date.now() + 86_400_000), neededBy: new Date(Date.now() + 86_000_000), need: { kind: "population", population: 100 } })
        .returning({ id: tribeSupportRequests.id });
      if (!request) throw new Error("no support request");
      return { id: tribe.id, inviteId: invite.id, memberId: member.id, incomingId, requestId: request.id };
    },
    async tabRequest() {
      const [row] = await db
        .insert(tabRequests)
        .values({ userId: rows.owner.id, kind: "player", reason: "captcha", message: world.marker() })
        .returning({ id: tabRequests.id });
      if (!row) throw new Error("no tab request");
      return { id: row.id };
    },
  };

  const world: MatrixWorld = {
    app,
    url,
    person,
    third: { id: thirdRow.id, username: thirdRow.username, password: thirdRow.password },
    marker: () => `MX${++markers}x`,
    address: () => {
      addresses += 1;
      return `10.99.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
    },
    pendingDeviceCode,
    async approvedDeviceCode() {
      const code = await pendingDeviceCode();
      await approveDeviceCode(db, thirdRow, code.userCode);
      return { deviceCode: code.deviceCode };
    },
    async setBotStatus(botId: number, status: BotStatus | null, startedBy?: UserRole, protectedSince: Date | null = null) {
      await db
        .update(dsbots)
        .set({ status, startedByRunnerTokenId: startedBy ? runnerIds[startedBy] : null, protectedSince })
        .where(eq(dsbots.id, botId));
    },
    async grantInDatabase(botId: number, userId: number) {
      await db.insert(dsbotPermissions).values({ dsbotId: botId, userId, grantedBy: rows.owner.id }).onConflictDoNothing();
    },
    async resetModules(botId: number) {
      await db.update(dsbots).set({ modules: defaultModules() }).where(eq(dsbots.id, botId));
    },
    token: (role) => tokens[role],
    runnerToken: (role) => runnerTokens[role],
    website,
    runner,

    fixture: <K extends ObjectKind>(kind: K) => factories[kind](),

    async session(role, mode) {
      if (role === "anonymous") return { caller: null, token: null };
      if (mode === "session") return { caller: { ...person(role), role, password: null }, token: tokens[role] };
      if (mode === "fresh-session") {
        const { token } = await createSession(db, rows[role].id, { userAgent: "matrix", ip: null });
        return { caller: { ...person(role), role, password: null }, token };
      }
      const user = await createUser(app, { role: role === "admin" ? "admin" : "user" });
      const { token } = await createSession(db, user.id, { userAgent: "matrix", ip: null });
      return { caller: { id: user.id, username: user.username, role, password: user.password }, token };
    },

    open(auth) {
      return openSocket(url, auth, extra);
    },

    async fence() {
      fences += 1;
      const n = fences;
      const live = watched.filter((w) => w.socket.socket.connected);
      const ids = live.map((w) => w.socket.socket.id).filter((id): id is string => id !== undefined);
      // A test-only event name: the typed server does not know it.
      (app.io as unknown as { to(rooms: string[]): { emit(event: string, n: number): void } }).to(ids).emit(FENCE_EVENT, n);
      await Promise.all(live.map((w) => w.socket.waitFor<number>(FENCE_EVENT, (payload) => payload === n)));
    },

    snapshot() {
      return new Map(watched.map((w) => [w.socket, w.socket.received.length]));
    },

    track(kind, id, marker, seers, since) {
      const entry: Tracked = { kind, id, marker, seers: new Set(seers), hidden: new Map(), since };
      (kind === "bot" ? byBot : byNotification).set(id, entry);
      if (marker) byMarker.set(marker, entry);
    },

    hide(kind, id, role) {
      const entry = (kind === "bot" ? byBot : byNotification).get(id);
      if (!entry) throw new Error(`${kind} ${id} is not tracked`);
      entry.hidden.set(role, world.snapshot());
    },

    leaks() {
      const found: string[] = [];
      for (const w of watched) {
        w.socket.received.forEach((received, index) => {
          let mentions = mentionCache.get(received);
          if (!mentions) {
            mentions = mentionsOf(received.payload);
            mentionCache.set(received, mentions);
          }
          const about = new Set<Tracked>();
          for (const id of mentions.bots) if (byBot.has(id)) about.add(byBot.get(id) as Tracked);
          for (const id of mentions.notifications) if (byNotification.has(id)) about.add(byNotification.get(id) as Tracked);
          for (const marker of mentions.markers) if (byMarker.has(marker)) about.add(byMarker.get(marker) as Tracked);
          for (const object of about) {
            if (index < (object.since.get(w.socket) ?? 0)) continue;
            const hiddenSince = object.hidden.get(w.role)?.get(w.socket);
            if (object.seers.has(w.role) && (hiddenSince === undefined || index < hiddenSince)) continue;
            found.push(`${w.role}'s ${w.name} socket got ${received.event} about ${object.kind} ${object.id}: ${JSON.stringify(received.payload)}`);
          }
        });
      }
      return found;
    },

    newLeaks() {
      const fresh = world.leaks().filter((leak) => !reported.has(leak));
      for (const leak of fresh) reported.add(leak);
      return fresh;
    },

    async waitForMessage(socket, before, match) {
      try {
        return await socket.waitFor<RealtimeMessage>("message", (m) => !before.has(m) && typeof m === "object" && match(m));
      } catch {
        const owner = watched.find((w) => w.socket === socket);
        const got = socket.received.filter((r) => r.event === "message" && !before.has(r.payload)).map((r) => JSON.stringify(r.payload));
        throw new Error(`the expected message never reached ${owner ? `${owner.role}'s ${owner.name}` : "the"} socket; it got: ${got.join(", ") || "nothing"}`);
      }
    },

    closeSockets() {
      for (const s of [...watched.map((w) => w.socket), ...extra]) s.socket.disconnect();
    },
  };
  return world;
}
