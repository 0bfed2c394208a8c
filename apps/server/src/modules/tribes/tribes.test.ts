// Der Stamm: founding (one tribe per user and world, tags unique per world), invitations (shown once,
// expiry, uses, withdrawn, rate-limited joins), roles (only the Anführer manages; handing over),
// leaving and removal (access ends with the answer, the removed member's page is told), the members'
// choices, the members view (bots' status, last scan, villages and points from the world data), and
// who hears of a change (members, never an outsider).
import type { TribeInviteListResponse, TribeListResponse, TribeResponse } from "@dsbot/protocol";
import { TRIBE_JOIN_ATTEMPTS_PER_HOUR, tribeMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { createBot, listen, openSocket, startBotOnRunner, waitForMessage } from "../../../test/bots.js";
import { loginAdmin } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { foundTribe, inviteCode, joinTribe, tribePerson, type Person } from "../../../test/tribes.js";
import { botTroops, dsbots, tribeInvites } from "../../db/schema.js";
import { createInvite } from "./tribe-invites.service.js";

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];

const person = (world = PLAN_WORLD) => tribePerson(app, world);

function socketOf(p: Person): TestSocket {
  return openSocket(url, { token: p.token, origin: "website" }, sockets);
}

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

let tagSequence = 0;
function found(p: Person, body: Record<string, unknown> = {}): Promise<TribeResponse["tribe"]> {
  tagSequence += 1;
  return foundTribe(p, { name: "Die Wächter", tag: `W${tagSequence}`, ...body });
}

const invite = (leader: Person, tribeId: number, body?: { expiresInHours: number; maxUses: number | null }) => inviteCode(leader, tribeId, body);
const join = joinTribe;

describe("founding a tribe", () => {
  it("makes the founder its Anführer on their own world; one tribe per user and world, one tag per world", async () => {
    const leader = await person();
    const tribe = await found(leader, { name: " Die Wächter ", gameAllyId: 1 });
    expect(tribe).toMatchObject({ name: "Die Wächter", world: PLAN_WORLD, myRole: "leader", memberCount: 1, gameAlly: { id: 1, name: "Die Ersten", tag: "ERST" } });
    expect(tribe.members.map((m) => [m.userId, m.role, m.troopSharing])).toEqual([[leader.id, "leader", "defensive"]]);

    const again = await leader.call("POST", "/api/tribes", { name: "Zweiter", tag: "ZWEI" });
    expect([again.statusCode, again.json().error.message]).toEqual([409, tribeMessages.alreadyInTribe]);
    const other = await person();
    const sameTag = await other.call("POST", "/api/tribes", { name: "Kopie", tag: tribe.tag.toLowerCase() });
    expect([sameTag.statusCode, sameTag.json().error.message]).toEqual([409, tribeMessages.tagTaken]);
    // The same tag on another world is another tribe.
    const elsewhere = await person({ server: "die-staemme.de", world: "de231" });
    expect((await elsewhere.call("POST", "/api/tribes", { name: "Kopie", tag: tribe.tag })).statusCode).toBe(201);
    const unknownAlly = await other.call("POST", "/api/tribes", { name: "X", tag: "XX1", gameAllyId: 999 });
    expect([unknownAlly.statusCode, unknownAlly.json().error.message]).toEqual([400, tribeMessages.gameTribeUnknown]);
    expect((await other.call("POST", "/api/tribes", { name: "X", tag: "mit leer" })).statusCode).toBe(400);
  });
});

