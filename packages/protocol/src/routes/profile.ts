// The routes of the own profile.
import type { MeResponse } from "../auth.js";
import type { PasswordChange, ProfileUpdate, SessionListResponse } from "../users.js";
import { del, get, patch, post } from "./route.js";

export const profileRoutes = {
  /** The own world. */
  update: patch("/api/profile").body<ProfileUpdate>().returns<MeResponse>(),
  /** A new password ends every other session and all runner tokens. */
  changePassword: post("/api/profile/password").body<PasswordChange>(),
  sessions: get("/api/profile/sessions").returns<SessionListResponse>(),
  endSession: del("/api/profile/sessions/:id"),
};
