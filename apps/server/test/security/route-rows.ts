// The route rows of the security matrix: one per route as Fastify registers it
// (`METHOD url`), saying who may call it and how to build a request that only access can refuse.
// apps/server/src/security-matrix.test.ts walks the live route table against them, so a new route
// fails the suite until it has its row here.
import type { RealtimeMessage } from "@dsbot/protocol";
import { defaultWorld, emptyPlayerSkillLevels } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { attackPlanPermissions, attackPlans, dsbotPermissions, playerSkills, worlds } from "../../src/db/schema.js";
import { MATRIX_ATTACK, matrixWorldId, smallWorld, worldUpload } from "../worlds.js";
import type { CallSpec, Fixtures, MatrixRow, RowBase, Target } from "./matrix.js";
import { ALLOWED_ORIGIN, perObject, route } from "./matrix.js";
import { alertRows } from "./route-rows-alerts.js";
import { tribeRows } from "./route-rows-tribes.js";

// ---------------------------------------------------------------------------------------------
// Message helpers for `event`

const botStatusOf = (botId: number) => (m: RealtimeMessage) => m.type === "botUpdateStatus" && m.data.dsbot.id === botId;
const idOf = (answer: unknown, key: string) => ((answer as Record<string, { id: number }>)[key] as { id: number }).id;

// ---------------------------------------------------------------------------------------------
// The route matrix

const noBody = (): CallSpec => ({});
const skillsWorld = { worldServer: defaultWorld.server, worldWorld: defaultWorld.world };
const bot = (t: Target<Fixtures["bot"]>): CallSpec => ({ params: { id: t.fixture.id } });
const online = (t: Target<Fixtures["bot"]>) => t.world.setBotStatus(t.fixture.id, "online");
const plan = (t: Target<Fixtures["plan"]>): CallSpec => ({ params: { id: t.fixture.id } });
/** The matrix world as a plan names it. */
async function matrixWorld(app: Parameters<typeof matrixWorldId>[0]) {
  const [row] = await app.db.select().from(worlds).where(eq(worlds.id, await matrixWorldId(app)));
  return { server: row?.server ?? "", world: row?.world ?? "" };
}
const matrixJson = () => JSON.stringify({ format: "dsbot-attack-plan", version: 1, attacks: [{ ...MATRIX_ATTACK, unit: "spear", priority: 3 }] });
/** One attack from 500|500 on 510|490, arriving in 2030. */
const plannerBody = (save: boolean) => ({
  attackers: { kind: "coords", text: "500|500" },
  targets: "510|490",
  settings: {
    window: { from: MATRIX_ATTACK.arrival, to: MATRIX_ATTACK.arrival + 3_600_000 },
    counts: { attack: 1 },
    templates: { attack: { spear: 10 } },
  },
  save,
});
/** A plan on the default world of the given user, shared read-only with `readBy`, in the Offplaner Scanner of the fixture bot. */
async function planOf(t: Target<Fixtures["bot"]>, owner: "owner" | "third", readBy?: "grantee"): Promise<{ botId: number; planId: number }> {
  const { db } = t.world.app;
  const ownerId = owner === "third" ? t.world.third.id : t.world.person(owner).id;
  const [row] = await db.insert(attackPlans).values({ ownerId, name: t.world.marker(), worldServer: defaultWorld.server, worldWorld: defaultWorld.world }).returning();
  if (!row) throw new Error("no plan");
  if (readBy) await db.insert(attackPlanPermissions).values({ planId: row.id, userId: t.world.person(readBy).id, level: "read" });
  return { botId: t.fixture.id, planId: row.id };
}
const scannerWith = ({ botId, planId }: { botId: number; planId: number }): CallSpec => ({
  params: { id: botId },
  body: { moduleName: "attack-planner-scanner", module: { enabled: true, attackPlanIds: [planId] } },
});
const withConnection = (t: Target<Fixtures["bot"]>): CallSpec => ({ params: { id: t.fixture.id }, body: { websocketConnectionId: t.fixture.connectionId } });

/** A bot action (any seer may): the bot is put into the status it needs, and its owner hears the new one. */
function botAction(
  action: "start" | "stop" | "force-stop" | "pause" | "resume" | "protection-solved",
  prepare: NonNullable<RowBase<Fixtures["bot"]>["prepare"]>,
  request: (t: Target<Fixtures["bot"]>) => CallSpec = bot,
): MatrixRow {
  return perObject("bot", {
    method: "POST",
    url: `/api/dsbot/:id/${action}`,
    access: "see",
    ok: 200,
    prepare,
    request,
    event: { to: "owner", match: (m, t) => botStatusOf(t.fixture.id)(m) },
  });
}