describe("invitations", () => {
  it("shows a code once, lists only its hint, and lets members join with it (pasted in any case)", async () => {
    const leader = await person();
    const tribe = await found(leader);
    const code = await invite(leader, tribe.id);
    expect(code).toMatch(/^[A-Z2-9]{16}$/);
    const list = (await leader.call("GET", `/api/tribes/${tribe.id}/invites`)).json<TribeInviteListResponse>();
    expect(list.invites).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(code);
    expect(list.invites[0]).toMatchObject({ hint: code.slice(0, 4), uses: 0, maxUses: null });

    const member = await person();
    expect(await join(member, ` ${code.toLowerCase()} `)).toBe(200);
    const detail = (await member.call("GET", `/api/tribes/${tribe.id}`)).json<TribeResponse>().tribe;
    expect(detail.myRole).toBe("member");
    expect(detail.members.map((m) => m.role)).toEqual(["leader", "member"]);
    // Only the Anführer hands out invitations; an outsider does not learn the tribe exists.
    expect((await member.call("POST", `/api/tribes/${tribe.id}/invites`, { expiresInHours: 1, maxUses: 1 })).statusCode).toBe(403);
    expect((await member.call("GET", `/api/tribes/${tribe.id}/invites`)).statusCode).toBe(403);
    const outsider = await person();
    expect((await outsider.call("GET", `/api/tribes/${tribe.id}/invites`)).statusCode).toBe(404);
    expect((await outsider.call("GET", `/api/tribes/${tribe.id}`)).statusCode).toBe(404);
  });

  it("refuses a used-up, expired, withdrawn or wrong code alike, and a member of another tribe on the world", async () => {
    const leader = await person();
    const tribe = await found(leader);
    const once = await invite(leader, tribe.id, { expiresInHours: 1, maxUses: 1 });
    expect(await join(await person(), once)).toBe(200);
    const late = await person();
    const usedUp = await late.call("POST", "/api/tribes/join", { code: once });
    expect([usedUp.statusCode, usedUp.json().error.message]).toEqual([404, tribeMessages.inviteInvalid]);

    const expired = await createInvite(app.db, tribe.id, leader.id, { expiresInHours: 1, maxUses: null }, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect(await join(late, expired.code)).toBe(404);

    const withdrawn = await invite(leader, tribe.id);
    const [row] = await app.db.select().from(tribeInvites).where(eq(tribeInvites.tribeId, tribe.id));
    const open = (await leader.call("GET", `/api/tribes/${tribe.id}/invites`)).json<TribeInviteListResponse>().invites;
    expect(open.map((i) => i.hint)).toEqual([withdrawn.slice(0, 4)]);
    expect(row).toBeDefined();
    expect((await leader.call("DELETE", `/api/tribes/${tribe.id}/invites/${open[0]?.id}`)).statusCode).toBe(204);
    expect(await join(late, withdrawn)).toBe(404);
    expect(await join(late, "AAAAAAAAAAAAAAAA")).toBe(404);

    // In another tribe on this world already: refused, and the code keeps its use.
    const busy = await person();
    await found(busy);
    const code = await invite(leader, tribe.id, { expiresInHours: 1, maxUses: 1 });
    const refused = await busy.call("POST", "/api/tribes/join", { code });
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, tribeMessages.alreadyInTribe]);
    expect(await join(late, code)).toBe(200);
  });

  it("limits join attempts per user, so a code cannot be found by trying", async () => {
    const guesser = await person();
    for (let i = 0; i < TRIBE_JOIN_ATTEMPTS_PER_HOUR; i++) expect(await join(guesser, `WRONGCODE${i}`)).toBe(404);
    const blocked = await guesser.call("POST", "/api/tribes/join", { code: "WRONGCODEX" });
    expect([blocked.statusCode, blocked.json().error.message]).toEqual([429, tribeMessages.tooManyJoins]);
  });
});

async function tribeOfThree() {
  const leader = await person();
  const tribe = await found(leader);
  const code = await invite(leader, tribe.id);
  const a = await person();
  const b = await person();
  expect(await join(a, code)).toBe(200);
  expect(await join(b, code)).toBe(200);
  return { leader, a, b, tribe };
}

