// notify() and the helpers built on it, called directly as other features will call them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../test/bots.js";
import { listen, openSocket, settle, waitForMessage } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { notifyAttackFailed } from "../attack-plans/attack-plan-notifications.js";
import { listNotifications } from "./notifications.service.js";
import type { NotifyContext } from "./notify.js";
import { notify } from "./notify.js";

let app: TestApp;
let url: string;
let ctx: NotifyContext;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  ctx = { db: app.db, events: app.ctx.events };
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.socket.disconnect();
});
afterAll(() => app?.dispose());

describe("notify", () => {
  it("stores one notification per distinct recipient and pushes each to its recipient", async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    const c = await createUser(app);
    const web = (token: string) => openSocket(url, { token, origin: "website" }, sockets);
    const [aSocket, cSocket] = [web(await loginAs(app, a)), web(await loginAs(app, c))];
    expect(await aSocket.outcome).toBe("connected");
    expect(await cSocket.outcome).toBe("connected");

    const sent = await notify(ctx, [a.id, b.id, a.id], { title: "Titel", message: "Text" });
    expect(sent.map((n) => n.title)).toEqual(["Titel", "Titel"]);
    const pushed = await waitForMessage(aSocket, "notification-created");
    expect(sent).toContainEqual(pushed.data.notification);
    expect((await listNotifications(app.db, a.id)).map((r) => r.id)).toEqual([pushed.data.notification.id]);
    expect(await listNotifications(app.db, b.id)).toHaveLength(1);
    await settle();
    expect(aSocket.messages("notification-created")).toHaveLength(1);
    expect(cSocket.messages("notification-created")).toEqual([]);
    expect(await notify(ctx, [], { title: "t", message: "m" })).toEqual([]);
  });

  it("notifyAttackFailed tells the plan's owner which attack failed and why, linked to the attack", async () => {
    const owner = await createUser(app);
    const [notification] = await notifyAttackFailed(
      ctx,
      { id: 12, ownerId: owner.id, name: "Sonntag" },
      { id: 34, source: "500|500", target: "501|499", error: "Nicht genug Einheiten" },
    );
    expect(notification).toMatchObject({
      title: "Angriff fehlgeschlagen",
      message: 'Der Angriff von 500|500 auf 501|499 im Angriffsplan "Sonntag" ist fehlgeschlagen: Nicht genug Einheiten',
      read: false,
      link: { kind: "attack-plan", planId: 12, attackId: 34 },
    });
    expect((await listNotifications(app.db, owner.id)).map((r) => r.id)).toEqual([notification?.id]);
    // The list answers the link too; a notification about nothing has none.
    const plain = await notify(ctx, owner.id, { title: "Notiz", message: "Text" });
    expect(plain[0]?.link).toBeNull();
  });
});
