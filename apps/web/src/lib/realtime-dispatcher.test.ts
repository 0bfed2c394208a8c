import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchRealtimeMessage, registerRealtimeHandler, resetRealtimeHandlers } from "./realtime-dispatcher";

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

  it("stops calling a handler after it unregistered", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const handler = vi.fn();
    const off = registerRealtimeHandler("notification-created", handler);
    off();
    dispatchRealtimeMessage({ type: "notification-created", data: {} });
    expect(handler).not.toHaveBeenCalled();
  });
});
