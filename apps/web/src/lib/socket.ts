// The website's socket.io connection: websocket only, web token + origin "website".
// socket.io-client is loaded with the first connection (after sign-in), not with the login page.
import { realtimeClientOptions, socketErrors, type ClientToServerEvents, type ServerToClientEvents } from "@dsbot/protocol";
import type { io as createSocket, Socket } from "socket.io-client";
import { dispatchRealtimeMessage, notifyRealtimeConnected } from "./realtime-bus";

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;
/** Bumped by every connect and disconnect: a connect still loading the client is then stale. */
let generation = 0;
let client: Promise<{ io: typeof createSocket }> | undefined;
/** One import for every connect (the chunk loads once; a failed load is tried again next time). */
function loadClient(): Promise<{ io: typeof createSocket }> {
  client ??= import("socket.io-client").catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/**
 * Connect with the web token to `baseUrl` (the page's origin when empty). An existing connection is
 * disconnected first, so there is never more than one. `onRefused` runs when the server ends the
 * connection or refuses the token (logout elsewhere, a revoked or expired session): socket.io does
 * not retry then, so the caller checks the session. Resolves with the socket, or null when a
 * disconnect or another connect came first while the client code was loading.
 */
export async function connectRealtime(token: string, baseUrl: string, onRefused?: () => void): Promise<RealtimeSocket | null> {
  disconnectRealtime();
  const current = generation;
  const { io } = await loadClient();
  if (current !== generation) return null;
  const options = {
    ...realtimeClientOptions,
    transports: [...realtimeClientOptions.transports],
    auth: { token, origin: "website" as const },
  };
  const next: RealtimeSocket = baseUrl ? io(baseUrl, options) : io(options);
  next.on("connect", () => {
    console.info("[realtime] connected", next.id);
    markRealtime("connected");
    notifyRealtimeConnected();
  });
  next.on("disconnect", (reason) => {
    console.info("[realtime] disconnected", reason);
    markRealtime("disconnected");
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

/** The live connection's state on <html data-realtime> (for styling and the end-to-end tests). */
function markRealtime(state: "connected" | "disconnected"): void {
  if (typeof document !== "undefined") document.documentElement.dataset.realtime = state;
}

export function disconnectRealtime(): void {
  generation += 1;
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}

export function getRealtimeSocket(): RealtimeSocket | null {
  return socket;
}
