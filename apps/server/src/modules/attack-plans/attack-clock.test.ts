// The attack clock: planned → due at the lead, expired after the grace (claimed ones later), each row
// once; a due attack a running bot will send gets no tab request, an expired one's request closes.
import { ATTACK_CLAIMED_EXPIRE_MS, ATTACK_DUE_LEAD_MS, ATTACK_EXPIRE_GRACE_MS } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { attackPlans, attacks, dsbotPermissions, dsbots, notifications, runnerTokens, tabRequests, websocketConnections } from "../../db/schema.js";
import { advanceAttacks } from "./attack-clock.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

async function attackAt(ownerId: number, sendAt: number, attackerName: string, dsbotId: number | null = null) {
  const [plan] = await app.db.insert(attackPlans).values({ ownerId, name: "Uhr", worldServer: "die-staemme.de", worldWorld: "de230" }).returning();
  const [row] = await app.db
    .insert(attacks)
    .values({
      planId: plan?.id ?? 0,
      sourceVillageId: 1,
      sourceName: "A",
      sourceX: 400,
      sourceY: 400,
      attackerName,
      targetVillageId: 2,
      targetName: "B",
      targetX: 401,
      targetY: 401,
      type: "fake",
      units: { ram: 1 },
      unit: "ram",
      sendAt: new Date(sendAt),
      arrivalAt: new Date(sendAt + 1800_000),
      priority: 2,
      dsbotId,
      status: dsbotId ? "due" : "planned",
    })
    .returning();
  if (!plan || !row) throw new Error("not inserted");
  return { plan, row };
}

const statusOf = async (id: number) => (await app.db.select().from(attacks).where(eq(attacks.id, id)))[0]?.status;

