// Noble trains from the form (POST …/attacks/train) through the real app, and the live message every
// single write (add, train, edit, delete, import) sends to the plan's audience and to nobody else.
import type { Attack } from "@dsbot/protocol";
import { attackMessages, attackTrainResponseSchema, exportJson, unitTravelSeconds } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, errorOf, importPlanWorld, newAttack, newPlan, PLAN_WORLD, planUnitInfo } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { listen, openSocket, settle } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

let app: TestApp;
let call: Call;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  owner = await createUser(app, { world: PLAN_WORLD });
  call = caller(app, await loginAs(app, owner));
});
afterAll(() => app?.dispose());

const train = { from: "500|500", to: "510|490", type: "conquer", units: { snob: 1, axe: 100 }, arrival: ARRIVAL, nobles: 4, spacingMs: 100 };
const postTrain = (planId: number, body: unknown) => call("POST", `/api/attack-plans/${planId}/attacks/train`, body);

describe("a noble train", () => {
  it("lands the clearing attack first and each noble the spacing after it, all from one village", async () => {
    const plan = await newPlan(call);
    const response = await postTrain(plan.id, { ...train, clearUnits: { axe: 6000, light: 2000, ram: 300 } });
    expect(response.statusCode).toBe(201);
    const { attacks } = attackTrainResponseSchema.parse(response.json());
    expect(attacks.map((a) => [a.type, a.arrivalTime - ARRIVAL])).toEqual([
      ["attack", 0],
      ["conquer", 100],
      ["conquer", 200],
      ["conquer", 300],
      ["conquer", 400],
    ]);
    const ramTravel = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "ram", planUnitInfo) * 1000;
    const snobTravel = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "snob", planUnitInfo) * 1000;
    const [clear, ...nobles] = attacks as [Attack, ...Attack[]];
    expect(clear).toMatchObject({ unit: "ram", units: { axe: 6000, light: 2000, ram: 300 }, sendTime: ARRIVAL - ramTravel, status: "planned" });
    for (const noble of nobles) {
      expect(noble).toMatchObject({ unit: "snob", units: { axe: 100, snob: 1 }, sendTime: noble.arrivalTime - snobTravel, priority: 3 });
      expect(noble.startVillage.coordinates).toBe("500|500");
      expect(noble.targetVillage.coordinates).toBe("510|490");
    }
    // The table holds exactly these five, in arrival order.
    const list = (await call("GET", `/api/attack-plans/${plan.id}/attacks?sortBy=arrivalTime`)).json<{ attacks: Attack[] }>();
    expect(list.attacks.map((a) => a.id)).toEqual(attacks.map((a) => a.id));
  });

  it("without a clearing attack starts with the first noble; the default spacing is 100 ms", async () => {
    const plan = await newPlan(call);
    const { nobles: _nobles, spacingMs: _spacing, ...rest } = train;
    const response = await postTrain(plan.id, { ...rest, nobles: 2 });
    expect(response.statusCode).toBe(201);
    const { attacks } = attackTrainResponseSchema.parse(response.json());
    expect(attacks.map((a) => [a.type, a.arrivalTime - ARRIVAL])).toEqual([
      ["conquer", 0],
      ["conquer", 100],
    ]);
  });

  it("refuses a bad train in German at its field and creates nothing", async () => {
    const plan = await newPlan(call);
    const cases: [unknown, string][] = [
      [{ ...train, type: "attack" }, attackMessages.trainType],
      [{ ...train, units: { axe: 100 } }, attackMessages.trainNoble],
      [{ ...train, clearUnits: {} }, attackMessages.trainClearUnits],
      [{ ...train, to: "1|1" }, "Zieldorf 1|1 gibt es auf dieser Welt nicht."],
      // The plan's world has no archers.
      [{ ...train, clearUnits: { archer: 10 } }, "Bogenschütze"],
    ];
    for (const [body, message] of cases) {
      const response = await postTrain(plan.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).issues.join(" ")).toContain(message);
    }
    const list = (await call("GET", `/api/attack-plans/${plan.id}/attacks`)).json<{ totals: number }>();
    expect(list.totals).toBe(0);
  });

  it("needs edit access", async () => {
    const plan = await newPlan(call);
    const reader = await createUser(app);
    await call("POST", `/api/attack-plans/${plan.id}/permission/user/${reader.id}`, { level: "read" });
    const readerCall = caller(app, await loginAs(app, reader));
    expect((await readerCall("POST", `/api/attack-plans/${plan.id}/attacks/train`, train)).statusCode).toBe(403);
    const stranger = caller(app, await loginAs(app, await createUser(app)));
    expect((await stranger("POST", `/api/attack-plans/${plan.id}/attacks/train`, train)).statusCode).toBe(404);
  });
});

describe("live updates of single writes", () => {
  it("tell everyone who may see the plan that its attacks changed, nobody else", async () => {
    const plan = await newPlan(call);
    const url = await listen(app);
    const reader = await createUser(app);
    await call("POST", `/api/attack-plans/${plan.id}/permission/user/${reader.id}`, { level: "read" });
    const stranger = await createUser(app);
    const sockets: TestSocket[] = [];
    try {
      const self = openSocket(url, { token: await loginAs(app, owner), origin: "website" }, sockets);
      const watching = openSocket(url, { token: await loginAs(app, reader), origin: "website" }, sockets);
      const outside = openSocket(url, { token: await loginAs(app, stranger), origin: "website" }, sockets);
      expect([await self.outcome, await watching.outcome, await outside.outcome]).toEqual(["connected", "connected", "connected"]);
      const received = (socket: TestSocket) => socket.messages("attacks-updated").filter((m) => m.data.planId === plan.id).length;
      let seen = 0;
      /** One more `attacks-updated` for the plan on the owner's and the reader's socket. */
      const expectMessage = async () => {
        seen++;
        for (const socket of [self, watching]) await socket.waitFor("message", () => received(socket) >= seen);
      };

      const attack = await newAttack(call, plan.id, { from: "500|500", to: "510|490", type: "attack", units: { axe: 10 }, arrival: ARRIVAL });
      await expectMessage();
      expect((await postTrain(plan.id, train)).statusCode).toBe(201);
      await expectMessage();
      expect((await call("PUT", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, { from: "500|500", to: "510|490", type: "attack", units: { axe: 11 }, arrival: ARRIVAL })).statusCode).toBe(200);
      await expectMessage();
      expect((await call("DELETE", `/api/attack-plans/${plan.id}/attacks/${attack.id}`)).statusCode).toBe(204);
      await expectMessage();
      const json = exportJson([{ from: { x: 500, y: 500 }, to: { x: 510, y: 490 }, type: "fake", units: { spy: 1 }, unit: "spy", arrival: ARRIVAL, priority: 3 }]);
      expect((await call("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: json })).statusCode).toBe(200);
      await expectMessage();

      await settle();
      expect([received(self), received(watching)]).toEqual([seen, seen]);
      expect(outside.messages("attacks-updated")).toEqual([]);
    } finally {
      for (const socket of sockets) socket.socket.disconnect();
    }
  });
});
