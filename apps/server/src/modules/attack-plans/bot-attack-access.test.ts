// A bot's access to attack plans (docs/SECURITY.md, "A shared bot and its owner's attack plans"). A shared
// bot must not open its owner's private plans to the grantee: the Offplaner Scanner takes only plans the
// saving user may edit, and claiming or reporting an attack needs edit rights of both the bot's owner and the
// user whose runner the bot runs on, checked at that moment (a revoked or read-only grant ends it at once).
import type { AttackPlan, BotAttack, BotLog, Dsbot, SocketAck } from "@dsbot/protocol";
import { botLogMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importPlanWorld, PLAN_WORLD, caller, newPlan, errorOf } from "../../../test/attack-plans.js";
import type { Call } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { ack, createBot, settle, startBotOnRunner } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { attacks, dsbots, notifications, tabRequests } from "../../db/schema.js";
import { defaultModules } from "../dsbots/bot-modules.js";

let app: TestApp;
let url: string;
let worldReady: Promise<number> | undefined;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

/** The plan world's player whose villages the attacks start from. */
const PLAYER = "Anna";

interface Person {
  id: number;
  token: string;
  call: Call;
}

async function person(role: "user" | "admin" = "user"): Promise<Person> {
  worldReady ??= importPlanWorld(app);
  await worldReady;
  if (role === "admin") {
    const token = await loginAdmin(app);
    const me = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
    return { id: me.json<{ user: { id: number } }>().user.id, token, call: caller(app, token) };
  }
  const user = await createUser(app);
  const token = await loginAs(app, user);
  return { id: user.id, token, call: caller(app, token) };
}

/** A bot of the owner playing Anna on the plan world, shared with the given users. */
async function annaBot(owner: Person, sharedWith: Person[] = []): Promise<Dsbot> {
  const bot = await createBot(app, owner.token, { name: PLAYER, world: PLAN_WORLD.world });
  for (const user of sharedWith) expect((await owner.call("POST", `/api/dsbot/${bot.id}/permission/user/${user.id}`)).statusCode).toBe(204);
  return bot;
}

/** A plan of the owner with one attack of Anna's, sent in ten seconds (claimable now). */
async function planWithAttack(owner: Person, name = "Geheimplan"): Promise<{ plan: AttackPlan; attackId: number }> {
  const plan = await newPlan(owner.call, name);
  const sendAt = Date.now() + 10_000;
  const [row] = await app.db
    .insert(attacks)
    .values({
      planId: plan.id,
      sourceVillageId: 1,
      sourceName: "Alpha",
      sourceX: 500,
      sourceY: 500,
      attackerName: PLAYER,
      targetVillageId: 4,
      targetName: "Gamma",
      targetX: 510,
      targetY: 490,
      type: "attack",
      units: { axe: 100 },
      unit: "axe",
      sendAt: new Date(sendAt),
      arrivalAt: new Date(sendAt + 3_600_000),
      priority: 3,
    })
    .returning();
  if (!row) throw new Error("no attack");
  return { plan, attackId: row.id };
}

const scannerModule = (planIds: number[]) => ({
  moduleName: "attack-planner-scanner",
  module: { enabled: true, attackPlanIds: planIds, leadTimeSeconds: 30, sendOffsetMs: 0, onMissingUnits: "tab_request" },
});

/** The scanner set straight in the database, as an owner who could edit the plans once had saved it. */
async function scannerInDatabase(botId: number, planIds: number[]): Promise<void> {
  const modules = defaultModules();
  modules["attack-planner-scanner"] = { enabled: true, config: { attackPlanIds: planIds, leadTimeSeconds: 30, sendOffsetMs: 0, onMissingUnits: "tab_request" } };
  await app.db.update(dsbots).set({ modules }).where(eq(dsbots.id, botId));
}

async function claim(botSocket: TestSocket): Promise<BotAttack[]> {
  const answer = await ack<{ attacks: BotAttack[] }>(botSocket, "bot:attacks", { withinMs: 60_000 });
  if (!answer.ok) throw new Error(`claim refused: ${JSON.stringify(answer)}`);
  return answer.attacks;
}

