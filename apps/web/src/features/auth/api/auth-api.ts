// Login, logout and the refresh of the signed-in user (REST: /api/auth/*).
import type { Login, LoginResponse } from "@dsbot/protocol";
import { authRoutes } from "@dsbot/protocol";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useSession } from "@/lib/session";

export function login(credentials: Login): Promise<LoginResponse> {
  return api.call(authRoutes.login, { body: credentials });
}

/** Revoke the web token on the server; a failure does not stop the local logout. */
export async function logoutOnServer(): Promise<void> {
  try {
    await api.call(authRoutes.logout);
  } catch (error) {
    console.warn("[auth] server logout failed", error);
  }
}

/** Refresh the stored user from GET /api/auth/me (a 401 logs out through the error handling). */
export async function refreshCurrentUser(): Promise<void> {
  const { user } = await api.call(authRoutes.me);
  if (useSession.getState().token) useSession.getState().setUser(user);
}

export function useLogin() {
  const setSession = useSession((state) => state.setSession);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => setSession(token, user),
  });
}
