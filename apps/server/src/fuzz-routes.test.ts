// The fuzz suite (docs/SECURITY.md, "How it stays true"). Every route of the live route table (new routes join by
// themselves) is called as an admin, as a plain user, without a token and with a garbage
// Authorization header; params, query and body come from the route's zod contract mixed with hostile
// values (NUL, lone surrogates, 1 MB strings, deep nesting, wrong types, `__proto__`), headers vary
// (content types, duplicates, huge values). Then every client→server socket event goes out on real
// runner and bot sockets. Required throughout: never a 5xx, a German JSON error body for every 4xx,
// no write behind a refused request, no error-level log line, no unhandled rejection, the server up.
//
// CI runs DSBOT_FUZZ_RUNS (default below) cases per property with a fixed seed; `npm run fuzz` runs
// many more with a random seed. The seed is printed; the same seed replays the same cases.
import type { ClientToServerEvents } from "@dsbot/protocol";
import {
  apiErrorCodes,
  attackStatusSchema,
  botAttackResultSchema,
  botAttackSchema,
  botAttacksRequestSchema,
  botLogReportSchema,
  botNeedsPlayerSchema,
  botProtectionReportSchema,
  botStatusReportSchema,
  botStatusSchema,
  botIncomingsReportSchema,
  botTemplatesRequestSchema,
  botUsageSchema,
  botActivitySchema,
  botVillagesReportSchema,
  builderStepSchema,
  botTroopsReportSchema,
  botScavengeReportSchema,
  defaultWorld,
  runnerBotSchema,
  runnerHelloSchema,
  socketAuthSchema,
  socketErrors,
  usernameKey,
} from "@dsbot/protocol";
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { and, count, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fuzzBody, fuzzParams, fuzzQuery, fuzzSocketPayload, hostileJsonValue, hostileString, toJson } from "../test/fuzz/arbitraries.js";
import {
  brief,
  changedTables,
  errorBodyProblems,
  encodeSegment,
  fuzzSettings,
  headerValue,
  isGermanish,
  queryString,
  seedFor,
  snapshot,
  timeShares,
  snapshotQuery,
  snapshotTables,
  watchProcess,
} from "../test/fuzz/harness.js";
import type { ProcessWatch } from "../test/fuzz/harness.js";
import type { FuzzUpload } from "../test/fuzz/multipart.js";
import { fuzzUpload } from "../test/fuzz/multipart.js";
import type { TestSocket } from "../test/bots.js";
import { listen, openSocket, runningBot } from "../test/bots.js";
import { captureLog, createTestApp, tempDir } from "../test/test-app.js";
import { smallWorld } from "../test/worlds.js";
import type { RegisteredRoute } from "./app.js";
import { attackPlans, attacks, deviceCodes, dsbotPermissions, dsbots, notifications, runnerTokens, sessions, users, websocketConnections, worlds } from "./db/schema.js";
import { insertAttacks } from "./modules/attack-plans/attack-write.service.js";
import { parseAllies, parsePlayers, parseVillages } from "./modules/worlds/world-records.js";
import { replaceWorldData } from "./modules/worlds/world-import.js";
import { hashPassword } from "./modules/auth/password.js";
import { checkToken, createSession } from "./modules/auth/sessions.service.js";
import { createToken, hashToken } from "./modules/auth/tokens.js";
import { startDeviceFlow } from "./modules/dsbot-auth/device-flow.service.js";
import { createUser as createUserRow } from "./modules/users/users.service.js";

/**
 * CI: sized so the file takes well under a minute on an idle 2-core machine (PGlite or PostgreSQL);
 * the budget caps it on a busy one (properties then stop early, with fewer cases).
 */
const DEFAULT_RUNS = 60;
const DEFAULT_BUDGET_MS = 75_000;
const settings = fuzzSettings(process.env, { runs: DEFAULT_RUNS, budgetMs: DEFAULT_BUDGET_MS });
const FILE = "src/fuzz-routes.test.ts";
const replay = `DSBOT_FUZZ_SEED=${settings.seed} DSBOT_FUZZ_RUNS=${settings.runs} npx vitest run --project server ${FILE}`;
/** vitest's -t takes a pattern over "<describe> <test>". */
const only = (fullName: string) => ` -t '^${fullName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "'\\''")}$'`;

const ALLOWED_ORIGIN = "http://fuzz.example";
const web = tempDir("dsbot-fuzz-web-");
mkdirSync(path.join(web.dir, "assets"));
writeFileSync(path.join(web.dir, "index.html"), "<!doctype html><title>dsbot</title>");
writeFileSync(path.join(web.dir, "assets", "app.js"), "export {};");

