// Granting or revoking a bot tells the user: a stored notification and a live
// `notification-created` message to that user's website sockets, and to nobody else. While unread, the
// news on one bot's access updates one notification (docs/SECURITY.md, "Grant notifications"; grant-toggles.test.ts).
import type { Notification, NotificationListResponse } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { createBot, openSocket, pairRunner, settle, waitForMessage } from "../../../test/bots.js";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const notificationsOf = async (token: string): Promise<Notification[]> => {
  const response = await app.fastify.inject({ method: "GET", url: "/api/user-notifications", headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationListResponse>().notifications;
};

const permission = (method: "POST" | "DELETE", token: string, botId: number, userId: number) =>
  app.fastify.inject({ method, url: `/api/dsbot/${botId}/permission/user/${userId}`, headers: bearer(token) });

async function signedIn() {
  const user = await createUser(app);
  const token = await loginAs(app, user);
  const website = openSocket(url, { token, origin: "website" }, sockets);
  expect(await website.outcome).toBe("connected");
  return { user, token, website };
}

describe("grant and revoke notify the user", () => {
  it("grant: the grantee's notification list and website socket get it; owner, third user and the grantee's runner socket do not", async () => {
    const owner = await signedIn();
    const grantee = await signedIn();
    const third = await signedIn();
    const { token: runnerToken } = await pairRunner(app, grantee.token);
    const granteeRunner = openSocket(url, { token: runnerToken, origin: "bot-user" }, sockets);
    expect(await granteeRunner.outcome).toBe("connected");
    const bot = await createBot(app, owner.token, { name: "Häuptling Grant" });

    expect((await permission("POST", owner.token, bot.id, grantee.user.id)).statusCode).toBe(204);

    const live = await waitForMessage(grantee.website, "notification-created");
    expect(live.data.notification).toMatchObject({ title: "Zugriff erhalten", read: false });
    expect(live.data.notification.message).toContain("Häuptling Grant");
    expect(live.data.notification.message).toContain(owner.user.username);
    expect(await notificationsOf(grantee.token)).toEqual([live.data.notification]);

    await settle();
    expect(owner.website.messages("notification-created")).toEqual([]);
    expect(third.website.messages("notification-created")).toEqual([]);
    expect(granteeRunner.received.filter((r) => r.event === "message")).toEqual([]);
    expect(await notificationsOf(third.token)).toEqual([]);
    expect(await notificationsOf(owner.token)).toEqual([]);

    // Granting again changes nothing and tells nobody again.
    expect((await permission("POST", owner.token, bot.id, grantee.user.id)).statusCode).toBe(204);
    await settle();
    expect(grantee.website.messages("notification-created")).toHaveLength(1);
    expect(await notificationsOf(grantee.token)).toHaveLength(1);
  });

  it("revoke: the user is told too, and only them", async () => {
    const owner = await signedIn();
    const grantee = await signedIn();
    const third = await signedIn();
    const bot = await createBot(app, owner.token, { name: "Häuptling Revoke" });
    expect((await permission("POST", owner.token, bot.id, grantee.user.id)).statusCode).toBe(204);
    const granted = await waitForMessage(grantee.website, "notification-created", (d) => d.notification.title === "Zugriff erhalten");

    expect((await permission("DELETE", owner.token, bot.id, grantee.user.id)).statusCode).toBe(204);
    const live = await waitForMessage(grantee.website, "notification-created", (d) => d.notification.title === "Zugriff entzogen");
    expect(live.data.notification.message).toContain("Häuptling Revoke");
    expect(live.data.notification.message).toContain(owner.user.username);
    // The grant's notification was still unread: the revoke updated it (one per bot while unread).
    expect(live.data.notification.id).toBe(granted.data.notification.id);
    expect((await notificationsOf(grantee.token)).map((n) => n.title)).toEqual(["Zugriff entzogen"]);

    await settle();
    expect(owner.website.messages("notification-created")).toEqual([]);
    expect(third.website.messages("notification-created")).toEqual([]);
    expect(await notificationsOf(third.token)).toEqual([]);

    // Revoking what is not granted tells nobody.
    expect((await permission("DELETE", owner.token, bot.id, grantee.user.id)).statusCode).toBe(204);
    await settle();
    expect(grantee.website.messages("notification-created")).toHaveLength(2);
  });
});