const attackRow = async (id: number) => (await app.db.select().from(attacks).where(eq(attacks.id, id)))[0];
const tabRequestsOf = (userId: number) => app.db.select().from(tabRequests).where(eq(tabRequests.userId, userId));
const notificationsOf = (userId: number) => app.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("a shared bot and its owner's private plans", () => {
  it("the grantee cannot put the owner's private plan into the scanner: 400 naming the plan, as for a plan that does not exist", async () => {
    const owner = await person();
    const grantee = await person();
    const bot = await annaBot(owner, [grantee]);
    const { plan } = await planWithAttack(owner);
    expect((await grantee.call("GET", `/api/attack-plans/${plan.id}`)).statusCode).toBe(404);

    const saved = await grantee.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]));
    expect(saved.statusCode).toBe(400);
    expect(errorOf(saved).message).toContain(String(plan.id));
    const missing = await grantee.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([2_000_000_000]));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(saved).message.replace(String(plan.id), "#")).toBe(errorOf(missing).message.replace("2000000000", "#"));

    const stored = await owner.call("GET", `/api/dsbot/${bot.id}/module?moduleName=attack-planner-scanner`);
    expect(stored.json<{ module: { attackPlanIds: number[] } }>().module.attackPlanIds).toEqual([]);
  });

  it("a plan shared read-only is refused too; the owner and an edit grantee may choose theirs", async () => {
    const owner = await person();
    const grantee = await person();
    const bot = await annaBot(owner, [grantee]);
    const { plan } = await planWithAttack(owner);
    expect((await owner.call("POST", `/api/attack-plans/${plan.id}/permission/user/${grantee.id}`, { level: "read" })).statusCode).toBe(204);
    const readOnly = await grantee.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]));
    expect(readOnly.statusCode).toBe(400);
    expect(errorOf(readOnly).message).toContain(String(plan.id));

    expect((await owner.call("POST", `/api/attack-plans/${plan.id}/permission/user/${grantee.id}`, { level: "edit" })).statusCode).toBe(204);
    expect((await grantee.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]))).statusCode).toBe(200);
    expect((await owner.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]))).statusCode).toBe(200);
  });

  it("a grantee's runner claims none of the owner's attacks, even with the plan in the scanner", async () => {
    const owner = await person();
    const grantee = await person();
    const bot = await annaBot(owner, [grantee]);
    const { plan, attackId } = await planWithAttack(owner);
    await scannerInDatabase(bot.id, [plan.id]);

    const { botSocket } = await startBotOnRunner(app, url, grantee.token, bot.id, sockets);
    expect(await claim(botSocket)).toEqual([]);
    expect(await attackRow(attackId)).toMatchObject({ status: "planned", dsbotId: null });
  });

  it("a grantee's runner cannot report the owner's attack failed: nothing changes, no tab request, no notification", async () => {
    const owner = await person();
    const grantee = await person();
    const bot = await annaBot(owner, [grantee]);
    const { plan, attackId } = await planWithAttack(owner);
    await scannerInDatabase(bot.id, [plan.id]);
    // The owner's runner claimed it; then the grantee's runner takes the bot over.
    const ownerRun = await startBotOnRunner(app, url, owner.token, bot.id, sockets);
    expect((await claim(ownerRun.botSocket)).map((a) => a.id)).toEqual([attackId]);
    await app.db.update(dsbots).set({ status: null }).where(eq(dsbots.id, bot.id));
    const { botSocket } = await startBotOnRunner(app, url, grantee.token, bot.id, sockets);

    const report = await ack(botSocket, "bot:attack-result", { attackId, ok: false, error: "Gefälscht", tabRequest: true });
    expect(report.ok).toBe(false);
    await settle();
    expect(await attackRow(attackId)).toMatchObject({ status: "due", error: null, dsbotId: bot.id });
    expect(await tabRequestsOf(owner.id)).toEqual([]);
    expect(await notificationsOf(owner.id)).toEqual([]);
  });

  it("an admin's bot shared with a user claims nothing from another user's plan on that user's runner; on the admin's own runner it may", async () => {
    const admin = await person("admin");
    const planOwner = await person();
    const grantee = await person();
    const bot = await annaBot(admin, [grantee]);
    const { plan, attackId } = await planWithAttack(planOwner, "Fremder Plan");

    expect((await grantee.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]))).statusCode).toBe(400);
    // Admins may edit every plan (attack-plans.policy.ts): the admin may choose it.
    expect((await admin.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]))).statusCode).toBe(200);

    const granteeRun = await startBotOnRunner(app, url, grantee.token, bot.id, sockets);
    expect(await claim(granteeRun.botSocket)).toEqual([]);
    expect(await attackRow(attackId)).toMatchObject({ status: "planned", dsbotId: null });

    await app.db.update(dsbots).set({ status: null }).where(eq(dsbots.id, bot.id));
    const adminRun = await startBotOnRunner(app, url, admin.token, bot.id, sockets);
    expect((await claim(adminRun.botSocket)).map((a) => a.id)).toEqual([attackId]);
  });

  it("a plan the bot's owner may not edit is refused, even when the saving user may", async () => {
    const owner = await person();
    const grantee = await person();
    const bot = await annaBot(owner, [grantee]);
    const { plan } = await planWithAttack(grantee, "Plan des Sitters");
    const saved = await grantee.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([plan.id]));
    expect(saved.statusCode).toBe(400);
    expect(errorOf(saved).message).toContain(String(plan.id));
  });
});