const log = captureLog();
// The route table is only known once the app is built, and every route gets its own test.
const app = await createTestApp(
  { logLevel: "warn", allowedOrigins: [ALLOWED_ORIGIN], webDir: web.dir },
  { logStream: log.stream },
);
const { db } = app;
const fingerprint = snapshotQuery(snapshotTables());
let watch: ProcessWatch;
const totals = { http: 0, socket: 0, statuses: new Map<number, number>(), interrupted: [] as string[], handshakes: new Map<string, number>() };
/** Answers per route ("METHOD url" → status → count): printed with DSBOT_FUZZ_REPORT=1. */
const routeStatuses = new Map<string, Map<number, number>>();
const histogram = (counts: Map<number, number>) =>
  [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${n}× ${status}`).join(", ");

beforeAll(() => {
  watch = watchProcess();
  console.info(
    `fuzz: seed ${settings.seed} (${settings.seedSource}), ${settings.runs} cases per property, ` +
      `${settings.budgetMs ? `at most ${settings.budgetMs / 1000} s in all` : "no time limit"}. ` +
      `Same cases again: ${replay}`,
  );
});

afterAll(async () => {
  if (process.env.DSBOT_FUZZ_REPORT === "1") {
    console.info([...routeStatuses].map(([route, counts]) => `  ${route}: ${histogram(counts)}`).join("\n"));
    console.info(`  handshakes: ${[...totals.handshakes].map(([outcome, n]) => `${n}× ${outcome}`).join(", ")}`);
  }
  const cut = totals.interrupted.length > 0 ? `; stopped early by the time budget: ${totals.interrupted.join(", ")}` : "";
  console.info(`fuzz: ${totals.http} HTTP cases (${histogram(totals.statuses)}), ${totals.socket} socket cases, seed ${settings.seed}${cut}`);
  watch?.stop();
  await app.dispose();
  web.remove();
});

// ---------------------------------------------------------------------------------------------
// Log lines and process-wide failures

let logLinesSeen = 0;

function newErrorLogs(): string[] {
  const lines = log.lines();
  const fresh = lines.slice(logLinesSeen);
  logLinesSeen = lines.length;
  return fresh
    .filter((line) => Number(line.level) >= 50)
    .map((line) => `error log: ${brief(line.msg)} ${brief(line.err, 600)}`);
}

// ---------------------------------------------------------------------------------------------
// Fixtures: the callers and something for them to act on, re-created whenever the fuzzer destroyed them

type Role = "admin" | "user";
interface Caller {
  role: Role;
  id: number;
  token: string;
}

const FIXTURE_PASSWORD = "fuzz-passwort-123";
const passwordHash = await hashPassword(FIXTURE_PASSWORD);
const callers: Partial<Record<Role, Caller>> = {};
let userSequence = 0;

async function insertUser(role: Role) {
  userSequence += 1;
  const username = `fuzz_${role}_${userSequence}`;
  const [row] = await db
    .insert(users)
    .values({ username, usernameKey: usernameKey(username), passwordHash, role, worldServer: defaultWorld.server, worldWorld: defaultWorld.world })
    .returning();
  if (!row) throw new Error("user insert returned no row");
  return row;
}

/**
 * A live session of a user of this role. The fuzzer deletes users, changes roles and passwords and
 * revokes sessions, so each case checks its caller and makes a new session or user when needed.
 */
async function caller(role: Role): Promise<Caller> {
  const current = callers[role];
  if (current) {
    const check = await checkToken(db, current.token);
    if (check.ok && check.user.role === role) return current;
  }
  let [user] = current ? await db.select().from(users).where(eq(users.id, current.id)) : [];
  if (!user || user.role !== role) user = await insertUser(role);
  const { token } = await createSession(db, user.id, { userAgent: "fuzz", ip: "127.0.0.1" });
  const fresh = { role, id: user.id, token };
  callers[role] = fresh;
  return fresh;
}

/** Stuck bots are the periodic sweep's business: reset them long before it would write mid-case. */
async function resetTransitions(): Promise<void> {
  await db
    .update(dsbots)
    .set({ status: "offline" })
    .where(and(inArray(dsbots.status, ["starting", "stopping"]), lt(dsbots.updatedAt, new Date(Date.now() - 15_000))));
}

/**
 * Per route: each caller owns two bots (one never started, one online), a runner token with a
 * (socket-less) runner connection to both, notifications and a second session; the user may see one
 * of the admin's bots; a device code waits for approval.
 */
async function replenish(): Promise<void> {
  const admin = await caller("admin");
  const user = await caller("user");
  for (const owner of [admin, user]) {
    const owned = await db.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.ownerId, owner.id)).orderBy(dsbots.id);
    for (let i = owned.length; i < 2; i++) {
      const [bot] = await db
        .insert(dsbots)
        .values({ ownerId: owner.id, playerName: `Fuzz ${owner.role} ${i}`, worldServer: defaultWorld.server, worldWorld: defaultWorld.world, status: i === 0 ? null : "online" })
        .returning({ id: dsbots.id });
      if (bot) owned.push(bot);
    }
    let [runner] = await db
      .select({ id: runnerTokens.id })
      .from(runnerTokens)
      .where(and(eq(runnerTokens.userId, owner.id), isNull(runnerTokens.revokedAt)));
    if (!runner) {
      [runner] = await db.insert(runnerTokens).values({ userId: owner.id, name: "Fuzz-PC", tokenHash: hashToken(createToken()) }).returning({ id: runnerTokens.id });
    }
    for (const bot of runner ? owned : []) {
      const [connection] = await db
        .select({ id: websocketConnections.id })
        .from(websocketConnections)
        .where(and(eq(websocketConnections.dsbotId, bot.id), eq(websocketConnections.runnerTokenId, runner?.id ?? 0)));
      if (!connection && runner) {
        await db.insert(websocketConnections).values({ origin: "bot-user", dsbotId: bot.id, runnerTokenId: runner.id, socketId: `fuzz-no-socket-${runner.id}` });
      }
    }
    const [notes] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, owner.id));
    for (let i = notes?.n ?? 0; i < 2; i++) {
      await db.insert(notifications).values({ userId: owner.id, title: "Fuzz", message: `Nachricht ${i}` });
    }
    const [open] = await db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)));
    if ((open?.n ?? 0) < 2) await createSession(db, owner.id, { userAgent: "fuzz second", ip: "127.0.0.2" });
  }
  const [adminBot] = await db.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.ownerId, admin.id)).limit(1);
  if (adminBot) await db.insert(dsbotPermissions).values({ dsbotId: adminBot.id, userId: user.id }).onConflictDoNothing();
  const [pending] = await db
    .select({ n: count() })
    .from(deviceCodes)
    .where(and(eq(deviceCodes.status, "pending"), gt(deviceCodes.expiresAt, new Date())));
  if ((pending?.n ?? 0) === 0) await startDeviceFlow(db, "Fuzz-PC", "192.0.2.1");
  await db.insert(worlds).values({ server: defaultWorld.server, world: defaultWorld.world }).onConflictDoNothing();
  await replenishPlans([admin, user]);
  await refreshPools();
}

/**
 * The default world holds the small world's villages, and each caller owns an attack plan on it with
 * an attack, so the plan routes get past "not found" and "no villages" (live ids pick plans and attacks).
 */
async function replenishPlans(owners: Caller[]): Promise<void> {
  const [world] = await db.select().from(worlds).where(and(eq(worlds.server, defaultWorld.server), eq(worlds.world, defaultWorld.world)));
  if (!world) return;
  if (world.villageCount === 0) {
    await replaceWorldData(db, world.id, {
      villages: parseVillages(smallWorld["village.txt"]),
      players: parsePlayers(smallWorld["player.txt"]),
      allies: parseAllies(smallWorld["ally.txt"]),
    });
  }
  for (const owner of owners) {
    let [plan] = await db.select({ id: attackPlans.id }).from(attackPlans).where(eq(attackPlans.ownerId, owner.id)).limit(1);
    plan ??= (await db.insert(attackPlans).values({ ownerId: owner.id, name: `Fuzz ${owner.role}`, worldServer: defaultWorld.server, worldWorld: defaultWorld.world }).returning({ id: attackPlans.id }))[0];
    if (!plan) continue;
    const [held] = await db.select({ n: count() }).from(attacks).where(eq(attacks.planId, plan.id));
    if ((held?.n ?? 0) > 0) continue;
    const arrival = new Date(Date.UTC(2030, 0, 1, 12, 0, 0, 123));
    await insertAttacks(db, plan, [
      {
        sourceVillageId: 1,
        sourceName: "Dorf von Anna",
        sourceX: 500,
        sourceY: 500,
        attackerId: 101,
        attackerName: "Anna Apfel",
        targetVillageId: 7,
        targetName: "Bert's Burg",
        targetX: 510,
        targetY: 490,
        defenderId: 102,
        defenderName: "Bert",
        type: "attack",
        units: { spear: 10 },
        unit: "spear",
        sendAt: new Date(arrival.getTime() - 3_600_000),
        arrivalAt: arrival,
        priority: 3,
      },
    ]);
  }
}

/** Ids that exist, per kind: path params pick from these half of the time. */
const pools = new Map<string, number[]>();

async function refreshPools(): Promise<void> {
  const ids = async (
    table: typeof users | typeof dsbots | typeof notifications | typeof sessions | typeof runnerTokens | typeof worlds | typeof attackPlans | typeof attacks,
  ) =>
    (await db.select({ id: table.id }).from(table)).map((row) => row.id);
  pools.set("users", await ids(users));
  pools.set("dsbots", await ids(dsbots));
  pools.set("notifications", await ids(notifications));
  pools.set("sessions", await ids(sessions));
  pools.set("runner_tokens", await ids(runnerTokens));
  pools.set("worlds", await ids(worlds));
  pools.set("attack_plans", await ids(attackPlans));
  pools.set("attacks", await ids(attacks));
  pools.set("any", [...new Set([...pools.values()].flat())]);
  live.usernames = (await db.select({ username: users.username }).from(users)).map((row) => row.username);
  live.userCodes = (await db.select({ code: deviceCodes.userCode }).from(deviceCodes).where(eq(deviceCodes.status, "pending"))).map((row) => row.code);
  live.connections = await db.select({ id: websocketConnections.id, dsbotId: websocketConnections.dsbotId }).from(websocketConnections);
}

/** Values that exist, for body fields a live case fills in (see `liveBody`). */
const live = { usernames: [] as string[], userCodes: [] as string[], connections: [] as { id: number; dsbotId: number }[] };

/**
 * A "live" case fills body fields that name existing things with real values, so the fuzzer also gets
 * past the lookups: ids of connections (of the bot in the path, if any), users, usernames, pending
 * user codes, the fixture users' password, and attack plans for a module save (the Offplaner
 * Scanner). Fields are known by name only, for any route.
 */
function liveBody(body: string | undefined, pick: number, pathIds: number[]): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body ?? "");
  } catch {
    return body;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return body;
  const from = <T>(list: T[]): T | undefined => (list.length > 0 ? list[pick % list.length] : undefined);
  const copy: Record<string, unknown> = { ...value };
  let filled = false;
  for (const key of Object.keys(copy)) {
    let replacement: unknown;
    if (/connectionId$/i.test(key)) {
      const ofBot = live.connections.filter((c) => pathIds.includes(c.dsbotId));
      replacement = from(ofBot.length > 0 ? ofBot : live.connections)?.id;
    } else if (key === "userId") replacement = from(pools.get("users") ?? []);
    else if (key === "username") replacement = from(live.usernames);
    else if (key === "userCode") replacement = from(live.userCodes);
    else if (/password$/i.test(key) && !/^new/i.test(key)) replacement = FIXTURE_PASSWORD;
    else if (key === "module" && "moduleName" in copy) {
      // The Offplaner Scanner with live plan ids (the caller's and another user's) and ids that cannot
      // exist: only plans the caller and the bot's owner may edit are taken.
      copy.moduleName = "attack-planner-scanner";
      const plans = pools.get("attack_plans") ?? [];
      replacement = { enabled: pick % 2 === 0, attackPlanIds: [...new Set([from(plans), plans[(pick + 1) % Math.max(plans.length, 1)], ...(pick % 3 === 0 ? [pick + 1, 2 ** 31] : [])])].filter((id) => id !== undefined) };
    }
    if (replacement === undefined) continue;
    copy[key] = replacement;
    filled = true;
  }
  return filled ? JSON.stringify(copy) : body;
}

/** Which kind of id a path param names, judged by the path segment before it. */
function poolOf(url: string, param: string): string {
  const segment = url.slice(0, url.indexOf(`:${param}`)).split("/").filter(Boolean).at(-1) ?? "";
  if (/^users?$/.test(segment)) return "users";
  if (/dsbot$/.test(segment)) return "dsbots";
  if (/notifications?$/.test(segment)) return "notifications";
  if (/sessions?$/.test(segment)) return "sessions";
  if (/^(tokens?|runners?)$/.test(segment)) return "runner_tokens";
  if (segment === "worlds") return "worlds";
  if (segment === "attack-plans") return "attack_plans";
  if (segment === "attacks") return "attacks";
  return "any";
}

// ---------------------------------------------------------------------------------------------
// HTTP cases

type CallerKind = Role | "anonymous" | "garbage";
/** Garbage credentials; "runner-token" and "revoked" are resolved to real tokens of that kind. */
type Garbage = { raw: string | string[] } | { special: "runner-token" | "revoked" | "garbage-first" };
type ParamSpec = { fuzzed: Record<string, string> } | { live: number[] };

interface HttpCase {
  caller: CallerKind;
  /** How a real caller writes its header (all valid). */
  authStyle: number;
  garbage: Garbage;
  params: ParamSpec;
  /** The concrete path for wildcard routes. */
  wildcard: string;
  query: string;
  body: string | undefined;
  contentType: string | string[] | undefined;
  headers: [string, string | string[]][];
  /** Fill body fields that name existing things (see `liveBody`), picking with this number. */
  fill: number | undefined;
  /** Makes the request a CORS preflight (on OPTIONS) or a cross-origin call. */
  cors: { origin: string; method: string; headers?: string } | undefined;
  /** Routes whose contract declares `multipart`: a (hostile) upload instead of the body, with its content type. */
  upload: FuzzUpload | undefined;
}

const headerText = hostileString().map(headerValue);
const hugeHeader = fc.constantFrom(8_000, 15_000, 64_000).map((n) => "x".repeat(n));
const headerValueArb = fc.oneof(
  { weight: 6, arbitrary: headerText },
  { weight: 1, arbitrary: hugeHeader },
  { weight: 2, arbitrary: fc.array(headerText, { minLength: 2, maxLength: 3 }) },
);
const headerNames = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "origin",
  "referer",
  "cookie",
  "accept",
  "accept-language",
  "accept-encoding",
  "user-agent",
  "host",
  "if-none-match",
  "if-modified-since",
  "range",
  "content-encoding",
  "content-length",
  "access-control-request-method",
  "access-control-request-headers",
  "x-http-method-override",
  "x-fuzz",
];
const extraHeaders = fc.array(
  fc.tuple(
    fc.constantFrom(...headerNames),
    fc.oneof(
      { weight: 3, arbitrary: headerValueArb },
      { weight: 2, arbitrary: fc.constantFrom(ALLOWED_ORIGIN, "null", "0", "-1", "99999999", "GET", "DELETE", "gzip", "bytes=0-1", "127.0.0.1", "::1") },
    ),
  ),
  { maxLength: 3 },
);
const contentTypes = fc.oneof(
  { weight: 14, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "Application/JSON",
      "application/json;charset=UTF-8",
      'application/json; charset="utf-8"',
      "application/json; charset=utf-16le",
      "application/json; charset=latin1",
      "application/vnd.api+json",
      "application/json, text/plain",
      "text/plain",
      "text/plain; charset=utf-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=----fuzz",
      "application/octet-stream",
      "*/*",
      "",
      "json",
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant(["application/json", "text/plain"]).map((both) => [...both]) },
  { weight: 1, arbitrary: headerText },
);
const garbageAuth: fc.Arbitrary<Garbage> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom("Bearer", "Bearer ", "bearer", "Basic YWRtaW46YWRtaW4=", "Token abc", "Bearer a b", "Bearer null", "Bearer undefined", `Bearer ${"A".repeat(100_000)}`)
      .map((raw) => ({ raw })),
  },
  { weight: 3, arbitrary: headerText.map((text) => ({ raw: `Bearer ${text}` })) },
  { weight: 2, arbitrary: headerText.map((raw) => ({ raw })) },
  { weight: 1, arbitrary: fc.array(headerText, { minLength: 2, maxLength: 2 }).map((raw) => ({ raw })) },
  { weight: 2, arbitrary: fc.constantFrom("runner-token", "revoked", "garbage-first").map((special) => ({ special }) as Garbage) },
);
const corsHeaders = fc.record(
  {
    origin: fc.oneof(fc.constantFrom(ALLOWED_ORIGIN, "https://evil.example", "null", "http://fuzz.example.evil"), headerText),
    method: fc.oneof(fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "TRACE", "get"), headerText),
    headers: fc.oneof(fc.constantFrom("authorization", "content-type, authorization", "x-evil"), headerText),
  },
  { requiredKeys: ["origin", "method"] },
);
const wildcardPaths = fc.oneof(
  fc.constantFrom("/", "/index.html", "/assets/app.js", "/assets/nope.js", "/api", "/api/nope", "/socket.io/", "/bots/1", "/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/", "/..%5c..%5c", "//", "/a//b", "/%00", "/%ff", "/%"),
  fc.array(hostileString().map(encodeSegment), { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join("/")}`),
);
const rawQueries = fc.constantFrom("a&a=&=x&&", "%", "%zz=1", "a[b]=1&a[c]=2", "__proto__[x]=1", "constructor[prototype][x]=1", "a=1;b=2", "?", "#", "a=%00", "a=%ED%A0%80");

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? "");

