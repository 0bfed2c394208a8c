// The notification routes through the real app: only ever the caller's own notifications,
// admins may address others, and each new one reaches only its recipient's website sockets.
import type { Notification } from "@dsbot/protocol";
import {
  errorMessages,
  notificationListResponseSchema,
  notificationMarkAllResponseSchema,
  notificationResponseSchema,
  validationMessages,
} from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openSocket, settle, waitForMessage } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";
import { notifications } from "../../db/schema.js";
import { NOTIFICATION_LIST_LIMIT } from "./notifications.service.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

type Method = "GET" | "POST" | "DELETE";
const call = (token: string, method: Method, path: string, payload?: object) =>
  app.fastify.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });

async function signedIn(role: "user" | "admin" = "user") {
  const user = await createUser(app, { role });
  return { user, token: await loginAs(app, user) };
}

async function create(token: string, payload: object): Promise<Notification> {
  const response = await call(token, "POST", "/api/user-notifications", payload);
  expect(response.statusCode, response.body).toBe(201);
  return notificationResponseSchema.parse(response.json()).notification;
}

async function list(token: string): Promise<Notification[]> {
  const response = await call(token, "GET", "/api/user-notifications");
  expect(response.statusCode).toBe(200);
  return notificationListResponseSchema.parse(response.json()).notifications;
}

describe("GET and POST /api/user-notifications", () => {
  it("creates an unread notification for the caller and lists only the caller's, newest first", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const first = await create(a.token, { title: " Erste ", message: "Hallo" });
    expect(first).toMatchObject({ title: "Erste", message: "Hallo", read: false });
    const second = await create(a.token, { title: "Zweite", message: "Welt" });
    await create(b.token, { title: "Fremd", message: "Nicht für A" });
    expect((await list(a.token)).map((n) => n.id)).toEqual([second.id, first.id]);
    expect((await list(b.token)).map((n) => n.title)).toEqual(["Fremd"]);
  });

  it(`answers at most the newest ${NOTIFICATION_LIST_LIMIT}`, async () => {
    const a = await signedIn();
    const base = Date.UTC(2026, 0, 1);
    await app.db.insert(notifications).values(
      Array.from({ length: NOTIFICATION_LIST_LIMIT + 5 }, (_, i) => ({
        userId: a.user.id,
        title: `N${i}`,
        message: "m",
        createdAt: new Date(base + i * 1000),
      })),
    );
    const listed = await list(a.token);
    expect(listed).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(listed[0]?.title).toBe(`N${NOTIFICATION_LIST_LIMIT + 4}`);
    expect(listed.at(-1)?.title).toBe("N5");
  });

  it("answers 400 with German messages for bad input", async () => {
    const a = await signedIn();
    const blank = await call(a.token, "POST", "/api/user-notifications", { title: "  ", message: "x" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({ code: "bad_request", message: validationMessages.required });
    expect(blank.json().error.issues).toEqual([{ path: "title", message: validationMessages.required }]);
    const tooLong = await call(a.token, "POST", "/api/user-notifications", { title: "x".repeat(121), message: "x" });
    expect(tooLong.json().error.message).toBe(validationMessages.tooLong(120));
    const noBody = await call(a.token, "POST", "/api/user-notifications");
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.message).toBe(errorMessages.badRequest);
    const badUser = await call(a.token, "POST", "/api/user-notifications", { title: "t", message: "m", userId: "zwei" });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().error.issues[0].path).toBe("userId");
    for (const [method, path] of [
      ["POST", "/api/user-notifications/abc/mark-as-read"],
      ["DELETE", "/api/user-notifications/0"],
    ] as const) {
      const response = await call(a.token, method, path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.code).toBe("bad_request");
    }
    expect(await list(a.token)).toEqual([]);
  });

  it("refuses callers without a session", async () => {
    const response = await app.fastify.inject({ method: "GET", url: "/api/user-notifications" });
    expect(response.statusCode).toBe(401);
    const create = await app.fastify.inject({ method: "POST", url: "/api/user-notifications", payload: { title: "t", message: "m" } });
    expect(create.statusCode).toBe(401);
  });
});

describe("addressing another user", () => {
  it("is forbidden for a user (403, nothing stored) but naming oneself is fine", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const response = await call(a.token, "POST", "/api/user-notifications", { title: "t", message: "m", userId: b.user.id });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: "forbidden", message: errorMessages.forbidden });
    // A user cannot probe for user ids either: an unknown id is just as forbidden.
    const unknown = await call(a.token, "POST", "/api/user-notifications", { title: "t", message: "m", userId: 987654 });
    expect(unknown.statusCode).toBe(403);
    expect(await list(b.token)).toEqual([]);
    await create(a.token, { title: "Selbst", message: "m", userId: a.user.id });
    expect((await list(a.token)).map((n) => n.title)).toEqual(["Selbst"]);
  });

  it("is allowed for an admin; an unknown user answers 404", async () => {
    const admin = await loginAdmin(app);
    const b = await signedIn();
    const sent = await create(admin, { title: "Vom Admin", message: "Hallo B", userId: b.user.id });
    expect(await list(b.token)).toEqual([sent]);
    expect((await list(admin)).map((n) => n.id)).not.toContain(sent.id);
    const unknown = await call(admin, "POST", "/api/user-notifications", { title: "t", message: "m", userId: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "not_found", message: errorMessages.userNotFound });
  });
});

