// The user administration (admins) and the user lookup (anyone signed in).
import type {
  RevokeSessionsResponse,
  UserBotsResponse,
  UserCreate,
  UserDetailResponse,
  UserListResponse,
  UserLookupResponse,
  UserUpdate,
} from "../users.js";
import type { User } from "../auth.js";
import { del, get, patch, post } from "./route.js";

export const userRoutes = {
  list: get("/api/users").returns<UserListResponse>(),
  create: post("/api/users").body<UserCreate>().returns<{ user: User }>(),
  /** An exact username, for sharing a bot without a user list. */
  lookup: get("/api/users/lookup").query<{ username: string }>().returns<UserLookupResponse>(),
  detail: get("/api/users/:id").returns<UserDetailResponse>(),
  update: patch("/api/users/:id").body<UserUpdate>().returns<{ user: User }>(),
  remove: del("/api/users/:id"),
  bots: get("/api/users/:id/dsbots").returns<UserBotsResponse>(),
  revokeSessions: del("/api/users/:id/sessions").returns<RevokeSessionsResponse>(),
  revokeRunner: del("/api/users/:id/runners/:runnerId"),
};
