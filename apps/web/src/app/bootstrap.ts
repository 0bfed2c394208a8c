// Start-up steps: fetch the public client config once, refresh the stored user (GET /api/auth/me),
// and keep one realtime connection while a web token exists.
import { healthRoutes } from "@dsbot/protocol";
import { useEffect, useState } from "react";
import { refreshCurrentUser } from "@/features/auth";
import { api } from "@/lib/api";
import { useClientConfig } from "@/lib/client-config";
import { currentApiBase, useSession } from "@/lib/session";
import { connectRealtime, disconnectRealtime } from "@/lib/socket";

let started: Promise<void> | null = null;

async function start(): Promise<void> {
  try {
    useClientConfig.getState().setConfig(await api.call(healthRoutes.clientConfig));
  } catch (error) {
    console.error("[bootstrap] client config unavailable, using the page origin", error);
  }
  if (useSession.getState().token) {
    // A 401 logs out through the response error handling; other failures keep the stored user.
    await refreshCurrentUser().catch((error: unknown) => console.warn("[bootstrap] user refresh failed", error));
  }
}

/** Runs the start-up steps once per page load; true when the app may render its routes. */
export function useAppBootstrap(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    started ??= start();
    void started.finally(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return ready;
}

/** Connect when a token exists (re-connecting when it or the user's world changes), disconnect when it goes. */
export function useRealtimeConnection(enabled: boolean): void {
  const token = useSession((state) => state.token);
  const world = useSession((state) => state.user?.world.server);
  const apiBases = useClientConfig((state) => state.config?.apiBases);
  useEffect(() => {
    if (!enabled || !token) return;
    // Refused or ended by the server: ask who we are; a 401 logs out through the error handling.
    connectRealtime(token, currentApiBase(), () => {
      refreshCurrentUser().catch((error: unknown) => console.warn("[realtime] session check failed", error));
    }).catch((error: unknown) => console.error("[realtime] client could not be loaded", error));
    return () => disconnectRealtime();
  }, [enabled, token, world, apiBases]);
}
