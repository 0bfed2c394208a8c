// The website's socket.io connection (spec §4): websocket only, web token + origin "website".
import { realtimeClientOptions, socketErrors, type ClientToServerEvents, type ServerToClientEvents } from "@dsbot/protocol";
import { io, type Socket } from "socket.io-client";
import { dispatchRealtimeMessage, notifyRealtimeConnected } from "./realtime-dispatcher";

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;

/**
 * Connect with the web token to `baseUrl` (the page's origin when empty). An existing connection is
 * disconnected first, so there is never more than one. `onRefused` runs when the server ends the
 * connection or refuses the token (logout elsewhere, a revoked or expired session): socket.io does
 * not retry then, so the caller checks the session.
 */
export function connectRealtime(token: string, baseUrl: string, onRefused?: () => void): RealtimeSocket {
  disconnectRealtime();
  const options = {
    ...realtimeClientOptions,
    transports: [...realtimeClientOptions.transports],
    auth: { token, origin: "website" as const },
  };
  const next: RealtimeSocket = baseUrl ? io(baseUrl, options) : io(options);
  next.on("connect", () => {
    console.info("[realtime] connected", next.id);
    notifyRealtimeConnected();
  });
  next.on("disconnect", (reason) => {
    console.info("[realtime] disconnected", reason);
    if (reason === "io server disconnect") onRefused?.();
  });
  next.on("connect_error", (error) => {
    console.error("[realtime] connection error", error.message);
    if (error.message === socketErrors.unauthorized) onRefused?.();
  });
  next.on("message", (message) => dispatchRealtimeMessage(message));
  socket = next;
  return next;
}

export function disconnectRealtime(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}

export function getRealtimeSocket(): RealtimeSocket | null {
  return socket;
}
