import { realtimeClientOptions } from "@dsbot/protocol";
import { io } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { connectRealtime, disconnectRealtime, getRealtimeSocket } from "./socket";

describe("realtime connection", () => {
  it("connects websocket-only with the web token and origin 'website'", () => {
    connectRealtime("tok", "https://api.example");
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

  it("uses the page origin when the base is empty", () => {
    connectRealtime("tok", "");
    const call = vi.mocked(io).mock.lastCall as unknown[];
    expect(typeof call[0]).toBe("object");
    disconnectRealtime();
  });

  it("disconnects an existing connection before connecting again", () => {
    const first = connectRealtime("a", "");
    connectRealtime("b", "");
    expect(first.disconnect).toHaveBeenCalled();
    disconnectRealtime();
    expect(getRealtimeSocket()).toBeNull();
  });
});
