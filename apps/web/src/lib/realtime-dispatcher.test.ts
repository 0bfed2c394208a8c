import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchRealtimeMessage, HOLD_UNHANDLED_MS, notifyRealtimeConnected, onRealtimeConnect, registerRealtimeHandler, resetRealtimeHandlers } from "./realtime-dispatcher";

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
    dispatchRealtimeMessage({ type: "bot-connection-deleted", data: { id: 4 } });
    expect(handler).toHaveBeenCalledWith({ id: 4 });
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
    dispatchRealtimeMessage({ type: "notification-created", data: { notification: { id: 1 } } });
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 2 } });
    registerRealtimeHandler("notification-created", early);
    expect(early).toHaveBeenCalledExactlyOnceWith({ notification: { id: 1 } });
    const later = vi.fn();
    registerRealtimeHandler("notification-created", later);
    expect(later).not.toHaveBeenCalled();
  });

  it("drops a held message once the hold is over", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      dispatchRealtimeMessage({ type: "notification-created", data: { notification: { id: 1 } } });
      vi.setSystemTime(Date.now() + HOLD_UNHANDLED_MS + 1);
      const handler = vi.fn();
      registerRealtimeHandler("notification-created", handler);
      expect(handler).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops calling a handler after it unregistered", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const handler = vi.fn();
    const off = registerRealtimeHandler("notification-created", handler);
    off();
    dispatchRealtimeMessage({ type: "notification-created", data: {} });
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
