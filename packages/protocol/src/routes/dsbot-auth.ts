// The routes of runner pairing and runner tokens.
import type {
  DeviceApprove,
  DeviceApproveResponse,
  DeviceRequest,
  DeviceResponse,
  DeviceTokenRequest,
  DeviceTokenResponse,
  RunnerListResponse,
} from "../dsbot-auth.js";
import { del, get, post } from "./route.js";

export const dsbotAuthRoutes = {
  /** A runner (or the userscript) asks for a pairing code; public. */
  device: post("/api/dsbot-auth/device").body<DeviceRequest>().returns<DeviceResponse>(),
  /** The runner trades its device code for its token once the user approved; public. */
  token: post("/api/dsbot-auth/token").body<DeviceTokenRequest>().returns<DeviceTokenResponse>(),
  /** The signed-in user approves a pairing code. */
  approve: post("/api/dsbot-auth/approve").body<DeviceApprove>().returns<DeviceApproveResponse>(),
  deny: post("/api/dsbot-auth/deny").body<DeviceApprove>(),
  /** The caller's paired runners. */
  tokens: get("/api/dsbot-auth/tokens").returns<RunnerListResponse>(),
  revokeToken: del("/api/dsbot-auth/tokens/:id"),
};
