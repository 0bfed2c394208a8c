import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchRealtimeMessage, HOLD_UNHANDLED_MS, notifyRealtimeConnected, onRealtimeConnect, registerRealtimeHandler, resetRealtimeHandlers } from "./realtime-dispatcher";

const notification = { id: 1, title: "Neu", message: "Hallo", read: false, createdAt: "2026-03-01T10:00:00.000Z" };
const connectionDeleted = { dsbotId: 2, id: 4, websocketConnection: { id: 4, origin: "bot" } };

describe("realtime dispatcher", () => {
  afterEach(() => resetRealtimeHandlers());

  it("ignores the payload '[]' without a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const handler = vi.fn();
    registerRealtimeHandler("botUpdateStatus", handler);
    dispatchRealtimeMessage("[]");
    expect(handler).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("hands the data to the handlers registered for the type", () => {
    const handler = vi.fn();
    registerRealtimeHandler("bot-connection-deleted", handler);
    dispatchRealtimeMessage({ type: "bot-connection-deleted", data: connectionDeleted });
    expect(handler).toHaveBeenCalledExactlyOnceWith(connectionDeleted);
  });

  it("hands on the data as the type's schema reads it: the flat bot status wrapped, unknown fields left out", () => {
    const handler = vi.fn();
    registerRealtimeHandler("botUpdateStatus", handler);
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 2, status: "online", extra: true } });
    expect(handler).toHaveBeenCalledExactlyOnceWith({ dsbot: { id: 2, status: "online" } });
  });

  it("drops a known type whose data does not match its schema: no handler sees it, one console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = vi.fn();
    const second = vi.fn();
    registerRealtimeHandler("notification-created", first);
    registerRealtimeHandler("notification-created", second);
    for (const data of [{ notification: { id: 1 } }, {}, null, "[]", { notification: { ...notification, read: "nein" } }]) {
      dispatchRealtimeMessage({ type: "notification-created", data });
    }
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(5);
    expect(String(warn.mock.calls[0]?.[0])).toContain("notification-created");
    dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
    expect(first).toHaveBeenCalledExactlyOnceWith({ notification });
    expect(second).toHaveBeenCalledExactlyOnceWith({ notification });
  });

  it("drops a held message that does not match its schema when its handler registers", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: "7" } });
    expect(warn).not.toHaveBeenCalled();
    const handler = vi.fn();
    registerRealtimeHandler("troops-updated", handler);
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it("only warns in the console for unknown types", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const handler = vi.fn();
    registerRealtimeHandler("addTabRequest", handler);
    expect(() => dispatchRealtimeMessage({ type: "somethingNew", data: {} })).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("somethingNew");
    expect(handler).not.toHaveBeenCalled();
  });

  it("drops a known type nothing on the page listens to, without a console line", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    for (const type of ["attacks-updated", "botUpdateCommandStatus", "botUpdateAttackError", "bot-connection-created"]) {
      dispatchRealtimeMessage({ type, data: {} });
    }
    expect(warn).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it("hands a message that came before its handler to the handler registering within the hold, once", () => {
    const early = vi.fn();
    dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 2, status: "online" } });
    registerRealtimeHandler("notification-created", early);
    expect(early).toHaveBeenCalledExactlyOnceWith({ notification });
    const later = vi.fn();
    registerRealtimeHandler("notification-created", later);
    expect(later).not.toHaveBeenCalled();
  });

  it("drops a held message once the hold is over", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
      vi.setSystemTime(Date.now() + HOLD_UNHANDLED_MS + 1);
      const handler = vi.fn();
      registerRealtimeHandler("notification-created", handler);
      expect(handler).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a second call of an old unregister function leaves a later handler of the type alone", () => {
    const off = registerRealtimeHandler("troops-updated", vi.fn());
    off();
    const later = vi.fn();
    registerRealtimeHandler("troops-updated", later);
    off();
    dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: 7 } });
    expect(later).toHaveBeenCalledExactlyOnceWith({ dsbotId: 7 });
  });

  it("stops calling a handler after it unregistered", () => {
    const handler = vi.fn();
    const off = registerRealtimeHandler("notification-created", handler);
    off();
    dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("onRealtimeConnect", () => {
  it("runs every registered handler on each connect until it is removed", () => {
    const handler = vi.fn();
    const off = onRealtimeConnect(handler);
    notifyRealtimeConnected();
    notifyRealtimeConnected();
    expect(handler).toHaveBeenCalledTimes(2);
    off();
    notifyRealtimeConnected();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("keeps going when one handler throws", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const second = vi.fn();
    const failing = () => {
      throw new Error("boom");
    };
    const offs = [onRealtimeConnect(failing), onRealtimeConnect(second)];
    notifyRealtimeConnected();
    expect(second).toHaveBeenCalledOnce();
    offs.forEach((off) => off());
  });
});