function httpCases(route: RegisteredRoute): fc.Arbitrary<HttpCase> {
  const contract = route.contract ?? {};
  const names = paramNames(route.url);
  const params: fc.Arbitrary<ParamSpec> = fc.oneof(
    fuzzParams(names, contract.params).map((fuzzed) => ({ fuzzed })),
    fc.array(fc.nat(), { minLength: names.length, maxLength: names.length }).map((live) => ({ live })),
  );
  const query = fc.oneof(
    { weight: 12, arbitrary: fuzzQuery(contract.query).map(queryString) },
    { weight: 1, arbitrary: rawQueries },
  );
  const body = contract.body ? fuzzBody(contract.body) : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fuzzBody() });
  return fc
    .record({
      caller: fc.constantFrom<CallerKind>("admin", "admin", "admin", "user", "user", "user", "anonymous", "garbage"),
      authStyle: fc.nat(9),
      garbage: garbageAuth,
      params,
      wildcard: wildcardPaths,
      query,
      body,
      contentType: contentTypes,
      headers: extraHeaders,
      fill: fc.option(fc.nat(), { freq: 2, nil: undefined }),
      cors: fc.option(corsHeaders, { freq: 3, nil: undefined }),
      upload: contract.multipart ? fc.option(fuzzUpload(contract.multipart.files), { freq: 4, nil: undefined }) : fc.constant(undefined),
    })
    .map((c) => Object.defineProperty(c, fc.toStringMethod, { value: () => describeCase(c), enumerable: false }));
}

