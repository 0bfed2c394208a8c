// The routes of sign-in, sign-out and the session.
import type { Login, LoginResponse, MeResponse } from "../auth.js";
import { get, post } from "./route.js";

export const authRoutes = {
  login: post("/api/auth/login").body<Login>().returns<LoginResponse>(),
  /** Ends the caller's own session. */
  logout: post("/api/auth/logout"),
  /** The signed-in user. */
  me: get("/api/auth/me").returns<MeResponse>(),
};