export const routeMatrix: MatrixRow[] = [
  // --- public
  route({
    method: "OPTIONS",
    url: "*",
    access: "public",
    ok: 204,
    request: () => ({ path: "/api/dsbot", headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "GET" } }),
  }),
  route({ method: "GET", url: "/*", access: "public", ok: 200, request: () => ({ path: "/" }) }),
  route({ method: "GET", url: "/api/health", access: "public", ok: 200, request: noBody }),
  route({ method: "GET", url: "/api/client-config", access: "public", ok: 200, request: noBody }),
  // Prometheus metrics (the matrix app sets DSBOT_METRICS_TOKEN; without it the route does not exist). Not
  // in the protocol's route table: plain text outside /api/, for a scraper, not the JSON API. No session
  // opens it, an admin's included: only the token, which modules/metrics/metrics.test.ts checks.
  route({ method: "GET", url: "/metrics", access: "public", ok: 401, request: noBody }),
  route({ method: "GET", url: "/api/downloads/:type/file", access: "public", ok: 200, request: () => ({ params: { type: "dsbot" } }) }),
  route({
    method: "POST",
    url: "/api/auth/login",
    access: "public",
    ok: 200,
    request: ({ world }) => ({ body: { username: world.third.username, password: world.third.password } }),
  }),
  route({
    method: "POST",
    url: "/api/dsbot-auth/device",
    access: "public",
    ok: 200,
    request: ({ world }) => ({ body: { name: "Matrix-PC" }, remoteAddress: world.address() }),
  }),
  route({
    method: "POST",
    url: "/api/dsbot-auth/token",
    access: "public",
    ok: 200,
    request: async ({ world }) => ({ body: { deviceCode: (await world.approvedDeviceCode()).deviceCode } }),
  }),

  // --- any signed-in user: the own account
  route({ method: "POST", url: "/api/auth/logout", access: "user", ok: 204, caller: "fresh-session", request: noBody }),
  route({ method: "GET", url: "/api/auth/me", access: "user", ok: 200, request: noBody }),
  route({ method: "PATCH", url: "/api/profile", access: "user", ok: 200, request: () => ({ body: { world: defaultWorld } }) }),
  route({
    method: "POST",
    url: "/api/profile/password",
    access: "user",
    ok: 204,
    caller: "fresh-user",
    request: ({ caller }) => ({ body: { currentPassword: caller?.password ?? "passwort-123", newPassword: "neues-passwort-456" } }),
  }),
  route({ method: "GET", url: "/api/profile/sessions", access: "user", ok: 200, request: noBody }),
  route({
    method: "GET",
    url: "/api/users/lookup",
    access: "user",
    ok: 200,
    request: ({ world }) => ({ query: { username: world.third.username } }),
  }),
  route({ method: "POST", url: "/api/search", access: "user", ok: 200, request: () => ({ body: { searchVal: "MX" } }) }),
  route({ method: "GET", url: "/api/downloads", access: "user", ok: 200, request: noBody }),
  route({ method: "GET", url: "/api/ds-player-skills", access: "user", ok: 200, request: noBody }),
  route({
    method: "PUT",
    url: "/api/ds-player-skills",
    access: "user",
    ok: 200,
    request: () => ({ body: { playerName: "Matrix", world: defaultWorld, skills: { ...emptyPlayerSkillLevels, freundschaft: 10 } } }),
  }),
  route({
    method: "DELETE",
    url: "/api/ds-player-skills",
    access: "user",
    ok: 204,
    // Each caller deletes its own saved player: the skills are never another user's.
    prepare: async ({ world, caller }) => {
      if (!caller) return;
      await world.app.db
        .insert(playerSkills)
        .values({ userId: caller.id, ...skillsWorld, playerName: "Matrix", playerNameKey: "matrix", skills: emptyPlayerSkillLevels })
        .onConflictDoNothing();
    },
    request: () => ({ body: { playerName: "MATRIX", world: defaultWorld } }),
  }),

  // --- any signed-in user: collections of the own objects
  route({ method: "GET", url: "/api/dsbot", access: "user", ok: 200, request: () => ({ query: { websocketConnections: "true" } }) }),
  route({
    method: "POST",
    url: "/api/dsbot",
    access: "user",
    ok: 201,
    request: ({ world }) => ({ body: { dsPlayer: { name: world.marker() }, world: defaultWorld } }),
    creates: { kind: "bot", id: (answer) => idOf(answer, "dsbot") },
  }),
  route({ method: "GET", url: "/api/websocket-connections", access: "user", ok: 200, request: noBody }),
  route({
    method: "POST",
    url: "/api/dsbot-auth/approve",
    access: "user",
    ok: 200,
    request: async ({ world }) => ({ body: { userCode: (await world.pendingDeviceCode()).userCode } }),
  }),
  route({
    method: "POST",
    url: "/api/dsbot-auth/deny",
    access: "user",
    ok: 204,
    request: async ({ world }) => ({ body: { userCode: (await world.pendingDeviceCode()).userCode } }),
  }),
  route({ method: "GET", url: "/api/dsbot-auth/tokens", access: "user", ok: 200, request: noBody }),
  route({ method: "GET", url: "/api/user-notifications", access: "user", ok: 200, request: noBody }),
  route({
    method: "POST",
    url: "/api/user-notifications",
    variant: "for oneself",
    access: "user",
    ok: 201,
    request: ({ world }) => ({ body: { title: "Matrix", message: world.marker() } }),
    event: { to: "caller", match: (m, _t, answer) => m.type === "notification-created" && m.data.notification.id === idOf(answer, "notification") },
    creates: { kind: "notification", id: (answer) => idOf(answer, "notification") },
  }),
  route({
    method: "POST",
    url: "/api/user-notifications",
    variant: "for another user",
    access: "admin",
    ok: 201,
    request: ({ world }) => ({ body: { title: "Matrix", message: world.marker(), userId: world.third.id } }),
    // Only the third user (no role, no socket) may hear of it: not even the admin who sent it.
    creates: { kind: "notification", id: (answer) => idOf(answer, "notification"), seers: () => [] },
  }),
  route({ method: "POST", url: "/api/user-notifications/mark-as-read", access: "user", ok: 200, request: noBody }),

  // --- tab requests: each user's own
  route({ method: "GET", url: "/api/tab-requests", access: "user", ok: 200, request: noBody }),

  // --- war room: each sees the incomings and troops of the bots they may see and their own pastes
  route({ method: "GET", url: "/api/incomings", access: "user", ok: 200, request: noBody }),
  route({ method: "GET", url: "/api/troops", access: "user", ok: 200, request: noBody }),
  route({ method: "GET", url: "/api/troops/scavenge", access: "user", ok: 200, request: noBody }),
  route({ method: "GET", url: "/api/dashboard", access: "user", ok: 200, request: noBody }),
  // The matrix users' world has no imported data: past the access check the import says so (400).
  route({ method: "POST", url: "/api/incomings/import", access: "user", ok: 400, request: () => ({ body: { text: "[b]Angegriffenes Dorf[/b]" } }) }),
  route({ method: "POST", url: "/api/troops/import", access: "user", ok: 400, request: () => ({ body: { text: "eigene" } }) }),
  route({ method: "DELETE", url: "/api/troops/pasted", access: "user", ok: 204, request: noBody }),
  route({ method: "DELETE", url: "/api/incomings/pasted", access: "user", ok: 204, request: noBody }),
  perObject("incoming", { method: "PATCH", url: "/api/incomings/:id", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id }, body: { tag: "Matrix" } }) }),
  perObject("pastedIncoming", { method: "DELETE", url: "/api/incomings/:id", access: "manage", ok: 204, fresh: true, request: (t) => ({ params: { id: t.fixture.id } }) }),

  // --- worlds: public game data, read by everyone signed in; admins add worlds and import their files
  route({ method: "GET", url: "/api/worlds", access: "user", ok: 200, request: noBody }),
  route({
    method: "POST",
    url: "/api/worlds",
    access: "admin",
    ok: 201,
    request: ({ world }) => ({ body: { server: "die-staemme.de", world: world.marker().toLowerCase() } }),
  }),
  route({
    method: "POST",
    url: "/api/worlds/:id/import",
    access: "admin",
    ok: 200,
    request: async ({ world }) => {
      const upload = worldUpload(smallWorld);
      return { params: { id: await matrixWorldId(world.app) }, body: upload.payload, headers: upload.headers };
    },
  }),
  route({
    method: "PATCH",
    url: "/api/worlds/:id",
    access: "admin",
    ok: 200,
    request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app) }, body: { syncEnabled: true } }),
  }),
  // The test app's DSBOT_WORLD_SOURCE is a port fetch refuses: the sync fails at once, answering 200 with the error.
  route({ method: "POST", url: "/api/worlds/:id/sync", access: "admin", ok: 200, request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app) } }) }),
  route({ method: "GET", url: "/api/worlds/:id/villages", access: "user", ok: 200, request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app) } }) }),
  route({
    method: "GET",
    url: "/api/worlds/:id/players",
    access: "user",
    ok: 200,
    request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app) }, query: { searchVal: "an" } }),
  }),
  route({
    method: "GET",
    url: "/api/worlds/:id/allies",
    access: "user",
    ok: 200,
    request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app) }, query: { searchVal: "erst" } }),
  }),
  route({ method: "GET", url: "/api/worlds/:id/owners", access: "user", ok: 200, request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app) } }) }),
  route({
    method: "GET",
    url: "/api/worlds/:id/villages/:villageId",
    access: "user",
    ok: 200,
    request: async ({ world }) => ({ params: { id: await matrixWorldId(world.app), villageId: 1 } }),
  }),

  // --- admins only
  route({ method: "GET", url: "/api/users", access: "admin", ok: 200, request: () => ({ query: { perPage: "100" } }) }),
  route({
    method: "POST",
    url: "/api/users",
    access: "admin",
    ok: 201,
    request: ({ world }) => ({ body: { username: `mx_${world.marker()}`, password: "passwort-123", role: "user", world: defaultWorld } }),
  }),
  perObject("user", { method: "GET", url: "/api/users/:id", access: "admin", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("user", { method: "GET", url: "/api/users/:id/dsbots", access: "admin", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("user", {
    method: "PATCH",
    url: "/api/users/:id",
    access: "admin",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { world: defaultWorld } }),
  }),
  perObject("user", { method: "DELETE", url: "/api/users/:id", access: "admin", ok: 204, fresh: true, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("user", { method: "DELETE", url: "/api/users/:id/sessions", access: "admin", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("user", {
    method: "DELETE",
    url: "/api/users/:id/runners/:runnerId",
    access: "admin",
    ok: 204,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id, runnerId: t.fixture.runnerId } }),
  }),

  // --- the owner's own objects: nobody else, admins included
  perObject("session", { method: "DELETE", url: "/api/profile/sessions/:id", access: "see", ok: 204, fresh: true, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("runner", { method: "DELETE", url: "/api/dsbot-auth/tokens/:id", access: "see", ok: 204, fresh: true, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("notification", {
    method: "POST",
    url: "/api/user-notifications/:id/mark-as-read",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id } }),
  }),
  perObject("notification", {
    method: "DELETE",
    url: "/api/user-notifications/:id",
    access: "see",
    ok: 204,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id } }),
  }),

  // --- builder templates: the caller's own
  route({ method: "GET", url: "/api/account-manager/templates", access: "user", ok: 200, request: noBody }),
  route({
    method: "POST",
    url: "/api/account-manager/templates",
    access: "user",
    ok: 201,
    request: () => ({ body: { name: `Matrix ${Math.random().toString(36).slice(2)}`, steps: [{ building: "wood", level: 1 }] } }),
  }),
  perObject("template", { method: "GET", url: "/api/account-manager/templates/:id", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("template", {
    method: "PUT",
    url: "/api/account-manager/templates/:id",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { name: t.world.marker(), steps: [{ building: "stone", level: 3 }] } }),
  }),
  perObject("template", {
    method: "DELETE",
    url: "/api/account-manager/templates/:id",
    access: "manage",
    ok: 204,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id } }),
  }),

  // The userscript's read-only overview: only the caller's own data, with a web session or (as the
  // script calls it) with the caller's runner token; without one, 401.
  route({ method: "GET", url: "/api/userscript/overview", access: "user", ok: 200, request: () => ({ query: { ...defaultWorld, village: "1" } }) }),
  route({
    method: "GET",
    url: "/api/userscript/overview",
    variant: "runner token",
    access: "user",
    ok: 200,
    request: ({ world, caller }) => ({ query: { ...defaultWorld, village: "1" }, ...(caller ? { headers: { authorization: `Bearer ${world.runnerToken(caller.role)}` } } : {}) }),
  }),

  perObject("tabRequest", {
    method: "POST",
    url: "/api/tab-requests/:id/done",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id } }),
  }),

  // --- bots: owner, grantees and admins see them; owner and admins manage them
  perObject("bot", { method: "GET", url: "/api/dsbot/:id", access: "see", ok: 200, request: bot }),
  perObject("bot", {
    method: "PATCH",
    url: "/api/dsbot/:id",
    access: "manage",
    ok: 200,
    // Player and world change only while the bot is not running.
    prepare: (t) => t.world.setBotStatus(t.fixture.id, null),
    request: (t) => ({ params: { id: t.fixture.id }, body: { notes: "Matrix-Notiz", world: defaultWorld } }),
  }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/connections", access: "see", ok: 200, request: bot }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/village-states", access: "see", ok: 200, request: bot }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/usage", access: "see", ok: 200, request: bot }),
  perObject("bot", {
    method: "DELETE",
    url: "/api/dsbot/:id",
    access: "manage",
    ok: 204,
    fresh: true,
    request: bot,
    // The owner's runner had announced it: its audience hears the connection go.
    event: { to: "owner", match: (m, t) => m.type === "bot-user-connection-deleted" && m.data.dsbotId === t.fixture.id },
  }),
  botAction("start", (t) => t.world.setBotStatus(t.fixture.id, null), withConnection),
  botAction("stop", online, withConnection),
  botAction("force-stop", online),
  botAction("pause", online),
  botAction("resume", (t) => t.world.setBotStatus(t.fixture.id, "paused")),
  botAction("protection-solved", (t) => t.world.setBotStatus(t.fixture.id, "paused", undefined, new Date())),
  perObject("bot", {
    method: "POST",
    url: "/api/dsbot/:id/toggle-module",
    access: "see",
    ok: 200,
    prepare: (t) => t.world.resetModules(t.fixture.id),
    request: (t) => ({ params: { id: t.fixture.id }, body: { moduleName: "timer" } }),
  }),
  perObject("bot", {
    method: "GET",
    url: "/api/dsbot/:id/module",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, query: { moduleName: "timer" } }),
  }),
  perObject("bot", {
    method: "POST",
    url: "/api/dsbot/:id/module",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { moduleName: "timer", module: {} } }),
  }),
  perObject("bot", {
    method: "POST",
    url: "/api/dsbot/:id/module",
    variant: "Raubzug per run with units kept home",
    access: "see",
    ok: 200,
    prepare: (t) => t.world.resetModules(t.fixture.id),
    request: (t) => ({ params: { id: t.fixture.id }, body: { moduleName: "scavenge", module: { enabled: true, measure: "run", maxMinutes: 90, keepHome: { spear: 10 } } } }),
  }),
  // The Offplaner Scanner takes only plans the caller and the bot's owner may edit.
  perObject("bot", {
    method: "POST",
    url: "/api/dsbot/:id/module",
    variant: "Offplaner Scanner with a plan of the bot's owner that the grantee may only read",
    access: "see",
    ok: 200,
    expect: { grantee: 400 },
    prepare: (t) => t.world.resetModules(t.fixture.id),
    request: async (t) => scannerWith(await planOf(t, "owner", "grantee")),
  }),
  perObject("bot", {
    method: "POST",
    url: "/api/dsbot/:id/module",
    variant: "Offplaner Scanner with a plan of the third user: the bot's owner may not edit it, so not even an admin may add it",
    access: "see",
    ok: 400,
    prepare: (t) => t.world.resetModules(t.fixture.id),
    request: async (t) => scannerWith(await planOf(t, "third")),
  }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/permissions", access: "see", ok: 200, request: bot }),
  perObject("bot", {
    method: "POST",
    url: "/api/dsbot/:id/permission/user/:userId",
    access: "manage",
    ok: 204,
    // A real grant each time: nobody but the role under test has given the third user access.
    prepare: async (t) => {
      const { id } = t.fixture;
      await t.world.app.db.delete(dsbotPermissions).where(and(eq(dsbotPermissions.dsbotId, id), eq(dsbotPermissions.userId, t.world.third.id)));
    },
    request: (t) => ({ params: { id: t.fixture.id, userId: t.world.third.id } }),
  }),
  perObject("bot", {
    method: "DELETE",
    url: "/api/dsbot/:id/permission/user/:userId",
    access: "manage",
    ok: 204,
    // A real revoke each time: the third user holds a grant before every call.
    prepare: (t) => t.world.grantInDatabase(t.fixture.id, t.world.third.id),
    request: (t) => ({ params: { id: t.fixture.id, userId: t.world.third.id } }),
  }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/logs", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id }, query: { perPage: "10" } }) }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/villages", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/scanner-plans", access: "see", ok: 200, request: bot }),
  perObject("bot", { method: "GET", url: "/api/dsbot/:id/renamer-preview", access: "see", ok: 200, request: bot }),

  // --- attack plans: owner, grantees and admins see them; the matrix's grantee only reads, so every
  // write is "manage" (owner and admins) here
  route({ method: "GET", url: "/api/attack-plans", access: "user", ok: 200, request: () => ({ query: { sortBy: "-nextSendTime" } }) }),
  route({
    method: "POST",
    url: "/api/attack-plans",
    access: "user",
    ok: 201,
    request: async ({ world }) => ({ body: { name: world.marker(), world: await matrixWorld(world.app) } }),
  }),
  perObject("plan", { method: "GET", url: "/api/attack-plans/:id", access: "see", ok: 200, request: plan }),
  perObject("plan", {
    method: "PATCH",
    url: "/api/attack-plans/:id",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { name: t.world.marker() } }),
  }),
  perObject("plan", { method: "DELETE", url: "/api/attack-plans/:id", access: "manage", ok: 204, fresh: true, request: plan }),
  perObject("plan", {
    method: "GET",
    url: "/api/attack-plans/:id/attacks",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, query: { sortBy: "-attacker", searchVal: "500|", statusFilter: "planned,due" } }),
  }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/attacks",
    access: "manage",
    ok: 201,
    request: (t) => ({ params: { id: t.fixture.id }, body: MATRIX_ATTACK }),
  }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/attacks/train",
    access: "manage",
    ok: 201,
    request: (t) => ({ params: { id: t.fixture.id }, body: { ...MATRIX_ATTACK, type: "conquer", units: { snob: 1 }, nobles: 2, spacingMs: 100 } }),
  }),
  perObject("plan", {
    method: "PUT",
    url: "/api/attack-plans/:id/attacks/:attackId",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id, attackId: t.fixture.attackId }, body: { ...MATRIX_ATTACK, priority: 1 } }),
  }),
  perObject("plan", {
    method: "DELETE",
    url: "/api/attack-plans/:id/attacks/:attackId",
    access: "manage",
    ok: 204,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id, attackId: t.fixture.attackId } }),
  }),
  perObject("plan", {
    method: "GET",
    url: "/api/attack-plans/:id/villages",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, query: { coords: "500|500" } }),
  }),
  perObject("plan", {
    method: "GET",
    url: "/api/attack-plans/:id/village-troops",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, query: { coords: "500|500" } }),
  }),
  perObject("plan", { method: "GET", url: "/api/attack-plans/:id/lines", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/attacks/bulk",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { action: "priority", selection: { ids: [t.fixture.attackId] }, priority: 2 } }),
  }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/import",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { format: "json", text: matrixJson() } }),
  }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/export",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: { format: "bbcode" } }),
  }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/planner",
    variant: "preview",
    access: "see",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: plannerBody(false) }),
  }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/planner",
    variant: "save",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id }, body: plannerBody(true) }),
  }),
  perObject("plan", { method: "GET", url: "/api/attack-plans/:id/permissions", access: "see", ok: 200, request: plan }),
  perObject("plan", {
    method: "POST",
    url: "/api/attack-plans/:id/permission/user/:userId",
    access: "manage",
    ok: 204,
    // A real grant each time: nobody but the role under test has given the third user access.
    prepare: async (t) => {
      const { id } = t.fixture;
      await t.world.app.db.delete(attackPlanPermissions).where(and(eq(attackPlanPermissions.planId, id), eq(attackPlanPermissions.userId, t.world.third.id)));
    },
    request: (t) => ({ params: { id: t.fixture.id, userId: t.world.third.id }, body: { level: "edit" } }),
  }),
  perObject("plan", {
    method: "DELETE",
    url: "/api/attack-plans/:id/permission/user/:userId",
    access: "manage",
    ok: 204,
    // A real revoke each time: the third user holds a grant before every call.
    prepare: async (t) => {
      await t.world.app.db.insert(attackPlanPermissions).values({ planId: t.fixture.id, userId: t.world.third.id, level: "read" }).onConflictDoNothing();
    },
    request: (t) => ({ params: { id: t.fixture.id, userId: t.world.third.id } }),
  }),

  ...tribeRows,
  ...alertRows,
];
