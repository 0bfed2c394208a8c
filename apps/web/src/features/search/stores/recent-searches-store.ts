// Recent searches ("Kürzlich gesucht"): kept in the browser per user, newest first,
// one entry per route, at most RECENT_SEARCH_LIMIT. Logout forgets them with the rest of the user state.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { useSession } from "@/lib/session";
import type { RecentRouteLabel } from "../texts";

export const RECENT_SEARCH_LIMIT = 10;
export const RECENT_SEARCHES_STORAGE_KEY = "dsbot-recent-searches";

/** Where a recent search leads: the route name plus params or query. */
export interface RecentRouterLink {
  name: "DsbotDetail" | "AttackPlanDetail" | "Downloads";
  params?: { id: number };
  query?: { script: string };
}

export interface RecentSearch {
  label: string;
  routeLabel: RecentRouteLabel;
  routerLink: RecentRouterLink;
  /** Tabler icon name (rendered through AppIcon). */
  icon: string;
  /** ISO timestamp of when the result was opened. */
  date: string;
}

/** Two entries lead to the same place when their links are equal. */
export function routeKey(link: RecentRouterLink): string {
  return `${link.name}|${link.params?.id ?? ""}|${link.query?.script ?? ""}`;
}

/** New entry first, an older entry for the same route dropped, capped. */
export function withRecentSearch(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  const key = routeKey(entry.routerLink);
  return [entry, ...list.filter((item) => routeKey(item.routerLink) !== key)].slice(0, RECENT_SEARCH_LIMIT);
}

interface RecentSearchesState {
  byUser: Record<string, RecentSearch[]>;
  add: (userId: number, entry: RecentSearch) => void;
  remove: (userId: number, link: RecentRouterLink) => void;
  reset: () => void;
}

export const useRecentSearchesStore = create<RecentSearchesState>()(
  persist(
    (set) => ({
      byUser: {},
      add: (userId, entry) =>
        set((state) => ({ byUser: { ...state.byUser, [userId]: withRecentSearch(state.byUser[userId] ?? [], entry) } })),
      remove: (userId, link) =>
        set((state) => {
          const key = routeKey(link);
          return { byUser: { ...state.byUser, [userId]: (state.byUser[userId] ?? []).filter((item) => routeKey(item.routerLink) !== key) } };
        }),
      reset: () => set({ byUser: {} }),
    }),
    {
      name: RECENT_SEARCHES_STORAGE_KEY,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ byUser }) => ({ byUser }),
    },
  ),
);

const EMPTY: RecentSearch[] = [];

/** The signed-in user's recent searches (empty without a user). */
export function useRecentSearches(): RecentSearch[] {
  const userId = useSession((state) => state.user?.id);
  return useRecentSearchesStore((state) => (userId === undefined ? EMPTY : (state.byUser[userId] ?? EMPTY)));
}

// Logout clears user state: forget the in-memory copy too (the storage is cleared by endSession).
useSession.subscribe((state, previous) => {
  if (previous.user && !state.user) {
    useRecentSearchesStore.getState().reset();
    useRecentSearchesStore.persist.clearStorage();
  }
});
