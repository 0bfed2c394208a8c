// The demo's tribe: the demo user leads "Demo-Stamm" with two members of its own, whose shared troops
// and pasted incomings fill the board, with Lena's open request against her noble train; written once,
// renewed when the members' incomings have landed; the demo user keeps exactly their three bots.
import type { TribeBoardResponse, TribeRequestListResponse, TribeResponse } from "@dsbot/protocol";
import { DEMO_WORLD } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { caller } from "../../test/attack-plans.js";
import { loginAs } from "../../test/factories.js";
import { useDemoApp } from "../../test/demo-app.js";
import type { TestApp } from "../../test/test-app.js";
import { dsbots, incomings, tribes, users } from "../db/schema.js";
import { DEMO_USERNAME } from "../modules/bootstrap/bootstrap.js";
import { DEMO_TRIBE_MEMBERS, ensureDemoTribe } from "./demo-tribe.js";

const demo = useDemoApp("dsbot-demo-tribe-");
let app: TestApp;
beforeEach(() => {
  app = demo.current();
});

describe("ensureDemoTribe", () => {
  it("gives the demo user a tribe with members, a filled board and an open request", async () => {
    const now = Date.now();
    const tribeId = await ensureDemoTribe(app.ctx, DEMO_USERNAME, now);
    expect(tribeId).toBeTypeOf("number");
    const [demo] = await app.db.select().from(users).where(eq(users.username, DEMO_USERNAME));
    const call = caller(app, await loginAs(app, { username: DEMO_USERNAME, password: app.ctx.config.demoPassword }));

    const { tribe } = (await call("GET", `/api/tribes/${tribeId}`)).json<TribeResponse>();
    expect(tribe).toMatchObject({ name: "Demo-Stamm", tag: "DEMO", myRole: "leader", gameAlly: { tag: "DEMO" } });
    expect(tribe.members.map((m) => m.username).sort()).toEqual([DEMO_USERNAME, ...DEMO_TRIBE_MEMBERS].sort());
    // The members play other players of the world's tribe, with their villages and shared troops.
    for (const member of tribe.members.filter((m) => m.username !== DEMO_USERNAME)) {
      expect(DEMO_WORLD.namedPlayers as readonly string[]).not.toContain(member.playerName);
      expect(member.villages).toBeGreaterThan(0);
      expect(member.lastScanAt).not.toBeNull();
    }
    // The demo user keeps exactly their bots.
    expect((await app.db.select({ name: dsbots.playerName }).from(dsbots).where(eq(dsbots.ownerId, demo!.id))).map((b) => b.name).sort()).toEqual(
      [...DEMO_WORLD.namedPlayers].sort(),
    );

    const board = (await call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
    expect(board.summary.count).toBeGreaterThanOrEqual(6);
    const train = board.incomings.filter((i) => i.trainId !== null);
    expect(train).toHaveLength(4);
    expect(train[0]?.defence.troops).toMatchObject({ spear: 2400, sword: 1800, heavy: 300 });

    const { requests } = (await call("GET", `/api/tribes/${tribeId}/requests`)).json<TribeRequestListResponse>();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ member: { username: "Demo-Lena" }, attackArrival: train[0]?.arrivalTime, need: { kind: "population", population: 12_000 } });
    expect(requests[0]!.helpers).toBeGreaterThanOrEqual(1);
    // The demo user planned the defence: Finn's supports, leaving in two hours, in his own plan.
    const supports = requests[0]!.supports;
    expect(supports.length).toBeGreaterThanOrEqual(1);
    for (const support of supports) {
      expect(support).toMatchObject({ member: { username: "Demo-Finn" }, status: "planned" });
      expect(support.sendAt).toBeGreaterThanOrEqual(now + 2 * 3_600_000);
      expect(support.arrivalAt).toBeLessThanOrEqual(requests[0]!.neededBy);
    }
  });

  it("is written once, and renewed when the members' incomings have landed", async () => {
    const later = Date.now() + 10 * 3_600_000;
    const [tribe] = await app.db.select().from(tribes).where(eq(tribes.name, "Demo-Stamm"));
    const before = (await app.db.select({ id: incomings.id }).from(incomings)).length;
    expect(await ensureDemoTribe(app.ctx, DEMO_USERNAME)).toBe(tribe!.id);
    expect((await app.db.select({ id: incomings.id }).from(incomings)).length).toBe(before);

    // Ten hours on, everything has landed: new incomings, and Lena asks again.
    expect(await ensureDemoTribe(app.ctx, DEMO_USERNAME, later)).toBe(tribe!.id);
    const fresh = await app.db.select({ at: incomings.arrivalAt }).from(incomings);
    expect(fresh.filter((i) => i.at.getTime() > later).length).toBeGreaterThanOrEqual(6);
    expect((await app.db.select().from(tribes)).length).toBe(1);
  });
});