describe("roles, leaving and removal", () => {
  it("lets only the Anführer set roles and hand over; the old Anführer stays as Koordinator", async () => {
    const { leader, a, b, tribe } = await tribeOfThree();
    expect((await a.call("PATCH", `/api/tribes/${tribe.id}/members/${b.id}`, { role: "coordinator" })).statusCode).toBe(403);
    const set = await leader.call("PATCH", `/api/tribes/${tribe.id}/members/${a.id}`, { role: "coordinator" });
    expect(set.json<TribeResponse>().tribe.members.find((m) => m.userId === a.id)?.role).toBe("coordinator");
    expect((await leader.call("PATCH", `/api/tribes/${tribe.id}/members/${leader.id}`, { role: "member" })).statusCode).toBe(409);
    expect((await leader.call("PATCH", `/api/tribes/${tribe.id}/members/999999`, { role: "member" })).statusCode).toBe(404);

    const leaving = await leader.call("POST", `/api/tribes/${tribe.id}/leave`);
    expect([leaving.statusCode, leaving.json().error.message]).toEqual([409, tribeMessages.leaderLeaves]);
    const handed = await leader.call("POST", `/api/tribes/${tribe.id}/leader`, { userId: b.id });
    const roles = Object.fromEntries(handed.json<TribeResponse>().tribe.members.map((m) => [m.userId, m.role]));
    expect(roles).toEqual({ [leader.id]: "coordinator", [a.id]: "coordinator", [b.id]: "leader" });
    expect((await leader.call("PATCH", `/api/tribes/${tribe.id}`, { name: "Neu" })).statusCode).toBe(403);
    expect((await b.call("PATCH", `/api/tribes/${tribe.id}`, { name: "Neu" })).json<TribeResponse>().tribe.name).toBe("Neu");
    expect((await leader.call("POST", `/api/tribes/${tribe.id}/leave`)).statusCode).toBe(204);
    expect((await leader.call("GET", `/api/tribes/${tribe.id}`)).statusCode).toBe(404);
  });

  it("ends a removed member's access at once and tells their page; an outsider hears nothing", async () => {
    const { leader, a, b, tribe } = await tribeOfThree();
    const outsider = await person();
    const [aSocket, bSocket, outsiderSocket] = [socketOf(a), socketOf(b), socketOf(outsider)];
    for (const s of [aSocket, bSocket, outsiderSocket]) expect(await s.outcome).toBe("connected");

    const removed = await leader.call("DELETE", `/api/tribes/${tribe.id}/members/${a.id}`);
    expect(removed.json<TribeResponse>().tribe.members.map((m) => m.userId)).toEqual([leader.id, b.id]);
    expect((await a.call("GET", `/api/tribes/${tribe.id}`)).statusCode).toBe(404);
    expect((await a.call("GET", "/api/tribes")).json<TribeListResponse>().tribes).toEqual([]);
    await waitForMessage(aSocket, "tribe-updated", (d) => d.tribeId === tribe.id);
    await waitForMessage(bSocket, "tribe-updated", (d) => d.tribeId === tribe.id);
    expect((await leader.call("DELETE", `/api/tribes/${tribe.id}/members/${leader.id}`)).statusCode).toBe(409);

    // The removed member hears nothing of later changes. The outsider's own tribe is the fence: a
    // message to a socket comes after every earlier one to it.
    await leader.call("PATCH", `/api/tribes/${tribe.id}`, { name: "Nach dem Rauswurf" });
    await waitForMessage(bSocket, "tribe-updated", (d) => d.tribeId === tribe.id);
    const own = await found(outsider);
    const fenceA = await found(a);
    await waitForMessage(outsiderSocket, "tribe-updated", (d) => d.tribeId === own.id);
    await waitForMessage(aSocket, "tribe-updated", (d) => d.tribeId === fenceA.id);
    expect(outsiderSocket.messages("tribe-updated").map((m) => m.data.tribeId)).toEqual([own.id]);
    expect(aSocket.messages("tribe-updated").map((m) => m.data.tribeId)).toEqual([tribe.id, fenceA.id]);

    // Dissolved: every former member is told, the tribe is gone for all.
    expect((await leader.call("DELETE", `/api/tribes/${tribe.id}`)).statusCode).toBe(204);
    await waitForMessage(bSocket, "tribe-updated", (d) => d.tribeId === tribe.id && bSocket.messages("tribe-updated").length >= 3);
    expect((await b.call("GET", `/api/tribes/${tribe.id}`)).statusCode).toBe(404);
  });

  it("shows admins every tribe without letting them manage it", async () => {
    const { leader, tribe } = await tribeOfThree();
    const admin = caller(app, await loginAdmin(app));
    const all = (await admin("GET", "/api/tribes?scope=all")).json<TribeListResponse>().tribes;
    expect(all.find((t) => t.id === tribe.id)).toMatchObject({ myRole: null, memberCount: 3 });
    expect((await admin("GET", `/api/tribes/${tribe.id}`)).json<TribeResponse>().tribe.myRole).toBeNull();
    expect((await admin("PATCH", `/api/tribes/${tribe.id}`, { name: "Admin" })).statusCode).toBe(403);
    expect((await admin("PATCH", `/api/tribes/${tribe.id}/me`, { troopSharing: "all" })).statusCode).toBe(404);
    expect((await leader.call("GET", "/api/tribes?scope=all")).statusCode).toBe(403);
  });
});