function describeCase(c: HttpCase): string {
  const auth = c.caller === "garbage" ? `garbage ${brief(c.garbage, 60)}` : c.caller;
  const headers = c.headers.map(([name, value]) => `${name}: ${brief(value, 60)}`).join("; ");
  return `{ ${auth}, params ${brief(c.params, 80)}, path ${brief(c.wildcard, 60)}, query ${brief(c.query, 80)}, body ${brief(c.body, 200)}, content-type ${brief(c.contentType, 60)}${headers ? `, ${headers}` : ""}${c.fill === undefined ? "" : `, fill ${c.fill}`}${c.cors ? `, cors ${brief(c.cors, 120)}` : ""}${c.upload ? `, upload ${brief(c.upload.payload.toString("latin1"), 400)}` : ""} }`;
}

let addressSequence = 0;
/** Every call from its own address: per-IP limits (password guesses, device codes) stay out of the way. */
function nextAddress(): string {
  addressSequence += 1;
  return `172.${16 + ((addressSequence >> 16) & 15)}.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
}

async function garbageHeader(garbage: Garbage): Promise<string | string[]> {
  if ("raw" in garbage) return garbage.raw;
  if (garbage.special === "garbage-first") return ["Bearer nonsense", `Bearer ${(await caller("admin")).token}`];
  if (garbage.special === "runner-token") {
    // A runner token is no web token.
    const token = createToken();
    const user = await caller("user");
    await db.insert(runnerTokens).values({ userId: user.id, name: "Fuzz-Token", tokenHash: hashToken(token) });
    return `Bearer ${token}`;
  }
  const user = await caller("user");
  const { token, session } = await createSession(db, user.id, { userAgent: "fuzz revoked", ip: "127.0.0.3" });
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
  return `Bearer ${token}`;
}

function authHeader(token: string, style: number): string | string[] {
  if (style === 7) return `bearer   ${token}  `;
  if (style === 8) return `BEARER\t${token}`;
  if (style === 9) return [`Bearer ${token}`, "Bearer nonsense"]; // a repeated Authorization: the first counts
  return `Bearer ${token}`;
}

async function buildRequest(route: RegisteredRoute, c: HttpCase): Promise<InjectOptions & { url: string }> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of c.headers) headers[name] = value;
  if (c.contentType !== undefined) headers["content-type"] = c.contentType;
  if (c.cors) {
    headers.origin = c.cors.origin;
    headers["access-control-request-method"] = c.cors.method;
    if (c.cors.headers !== undefined) headers["access-control-request-headers"] = c.cors.headers;
  }
  if (c.caller === "admin" || c.caller === "user") headers.authorization = authHeader((await caller(c.caller)).token, c.authStyle);
  else if (c.caller === "garbage") headers.authorization = await garbageHeader(c.garbage);
  const names = paramNames(route.url);
  const values = names.map((name, i) => {
    if ("fuzzed" in c.params) return c.params.fuzzed[name] ?? "";
    const pool = pools.get(poolOf(route.url, name)) ?? [];
    return String(pool.length > 0 ? pool[(c.params.live[i] ?? 0) % pool.length] : 1);
  });
  let index = 0;
  let url = route.url.replace(/:([A-Za-z0-9_]+)/g, () => encodeSegment(values[index++] ?? ""));
  if (url.endsWith("*")) url = url.slice(0, -1).replace(/\/$/, "") + c.wildcard;
  if (c.query) url += `?${c.query}`;
  const body = c.upload ? c.upload.payload : c.fill === undefined ? c.body : liveBody(c.body, c.fill, values.map(Number));
  if (c.upload) headers["content-type"] = c.upload.contentType;
  return {
    method: route.method as InjectOptions["method"],
    url,
    headers,
    ...(body === undefined ? {} : { payload: body }),
    remoteAddress: nextAddress(),
  };
}

async function runHttpCase(route: RegisteredRoute, c: HttpCase): Promise<void> {
  await resetTransitions();
  const request = await buildRequest(route, c);
  const before = await snapshot(db, fingerprint);
  const response = await app.fastify.inject(request);
  const status = response.statusCode;
  totals.http += 1;
  totals.statuses.set(status, (totals.statuses.get(status) ?? 0) + 1);
  const counts = routeStatuses.get(`${route.method} ${route.url}`) ?? new Map<number, number>();
  routeStatuses.set(`${route.method} ${route.url}`, counts.set(status, (counts.get(status) ?? 0) + 1));
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  else if (status >= 400) {
    problems.push(...errorBodyProblems(status, response.headers["content-type"] as string | undefined, response.body));
    const changed = changedTables(before, await snapshot(db, fingerprint));
    if (changed.length > 0) problems.push(`partial write behind a ${status}: ${changed.join(", ")}`);
  }
  problems.push(...newErrorLogs(), ...watch.take());
  if (problems.length > 0) {
    const named = (text: string) =>
      Object.values(callers).reduce((out, c) => out.replaceAll(c.token, `<${c.role} token>`), text);
    const sent = Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${named(brief(value, 80))}`);
    throw new Error(
      `${request.method} ${brief(request.url, 300)} with body ${brief(request.payload, 300)}\n  headers ${sent.join("; ")}\n` +
        `→ ${status} ${brief(response.body, 400)}\n  ${problems.join("\n  ")}`,
    );
  }
}