describe("attack clock", () => {
  it("moves an attack due at its lead and expires it after the grace, once each", async () => {
    const user = await createUser(app);
    const sendAt = Date.now() + 10 * 86_400_000;
    const { row } = await attackAt(user.id, sendAt, "Niemand");
    await advanceAttacks(app.ctx, new Date(sendAt - ATTACK_DUE_LEAD_MS - 1));
    expect(await statusOf(row.id)).toBe("planned");
    await advanceAttacks(app.ctx, new Date(sendAt - ATTACK_DUE_LEAD_MS));
    expect(await statusOf(row.id)).toBe("due");
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_EXPIRE_GRACE_MS));
    expect(await statusOf(row.id)).toBe("due");
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_EXPIRE_GRACE_MS + 1));
    expect(await statusOf(row.id)).toBe("expired");
  });

  it("closes the open tab request of an attack once it expires (nobody can send it in time any more)", async () => {
    const user = await createUser(app);
    const sendAt = Date.now() + 11 * 86_400_000;
    const { row } = await attackAt(user.id, sendAt, "Niemand");
    await advanceAttacks(app.ctx, new Date(sendAt - 1_000));
    const open = async () => app.db.select({ doneAt: tabRequests.doneAt }).from(tabRequests).where(eq(tabRequests.attackId, row.id));
    expect(await open()).toEqual([{ doneAt: null }]);
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_EXPIRE_GRACE_MS + 1));
    expect(await statusOf(row.id)).toBe("expired");
    const [closed] = await open();
    expect(closed?.doneAt).toBeInstanceOf(Date);
  });

  it("gives a claimed attack its bot's time to report before it expires", async () => {
    const user = await createUser(app);
    const bot = await createBot(app, await loginAs(app, user), { name: "Zora" });
    const sendAt = Date.now() + 11 * 86_400_000;
    const { row } = await attackAt(user.id, sendAt, "Zora", bot.id);
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_EXPIRE_GRACE_MS + 1));
    expect(await statusOf(row.id)).toBe("due");
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_CLAIMED_EXPIRE_MS + 1));
    expect(await statusOf(row.id)).toBe("expired");
  });

  it("an expired attack is no failed one: a claimed attack its bot never reported is told as such, linked to it; an unclaimed one is not told", async () => {
    const user = await createUser(app);
    const bot = await createBot(app, await loginAs(app, user), { name: "Kalle" });
    const sendAt = Date.now() + 14 * 86_400_000;
    const claimed = await attackAt(user.id, sendAt, "Kalle", bot.id);
    const unclaimed = await attackAt(user.id, sendAt, "Niemand");
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_CLAIMED_EXPIRE_MS + 1));
    expect(await statusOf(claimed.row.id)).toBe("expired");
    expect(await statusOf(unclaimed.row.id)).toBe("expired");

    const told = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => n.title)).toEqual(["Angriff abgelaufen"]);
    expect(told[0]).toMatchObject({
      message:
        'Der Bot "Kalle" hat den Angriff von 400|400 auf 401|401 im Angriffsplan "Uhr" übernommen, aber bis 5 Minuten nach der Abschickzeit nicht gemeldet, ob er geschickt wurde. Bitte sieh im Spiel nach.',
      link: { kind: "attack-plan", planId: claimed.plan.id, attackId: claimed.row.id },
    });
    // Once only: the next run finds nothing to change.
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_CLAIMED_EXPIRE_MS + 60_000));
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });

  it("many unreported attacks of one plan make one notification", async () => {
    const user = await createUser(app);
    const bot = await createBot(app, await loginAs(app, user), { name: "Zora" });
    const sendAt = Date.now() + 15 * 86_400_000;
    const { plan, row } = await attackAt(user.id, sendAt, "Zora", bot.id);
    const { id: _id, createdAt: _created, updatedAt: _updated, searchText: _search, ...copy } = row;
    await app.db.insert(attacks).values([{ ...copy, targetX: 402 }, { ...copy, targetX: 403 }]);
    await advanceAttacks(app.ctx, new Date(sendAt + ATTACK_CLAIMED_EXPIRE_MS + 1));
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: "Angriffe abgelaufen",
      message:
        'Der Bot "Zora" hat 3 Angriffe im Angriffsplan "Uhr" übernommen, aber bis 5 Minuten nach der Abschickzeit nicht gemeldet, ob sie geschickt wurden. Bitte sieh im Spiel nach.',
      link: { kind: "attack-plan", planId: plan.id },
    });
  });

  /** The bot online with the plan in its scanner, its bot socket on a runner of `runnerUserId`. */
  async function runningScanner(botId: number, planId: number, runnerUserId: number) {
    await app.db
      .update(dsbots)
      .set({
        status: "online",
        modules: { "attack-planner-scanner": { enabled: true, config: { attackPlanIds: [planId], sendOffsetMs: 0, leadTimeSeconds: 30, onMissingUnits: "skip" } } },
      })
      .where(eq(dsbots.id, botId));
    const [token] = await app.db.insert(runnerTokens).values({ userId: runnerUserId, name: "Uhr-PC", tokenHash: `uhr-${botId}-${runnerUserId}` }).returning();
    await app.db.insert(websocketConnections).values({ origin: "bot", dsbotId: botId, runnerTokenId: token?.id ?? 0, socketId: `uhr-socket-${botId}` });
  }

  it("asks no tab request for an attack a running bot with the plan chosen will send", async () => {
    const user = await createUser(app);
    const bot = await createBot(app, await loginAs(app, user), { name: "Bruno" });
    const sendAt = Date.now() + 12 * 86_400_000;
    const { plan, row } = await attackAt(user.id, sendAt, "Bruno");
    await runningScanner(bot.id, plan.id, user.id);
    await advanceAttacks(app.ctx, new Date(sendAt - 1_000));
    expect(await statusOf(row.id)).toBe("due");
    expect(await app.db.select().from(tabRequests).where(eq(tabRequests.attackId, row.id))).toEqual([]);
  });

  it("asks a tab request when the only bot with the plan runs on a runner whose user may not change the plan", async () => {
    const user = await createUser(app);
    const grantee = await createUser(app);
    const bot = await createBot(app, await loginAs(app, user), { name: "Berta" });
    await app.db.insert(dsbotPermissions).values({ dsbotId: bot.id, userId: grantee.id, grantedBy: user.id });
    const sendAt = Date.now() + 13 * 86_400_000;
    const { plan, row } = await attackAt(user.id, sendAt, "Berta");
    // The owner's plan, the bot shared with a grantee who runs it: that bot cannot claim the attack.
    await runningScanner(bot.id, plan.id, grantee.id);
    await advanceAttacks(app.ctx, new Date(sendAt - 1_000));
    expect(await statusOf(row.id)).toBe("due");
    expect(await app.db.select({ userId: tabRequests.userId }).from(tabRequests).where(eq(tabRequests.attackId, row.id))).toEqual([{ userId: user.id }]);
  });
});
