// REST of the own profile: world, password, sessions (/api/profile*) and the own paired runners
// (/api/dsbot-auth/tokens, also listed on Dsbot Auth).
import type { PasswordChange, ProfileUpdate } from "@dsbot/protocol";
import { dsbotAuthRoutes, profileRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useSession } from "@/lib/session";

export const profileKeys = {
  sessions: ["profile", "sessions"] as const,
  runners: ["profile", "runners"] as const,
};

export const profileSessionsQueryOptions = queryOptions({
  queryKey: profileKeys.sessions,
  queryFn: ({ signal }) => api.call(profileRoutes.sessions, { signal }),
});

export const profileRunnersQueryOptions = queryOptions({
  queryKey: profileKeys.runners,
  queryFn: ({ signal }) => api.call(dsbotAuthRoutes.tokens, { signal }),
});

export function useUpdateProfile() {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.call(profileRoutes.update, { body }),
    onSuccess: ({ user }) => setUser(user),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => api.call(profileRoutes.changePassword, { body }),
    // The server ended the other sessions and revoked every runner token.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: profileKeys.sessions }),
        client.invalidateQueries({ queryKey: profileKeys.runners }),
      ]),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(profileRoutes.endSession, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export function useRevokeOwnRunner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(dsbotAuthRoutes.revokeToken, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.runners }),
  });
}