let shares: ReturnType<typeof timeShares> | undefined;

/** `name`: the test's full name ("<describe> <test>"). */
async function checkProperty<T>(name: string, arb: fc.Arbitrary<T>, run: (value: T) => Promise<void>): Promise<number> {
  // One property per route, per socket event and socket, per socket for unknown events, and handshakes.
  shares ??= timeShares(settings.budgetMs, app.routes.length + 2 * Object.keys(socketEvents).length + 3);
  const limit = shares.next();
  // The time limit interrupts fc.check, not the case it is running: that case goes on in the
  // background, and its writes (an argon2 hash, a revoke) would land in the next property's
  // "no partial write" window. So the last case is awaited before the next property starts.
  let inFlight: Promise<unknown> = Promise.resolve();
  const tracked = (value: T) => {
    const running = run(value);
    inFlight = running.catch(() => undefined);
    return running;
  };
  const check = (options: { numRuns: number; limit?: number }) =>
    fc.check(fc.asyncProperty(arb, tracked), {
      numRuns: options.numRuns,
      seed: seedFor(settings.seed, name),
      plugins: options.limit === undefined ? [] : [fc.interruptAfterTimeLimit(options.limit)],
    });
  let details = await check({ numRuns: settings.runs, limit });
  await inFlight;
  // On a loaded machine the first case alone may outlast the property's share (fast-check then
  // reports "interrupted after 0 tests" as a failure without any case having failed): every route
  // still gets one whole case, without a limit.
  if (details.interrupted && details.numRuns === 0) {
    totals.interrupted.push(`${name} after 0, then 1 without a limit`);
    details = await check({ numRuns: 1 });
    await inFlight;
  } else if (details.interrupted) totals.interrupted.push(`${name} after ${details.numRuns}`);
  if (details.failed) {
    const report = (await fc.asyncDefaultReportMessage(details)) ?? "failed";
    const error = details.errorInstance;
    const reason = error instanceof Error ? error.message : brief(error, 2000);
    throw new Error(
      `${reason}\n\n${report}\n\nReplay the run: ${replay}\n` +
        `Just this property (on a fresh database, so it may not fail the same way): ${replay}${only(name)}`,
    );
  }
  expect(details.numRuns).toBeGreaterThan(0);
  return details.numRuns;
}

