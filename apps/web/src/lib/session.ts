// The signed-in user and web token, persisted in localStorage so a middle-click tab stays logged in
// (a new tab reads it there). endSession() is the one logout step: state, socket, caches and all browser storage.
import { apiBaseFor, type User } from "@dsbot/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { currentApiBases } from "./client-config";
import { queryClient } from "./query-client";
import { disconnectRealtime } from "./socket";
import { clearBrowserStorage, storageKeys } from "./storage";

interface SessionState {
  token: string | null;
  user: User | null;
  /** Set by a deliberate logout: the guard then sends to the plain login page (no redirect query). */
  loggedOut: boolean;
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  clear: (loggedOut?: boolean) => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      loggedOut: false,
      setSession: (token, user) => set({ token, user, loggedOut: false }),
      setUser: (user) => set({ user }),
      clear: (loggedOut = false) => set({ token: null, user: null, loggedOut }),
    }),
    {
      name: storageKeys.session,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

/** REST and socket base of the signed-in user (the page's origin when empty). */
export function currentApiBase(): string {
  return apiBaseFor(useSession.getState().user?.world, currentApiBases());
}

/**
 * Log out locally: disconnect the socket, forget the user and every cached answer, clear storage.
 * `deliberate` (the user chose to log out) makes the guard go to /login without a redirect query.
 */
export function endSession(deliberate = false): void {
  disconnectRealtime();
  useSession.getState().clear(deliberate);
  queryClient.clear();
  clearBrowserStorage();
}
