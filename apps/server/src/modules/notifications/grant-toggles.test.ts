// Grant notifications (docs/SECURITY.md): an owner toggling a grant (a plan between read and edit, a bot between
// granted and revoked) must not flood the user with notifications. News about one plan's or one bot's
// access for one user updates that user's unread notification about it (moved to the top, pushed again
// with the same id) instead of adding one per toggle; once read, the next change is new again.
import type { Notification, NotificationListResponse } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { caller, importPlanWorld, newPlan } from "../../../test/attack-plans.js";
import type { Call } from "../../../test/attack-plans.js";
import { createBot, openSocket, settle } from "../../../test/bots.js";
import type { TestSocket } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";

let app: TestApp;
let url: string;
let worldReady: Promise<number> | undefined;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const TOGGLES = 50;

async function signedIn(): Promise<{ id: number; token: string; call: Call; website: TestSocket }> {
  worldReady ??= importPlanWorld(app);
  await worldReady;
  const user = await createUser(app);
  const token = await loginAs(app, user);
  const website = openSocket(url, { token, origin: "website" }, sockets);
  expect(await website.outcome).toBe("connected");
  return { id: user.id, token, call: caller(app, token), website };
}

async function notificationsOf(user: { call: Call }): Promise<Notification[]> {
  const response = await user.call("GET", "/api/user-notifications");
  expect(response.statusCode).toBe(200);
  return response.json<NotificationListResponse>().notifications;
}

const pushedIds = (socket: TestSocket) => new Set(socket.messages("notification-created").map((m) => m.data.notification.id));

describe("toggling a plan grant", () => {
  it(`${TOGGLES} toggles between read and edit leave one unread notification that states the final right`, async () => {
    const owner = await signedIn();
    const friend = await signedIn();
    const plan = await newPlan(owner.call, "Wechselplan");
    for (let i = 0; i < TOGGLES; i++) {
      const level = i % 2 === 0 ? "read" : "edit";
      expect((await owner.call("POST", `/api/attack-plans/${plan.id}/permission/user/${friend.id}`, { level })).statusCode).toBe(204);
    }
    const [last] = await notificationsOf(friend);
    expect(await notificationsOf(friend)).toHaveLength(1);
    // The 50th toggle (i = 49) gave edit.
    expect(last).toMatchObject({ title: "Angriffsplan geteilt", read: false });
    expect(last?.message).toContain("Wechselplan");
    expect(last?.message).toContain("(Bearbeiten)");

    // The open page got every change live, always as the same notification (its list replaces it).
    await settle();
    expect(pushedIds(friend.website)).toEqual(new Set([last?.id]));
    expect(friend.website.messages("notification-created").at(-1)?.data.notification.message).toContain("(Bearbeiten)");
  });

  it("a revoke after toggles updates the same notification; once read, the next grant is a new one", async () => {
    const owner = await signedIn();
    const friend = await signedIn();
    const plan = await newPlan(owner.call, "Lesen und weg");
    const grantUrl = `/api/attack-plans/${plan.id}/permission/user/${friend.id}`;
    expect((await owner.call("POST", grantUrl, { level: "edit" })).statusCode).toBe(204);
    expect((await owner.call("DELETE", grantUrl)).statusCode).toBe(204);
    const [revoked, ...rest] = await notificationsOf(friend);
    expect(rest).toEqual([]);
    // The grant linked to the plan; taken away, there is nothing left to open.
    expect(revoked).toMatchObject({ title: "Zugriff entzogen", read: false, link: null });

    expect((await friend.call("POST", `/api/user-notifications/${revoked?.id}/mark-as-read`)).statusCode).toBe(200);
    expect((await owner.call("POST", grantUrl, { level: "read" })).statusCode).toBe(204);
    const [granted, old] = await notificationsOf(friend);
    expect(granted).toMatchObject({ title: "Angriffsplan geteilt", read: false, link: { kind: "attack-plan", planId: plan.id } });
    expect(granted?.message).toContain("(Nur ansehen)");
    expect(granted?.id).not.toBe(revoked?.id);
    expect(old).toMatchObject({ id: revoked?.id, title: "Zugriff entzogen", read: true });
  });

  it("each plan has its own notification, and parallel toggles still leave one per plan", async () => {
    const owner = await signedIn();
    const friend = await signedIn();
    const first = await newPlan(owner.call, "Erster");
    const second = await newPlan(owner.call, "Zweiter");
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.call("POST", `/api/attack-plans/${i % 4 < 2 ? first.id : second.id}/permission/user/${friend.id}`, { level: i % 2 === 0 ? "read" : "edit" }),
      ),
    );
    const told = await notificationsOf(friend);
    expect(told.map((n) => n.message.match(/"(\w+)"/)?.[1]).sort()).toEqual(["Erster", "Zweiter"]);
  });
});

describe("toggling a bot grant", () => {
  it(`${TOGGLES} grants and revokes leave one unread notification that states the final state`, async () => {
    const owner = await signedIn();
    const friend = await signedIn();
    const bot = await createBot(app, owner.token, { name: "Wechselbot" });
    for (let i = 0; i < TOGGLES; i++) {
      const method = i % 2 === 0 ? "POST" : "DELETE";
      expect((await owner.call(method, `/api/dsbot/${bot.id}/permission/user/${friend.id}`)).statusCode).toBe(204);
    }
    const told = await notificationsOf(friend);
    expect(told).toHaveLength(1);
    // The 50th toggle (i = 49) revoked.
    expect(told[0]).toMatchObject({ title: "Zugriff entzogen", read: false });
    expect(told[0]?.message).toContain("Wechselbot");
    expect(told[0]?.link).toBeNull();
    // Granted again: the same notification now links to the bot.
    expect((await owner.call("POST", `/api/dsbot/${bot.id}/permission/user/${friend.id}`)).statusCode).toBe(204);
    expect((await notificationsOf(friend))[0]).toMatchObject({ id: told[0]?.id, title: "Zugriff erhalten", link: { kind: "bot", dsbotId: bot.id } });
    expect((await owner.call("DELETE", `/api/dsbot/${bot.id}/permission/user/${friend.id}`)).statusCode).toBe(204);
    await settle();
    expect(pushedIds(friend.website)).toEqual(new Set([told[0]?.id]));
  });
});