const testTimeout = settings.budgetMs > 0 ? settings.budgetMs + 60_000 : settings.runs * 2_000 + 120_000;

describe("every route", () => {
  it("has a table to walk", () => {
    expect(app.routes.length).toBeGreaterThan(30);
    expect(app.routes.some((route) => route.url.includes("*"))).toBe(true);
  });

  for (const route of app.routes) {
    const name = `${route.method} ${route.url}`;
    it(name, async () => {
      await replenish();
      const runs = await checkProperty(`every route ${name}`, httpCases(route), (c) => runHttpCase(route, c));
      // Broken fixtures would leave nothing but 401s, and a suite that proves nothing.
      const answers = [...(routeStatuses.get(name)?.keys() ?? [])];
      if (runs >= 20) expect(answers.filter((status) => status !== 401), `${name} got past authentication`).not.toEqual([]);
    }, testTimeout);
  }
});

// ---------------------------------------------------------------------------------------------
// Socket events

const int = z.number().int();
const okAck = <T extends z.ZodRawShape>(shape: T) => z.object({ ok: z.literal(true), ...shape });

interface SocketEvent {
  /** The socket that handles it; the other kind of socket gets it too, unhandled. */
  origin: "bot-user" | "bot";
  payload?: z.ZodType;
  /** What a successful acknowledgement looks like. */
  ok: z.ZodType;
}