describe("a grant that ends or becomes read-only ends the bot's claims at once", () => {
  it("claims and reports stop as soon as the grant is read-only or revoked; the kept plan id can still be saved along", async () => {
    const planOwner = await person();
    const player = await person();
    const bot = await annaBot(player);
    const first = await planWithAttack(planOwner, "Geteilter Plan");
    const second = await planWithAttack(planOwner, "Zweiter Plan");
    for (const { plan } of [first, second]) {
      expect((await planOwner.call("POST", `/api/attack-plans/${plan.id}/permission/user/${player.id}`, { level: "edit" })).statusCode).toBe(204);
    }
    expect((await player.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([first.plan.id, second.plan.id]))).statusCode).toBe(200);
    const { botSocket } = await startBotOnRunner(app, url, player.token, bot.id, sockets);
    expect((await claim(botSocket)).map((a) => a.id).sort()).toEqual([first.attackId, second.attackId].sort());

    // Read-only now: the claimed attack cannot be reported, a new one of the plan is not handed out.
    expect((await planOwner.call("POST", `/api/attack-plans/${first.plan.id}/permission/user/${player.id}`, { level: "read" })).statusCode).toBe(204);
    expect((await planOwner.call("DELETE", `/api/attack-plans/${second.plan.id}/permission/user/${player.id}`)).statusCode).toBe(204);
    const report = await ack(botSocket, "bot:attack-result", { attackId: first.attackId, ok: false, error: "Zu spät", tabRequest: true });
    expect((report as SocketAck).ok).toBe(false);
    expect(await attackRow(first.attackId)).toMatchObject({ status: "due", error: null });
    expect(await tabRequestsOf(planOwner.id)).toEqual([]);
    await app.db.update(attacks).set({ status: "planned", dsbotId: null }).where(eq(attacks.id, first.attackId));
    expect(await claim(botSocket)).toEqual([]);

    // The bot's log says why, naming the plans but not who changed the grant.
    const logs = (await player.call("GET", `/api/dsbot/${bot.id}/logs?perPage=10&activePage=1`)).json<{ logs: BotLog[] }>().logs;
    const warnings = logs.filter((l) => l.level === "warn");
    expect(warnings.map((l) => l.message).sort()).toEqual([botLogMessages.scannerPlanLost(first.plan.id), botLogMessages.scannerPlanLost(second.plan.id)].sort());
    expect(warnings.map((l) => l.username)).toEqual([null, null]);

    // The stored ids stay savable (other settings can change); adding them anew would not be.
    const both = scannerModule([first.plan.id, second.plan.id]);
    const kept = await player.call("POST", `/api/dsbot/${bot.id}/module`, { ...both, module: { ...both.module, leadTimeSeconds: 60 } });
    expect(kept.statusCode).toBe(200);
    expect((await player.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([]))).statusCode).toBe(200);
    expect((await player.call("POST", `/api/dsbot/${bot.id}/module`, scannerModule([second.plan.id]))).statusCode).toBe(400);
  });
});
