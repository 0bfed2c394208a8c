import { realtimeClientOptions } from "@dsbot/protocol";
import { io } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { connectRealtime, disconnectRealtime, getRealtimeSocket } from "./socket";

describe("realtime connection", () => {
  it("connects websocket-only with the web token and origin 'website'", async () => {
    await connectRealtime("tok", "https://api.example");
    expect(vi.mocked(io)).toHaveBeenLastCalledWith(
      "https://api.example",
      expect.objectContaining({
        ...realtimeClientOptions,
        transports: ["websocket"],
        auth: { token: "tok", origin: "website" },
      }),
    );
    disconnectRealtime();
  });

  it("uses the page origin when the base is empty", async () => {
    await connectRealtime("tok", "");
    const call = vi.mocked(io).mock.lastCall as unknown[];
    expect(typeof call[0]).toBe("object");
    disconnectRealtime();
  });

  it("reports a server-side end or a refused token, nothing else", async () => {
    const onRefused = vi.fn();
    const socket = (await connectRealtime("tok", "", onRefused)) as unknown as { listeners: Map<string, (...args: unknown[]) => void> };
    const fire = (event: string, arg: unknown) => socket.listeners.get(event)?.(arg);
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fire("disconnect", "transport close");
    fire("connect_error", new Error("websocket error"));
    expect(onRefused).not.toHaveBeenCalled();
    fire("disconnect", "io server disconnect");
    fire("connect_error", new Error("unauthorized"));
    expect(onRefused).toHaveBeenCalledTimes(2);
    disconnectRealtime();
  });

  it("disconnects an existing connection before connecting again", async () => {
    const first = await connectRealtime("a", "");
    await connectRealtime("b", "");
    expect(first?.disconnect).toHaveBeenCalled();
    disconnectRealtime();
    expect(getRealtimeSocket()).toBeNull();
  });

  it("a connect overtaken while the client loads opens nothing (socket.io-client is loaded on demand)", async () => {
    const before = vi.mocked(io).mock.calls.length;
    const stale = connectRealtime("a", "");
    disconnectRealtime();
    expect(await stale).toBeNull();
    const replaced = connectRealtime("b", "");
    const latest = connectRealtime("c", "");
    expect(await replaced).toBeNull();
    expect(await latest).not.toBeNull();
    expect(vi.mocked(io).mock.calls.length - before).toBe(1);
    expect(vi.mocked(io)).toHaveBeenLastCalledWith(expect.objectContaining({ auth: { token: "c", origin: "website" } }));
    disconnectRealtime();
  });
});