/** Every client→server event (a new one does not compile until it has a row). */
const socketEvents: { [K in keyof ClientToServerEvents]: SocketEvent } = {
  "runner:hello": { origin: "bot-user", payload: runnerHelloSchema, ok: okAck({ accepted: z.array(int), rejected: z.array(int), bots: z.array(runnerBotSchema) }) },
  "runner:bots": { origin: "bot-user", ok: okAck({ bots: z.array(runnerBotSchema) }) },
  "bot:status": { origin: "bot", payload: botStatusReportSchema, ok: okAck({ status: botStatusSchema }) },
  "bot:log": { origin: "bot", payload: botLogReportSchema, ok: okAck({ id: int }) },
  "bot:needs-player": { origin: "bot", payload: botNeedsPlayerSchema, ok: okAck({ notified: int }) },
  "bot:protection": { origin: "bot", payload: botProtectionReportSchema, ok: okAck({ since: z.number() }) },
  "bot:time": { origin: "bot", ok: okAck({ serverTime: z.number() }) },
  "bot:attacks": { origin: "bot", payload: botAttacksRequestSchema, ok: okAck({ attacks: z.array(botAttackSchema), serverTime: z.number() }) },
  "bot:attack-result": { origin: "bot", payload: botAttackResultSchema, ok: okAck({ status: attackStatusSchema }) },
  "bot:troops": { origin: "bot", payload: botTroopsReportSchema, ok: okAck({ villages: int }) },
  "bot:incomings": { origin: "bot", payload: botIncomingsReportSchema, ok: okAck({ incomings: int }) },
  "bot:scavenge": { origin: "bot", payload: botScavengeReportSchema, ok: okAck({ villages: int }) },
  "bot:villages": { origin: "bot", payload: botVillagesReportSchema, ok: okAck({ villages: int }) },
  "bot:usage": { origin: "bot", payload: botUsageSchema, ok: okAck({}) },
  "bot:activity": { origin: "bot", payload: botActivitySchema, ok: okAck({}) },
  "bot:templates": { origin: "bot", payload: botTemplatesRequestSchema, ok: okAck({ templates: z.array(z.object({ id: int, name: z.string(), steps: z.array(builderStepSchema) })) }) },
};

/** Events that take no payload: the fuzz also sends them bare. */
const withoutPayload = new Set(["runner:bots", "bot:time"]);

const MAX_SOCKET_MESSAGE = 1024 * 1024;
const knownCodes = new Set<string>(apiErrorCodes);

function ackProblems(event: SocketEvent, payload: unknown, answer: unknown): string[] {
  const ack = answer as { ok?: unknown; error?: { code?: unknown; message?: unknown; issues?: { message?: unknown }[] } } | null;
  if (ack?.ok === true) {
    const problems: string[] = [];
    if (!event.ok.safeParse(ack).success) problems.push(`malformed ok ack ${brief(ack, 300)}`);
    if (event.payload && !event.payload.safeParse(payload).success) problems.push("ok for a payload its schema refuses");
    return problems;
  }
  if (ack?.ok !== false || !ack.error) return [`ack neither ok nor an error: ${brief(ack, 300)}`];
  const { code, message, issues } = ack.error;
  const problems: string[] = [];
  if (typeof code !== "string" || !knownCodes.has(code) || code === "internal") problems.push(`ack code ${brief(code)}`);
  if (!isGermanish(message)) problems.push(`ack message not German: ${brief(message)}`);
  for (const issue of issues ?? []) if (!isGermanish(issue.message)) problems.push(`ack issue not German: ${brief(issue.message)}`);
  return problems;
}

