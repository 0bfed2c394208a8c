// Finding the user to grant access to (a bot, an attack plan): the exact-name lookup every user may do,
// and the names matching a search that only admins may ask for (the user list).
import { userRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const userSuggestionKeys = {
  all: ["user-suggestions"] as const,
  search: (search: string) => ["user-suggestions", search] as const,
};

/** The one user with exactly this name (case does not matter); 404 when there is none. */
export function useLookupUser() {
  return useMutation({
    mutationFn: (username: string) => api.call(userRoutes.lookup, { query: { username } }),
  });
}

/** Admins only: usernames matching a search, offered while typing the name to grant access to. */
export function userSuggestionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: userSuggestionKeys.search(search),
    queryFn: ({ signal }) => api.call(userRoutes.list, { query: { searchVal: search, perPage: 10, activePage: 1 }, signal }),
    enabled: search.length > 0,
  });
}