describe("the members view", () => {
  it("shows each member's choices, bots' status, last scan, and villages and points from the world data", async () => {
    const { leader, a, tribe } = await tribeOfThree();
    const bot = await createBot(app, a.token, { name: "Bert", world: PLAN_WORLD.world });
    await app.db.update(dsbots).set({ status: "online" }).where(eq(dsbots.id, bot.id));
    const scannedAt = new Date(Date.now() - 60_000);
    await app.db.insert(botTroops).values({ dsbotId: bot.id, villageId: 4, x: 510, y: 490, name: "Gamma", units: { spear: 100 }, scannedAt });
    // A bot on another world is not the tribe's business.
    await createBot(app, a.token, { name: "Fremd", world: "de231" });

    const chose = await a.call("PATCH", `/api/tribes/${tribe.id}/me`, { troopSharing: "all" });
    const seen = chose.json<TribeResponse>().tribe.members.find((m) => m.userId === a.id);
    expect(seen).toMatchObject({
      playerName: "Bert",
      troopSharing: "all",
      bots: [{ id: bot.id, playerName: "Bert", online: true }],
      lastScanAt: scannedAt.toISOString(),
      villages: 2,
      points: 9000,
    });
    expect(JSON.stringify(seen)).not.toContain("modules");

    const named = await leader.call("PATCH", `/api/tribes/${tribe.id}/me`, { playerName: "Anna" });
    expect(named.json<TribeResponse>().tribe.members.find((m) => m.userId === leader.id)).toMatchObject({ playerName: "Anna", villages: 2, points: 2000, bots: [], lastScanAt: null });
    expect((await a.call("PATCH", `/api/tribes/${tribe.id}/me`, { troopSharing: "some" })).statusCode).toBe(400);
    expect((await a.call("PATCH", `/api/tribes/${tribe.id}/me`, {})).statusCode).toBe(400);
  });

  it("stays live: a member's bot going online, or their troops read anew, tells the members and nobody else", async () => {
    const { leader, a, tribe } = await tribeOfThree();
    const outsider = await person();
    const [leaderSocket, outsiderSocket] = [socketOf(leader), socketOf(outsider)];
    for (const s of [leaderSocket, outsiderSocket]) expect(await s.outcome).toBe("connected");
    const bot = await createBot(app, a.token, { name: "Bert", world: PLAN_WORLD.world });
    await startBotOnRunner(app, url, a.token, bot.id, sockets);
    await waitForMessage(leaderSocket, "tribe-members-updated", (d) => d.tribeId === tribe.id);
    expect((await leader.call("GET", `/api/tribes/${tribe.id}`)).json<TribeResponse>().tribe.members.find((m) => m.userId === a.id)?.bots).toEqual([
      { id: bot.id, playerName: "Bert", online: true },
    ]);
    const before = leaderSocket.messages("tribe-members-updated").length;
    expect((await a.call("DELETE", "/api/troops/pasted")).statusCode).toBe(204);
    await waitForMessage(leaderSocket, "tribe-members-updated", () => leaderSocket.messages("tribe-members-updated").length > before);

    // The outsider's own troops are the fence: a message to a socket comes after every earlier one to it.
    expect((await outsider.call("DELETE", "/api/troops/pasted")).statusCode).toBe(204);
    await waitForMessage(outsiderSocket, "troops-updated");
    expect(outsiderSocket.messages("tribe-members-updated")).toEqual([]);
  });
});