describe("socket events", () => {
  const open: TestSocket[] = [];
  let url = "";
  let sockets: Record<"bot-user" | "bot", TestSocket>;
  /** The runner token and bot behind `sockets`. */
  let current = { runnerToken: "", botId: 0 };

  /** A runner with a started bot, both connected; again after a socket was (rightly) dropped. */
  async function connect(): Promise<void> {
    for (const socket of open.splice(0)) socket.socket.disconnect();
    const user = await caller("user");
    const started = await runningBot(app, url, user.token, open);
    sockets = { "bot-user": started.runner, bot: started.botSocket };
    current = { runnerToken: started.runnerToken, botId: started.bot.id };
  }

  /** An event every socket answers at once (a refused payload): everything sent before it has arrived. */
  async function alive(origin: "bot-user" | "bot"): Promise<boolean> {
    const socket = sockets[origin].socket;
    if (!socket.connected) return false;
    try {
      const answer = (await socket.timeout(5000).emitWithAck(origin === "bot" ? "bot:log" : "runner:hello", null)) as { ok?: unknown };
      return answer.ok === false;
    } catch {
      return false;
    }
  }

  async function runSocketCase(origin: "bot-user" | "bot", event: string, spec: SocketEvent | undefined, payload: unknown, withAck: boolean): Promise<void> {
    if (!sockets["bot-user"].socket.connected || !sockets.bot.socket.connected) await connect();
    const socket = sockets[origin].socket;
    const oversize = Buffer.byteLength(toJson(payload) ?? "") > MAX_SOCKET_MESSAGE - 1024;
    const args = payload === undefined && withoutPayload.has(event) ? [] : [payload];
    const problems: string[] = [];
    totals.socket += 1;
    if (withAck && spec?.origin === origin) {
      try {
        problems.push(...ackProblems(spec, payload, await socket.timeout(5000).emitWithAck(event, ...args)));
      } catch (error) {
        if (!oversize) problems.push(`no acknowledgement: ${(error as Error).message}`);
      }
    } else {
      socket.emit(event, ...args, ...(withAck ? [() => {}] : []));
    }
    if (!(await alive(origin)) && !oversize) problems.push("the server dropped the socket");
    const health = await app.fastify.inject({ method: "GET", url: "/api/health" });
    if (health.statusCode !== 200) problems.push(`health ${health.statusCode}`);
    problems.push(...newErrorLogs(), ...watch.take());
    if (problems.length > 0) {
      throw new Error(`${origin} socket, ${brief(event)} ${withAck ? "with" : "without"} ack, payload ${brief(payload, 300)}\n  ${problems.join("\n  ")}`);
    }
  }

  beforeAll(async () => {
    url = await listen(app);
    await connect();
  });

  afterAll(() => {
    for (const socket of open.splice(0)) socket.socket.disconnect();
  });

  for (const [event, spec] of Object.entries(socketEvents) as [string, SocketEvent][]) {
    for (const origin of ["bot-user", "bot"] as const) {
      const name = `${origin} socket emits ${event}`;
      it(name, async () => {
        const payloads = withoutPayload.has(event) ? fc.option(fuzzSocketPayload(), { freq: 2, nil: undefined }) : fuzzSocketPayload(spec.payload);
        const cases = fc.record({ payload: payloads, withAck: fc.boolean() });
        await checkProperty(`socket events ${name}`, cases, (c) => runSocketCase(origin, event, spec, c.payload, c.withAck));
      }, testTimeout);
    }
  }

  // Names the client library refuses to send are left out; everything else reaches the server.
  const reserved = new Set(["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"]);
  const eventNames = fc.oneof(
    fc.constantFrom("error", "__proto__", "constructor", "toString", "hasOwnProperty", "message", "bot:config", "runner:command", "runner:hello ", "RUNNER:HELLO", ""),
    hostileString().filter((name) => !reserved.has(name) && name.length < 10_000),
  );
  for (const origin of ["bot-user", "bot"] as const) {
    const name = `${origin} socket emits unknown events`;
    it(name, async () => {
      const cases = fc.record({ event: eventNames, payload: hostileJsonValue(), withAck: fc.boolean() });
      await checkProperty(`socket events ${name}`, cases, (c) => runSocketCase(origin, c.event, undefined, c.payload, c.withAck));
    }, testTimeout);
  }

  /** Handshakes: real and fake tokens under every origin, hostile auth objects; only real tokens get in. */
  const REAL_RUNNER = "<the runner token>";
  const REAL_WEB = "<the user's web token>";
  const REAL_BOT = -424_242;
  const isPlainObject = (value: unknown): value is Record<string, unknown> =>
    Object.prototype.toString.call(value) === "[object Object]" && Buffer.byteLength(toJson(value) ?? "") < 100_000;
  const authObjects = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(
        {
          token: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(REAL_RUNNER, REAL_WEB) }, { weight: 1, arbitrary: hostileString() }),
          origin: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("website", "bot-user", "bot") }, { weight: 1, arbitrary: hostileString() }),
          dsbotId: fc.oneof(
            { weight: 3, arbitrary: fc.constant(REAL_BOT) },
            { weight: 1, arbitrary: fc.integer() },
            { weight: 1, arbitrary: hostileJsonValue() },
          ),
        },
        { requiredKeys: ["token", "origin"] },
      ),
    },
    { weight: 1, arbitrary: fuzzSocketPayload(socketAuthSchema).filter(isPlainObject) },
  );

  it("handshakes", async () => {
    await checkProperty("socket events handshakes", authObjects, async (raw) => {
      const user = await caller("user");
      const auth: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
      if (auth.token === REAL_RUNNER) auth.token = current.runnerToken;
      if (auth.token === REAL_WEB) auth.token = user.token;
      if (auth.dsbotId === REAL_BOT) auth.dsbotId = current.botId;
      const real = (auth.token === current.runnerToken && auth.origin !== "website") || (auth.token === user.token && auth.origin === "website");
      const socket = openSocket(url, auth);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        socket.outcome,
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve("no answer within 5 s"), 5000))),
      ]);
      clearTimeout(timer);
      socket.socket.disconnect();
      totals.socket += 1;
      totals.handshakes.set(outcome, (totals.handshakes.get(outcome) ?? 0) + 1);
      const problems: string[] = [];
      const refusals: string[] = Object.values(socketErrors);
      if (outcome === "connected" && !real) problems.push("connected without a real token for its origin");
      if (outcome !== "connected" && !refusals.includes(outcome)) problems.push(`refused with ${brief(outcome)}`);
      const health = await app.fastify.inject({ method: "GET", url: "/api/health" });
      if (health.statusCode !== 200) problems.push(`health ${health.statusCode}`);
      problems.push(...newErrorLogs(), ...watch.take());
      if (problems.length > 0) throw new Error(`handshake with ${brief(auth, 300)} → ${outcome}\n  ${problems.join("\n  ")}`);
    });
  }, testTimeout);
});

describe("afterwards", () => {
  it("the server still serves: health, a real login, a real request; nothing logged as an error", async () => {
    expect((await app.fastify.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    const username = `fuzz_after_${userSequence}`;
    await createUserRow(db, { username, password: "passwort-123", role: "user", world: defaultWorld });
    const login = await app.fastify.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: "passwort-123" },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` } });
    expect(me.json<{ user: { username: string } }>().user.username).toBe(username);
    expect([...newErrorLogs(), ...watch.take()]).toEqual([]);
  });
});