describe("realtime", () => {
  it("pushes notification-created to the recipient's website sockets only", async () => {
    const admin = await loginAdmin(app);
    const a = await signedIn();
    const b = await signedIn();
    const aSocket = openSocket(url, { token: a.token, origin: "website" }, sockets);
    const bSocket = openSocket(url, { token: b.token, origin: "website" }, sockets);
    const adminSocket = openSocket(url, { token: admin, origin: "website" }, sockets);
    expect(await aSocket.outcome).toBe("connected");
    expect(await bSocket.outcome).toBe("connected");
    expect(await adminSocket.outcome).toBe("connected");

    const own = await create(a.token, { title: "Für A", message: "m" });
    expect((await waitForMessage(aSocket, "notification-created")).data).toEqual({ notification: own });
    const forB = await create(admin, { title: "Für B", message: "m", userId: b.user.id });
    expect((await waitForMessage(bSocket, "notification-created")).data).toEqual({ notification: forB });
    await settle();
    expect(aSocket.messages("notification-created").map((m) => m.data.notification.id)).toEqual([own.id]);
    expect(bSocket.messages("notification-created").map((m) => m.data.notification.id)).toEqual([forB.id]);
    expect(adminSocket.messages("notification-created")).toEqual([]);
  });
});

describe("mark as read and delete", () => {
  it("marks one of the caller's as read, idempotently", async () => {
    const a = await signedIn();
    const n = await create(a.token, { title: "t", message: "m" });
    const other = await create(a.token, { title: "t2", message: "m" });
    const response = await call(a.token, "POST", `/api/user-notifications/${n.id}/mark-as-read`);
    expect(response.statusCode).toBe(200);
    expect(notificationResponseSchema.parse(response.json()).notification).toEqual({ ...n, read: true });
    const [row] = await app.db.select().from(notifications).where(eq(notifications.id, n.id));
    const again = await call(a.token, "POST", `/api/user-notifications/${n.id}/mark-as-read`);
    expect(again.json().notification.read).toBe(true);
    const [rowAgain] = await app.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(rowAgain?.readAt).toEqual(row?.readAt);
    expect((await list(a.token)).find((x) => x.id === other.id)?.read).toBe(false);
  });

  it("marks all of the caller's unread as read and answers how many", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const one = await create(a.token, { title: "1", message: "m" });
    await create(a.token, { title: "2", message: "m" });
    await create(a.token, { title: "3", message: "m" });
    await call(a.token, "POST", `/api/user-notifications/${one.id}/mark-as-read`);
    await create(b.token, { title: "B", message: "m" });
    const response = await call(a.token, "POST", "/api/user-notifications/mark-as-read");
    expect(response.statusCode).toBe(200);
    expect(notificationMarkAllResponseSchema.parse(response.json())).toEqual({ updated: 2 });
    expect((await list(a.token)).every((n) => n.read)).toBe(true);
    expect((await list(b.token)).map((n) => n.read)).toEqual([false]);
    expect((await call(a.token, "POST", "/api/user-notifications/mark-as-read")).json()).toEqual({ updated: 0 });
  });

  it("deletes one of the caller's", async () => {
    const a = await signedIn();
    const keep = await create(a.token, { title: "bleibt", message: "m" });
    const gone = await create(a.token, { title: "weg", message: "m" });
    const response = await call(a.token, "DELETE", `/api/user-notifications/${gone.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await list(a.token)).map((n) => n.id)).toEqual([keep.id]);
    expect((await call(a.token, "DELETE", `/api/user-notifications/${gone.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's notification, unknown and impossible ids, and changes nothing", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const admin = await loginAdmin(app);
    const bs = await create(b.token, { title: "von B", message: "m" });
    for (const token of [a.token, admin]) {
      for (const id of [bs.id, 987654, 99999999999]) {
        for (const [method, path] of [
          ["POST", `/api/user-notifications/${id}/mark-as-read`],
          ["DELETE", `/api/user-notifications/${id}`],
        ] as const) {
          const response = await call(token, method, path);
          expect(response.statusCode, `${method} ${path}`).toBe(404);
          expect(response.json()).toEqual({ error: { code: "not_found", message: errorMessages.notificationNotFound } });
        }
      }
      await call(token, "POST", "/api/user-notifications/mark-as-read");
    }
    expect(await list(b.token)).toEqual([bs]);
  });
});
