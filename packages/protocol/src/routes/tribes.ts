// The routes of Der Stamm (tribes.ts describes each).
import type {
  TribeCreate,
  TribeInviteCreate,
  TribeInviteCreatedResponse,
  TribeInviteListResponse,
  TribeJoin,
  TribeLeader,
  TribeListQuery,
  TribeListResponse,
  TribeMemberUpdate,
  TribeMeUpdate,
  TribeResponse,
  TribeUpdate,
} from "../tribes.js";
import type { TribeBoardQuery, TribeBoardResponse } from "../tribe-board.js";
import type { TribeRequestCreate, TribeRequestListResponse, TribeRequestResponse } from "../tribe-requests.js";
import type { TribeDefencePlanInput, TribeDefenceResponse } from "../tribe-defence.js";
import { del, get, patch, post } from "./route.js";

export const tribeRoutes = {
  list: get("/api/tribes").query<TribeListQuery>().returns<TribeListResponse>(),
  create: post("/api/tribes").body<TribeCreate>().returns<TribeResponse>(),
  join: post("/api/tribes/join").body<TribeJoin>().returns<TribeResponse>(),
  detail: get("/api/tribes/:id").returns<TribeResponse>(),
  update: patch("/api/tribes/:id").body<TribeUpdate>().returns<TribeResponse>(),
  dissolve: del("/api/tribes/:id"),
  invites: get("/api/tribes/:id/invites").returns<TribeInviteListResponse>(),
  createInvite: post("/api/tribes/:id/invites").body<TribeInviteCreate>().returns<TribeInviteCreatedResponse>(),
  revokeInvite: del("/api/tribes/:id/invites/:inviteId"),
  updateMe: patch("/api/tribes/:id/me").body<TribeMeUpdate>().returns<TribeResponse>(),
  leave: post("/api/tribes/:id/leave"),
  updateMember: patch("/api/tribes/:id/members/:userId").body<TribeMemberUpdate>().returns<TribeResponse>(),
  removeMember: del("/api/tribes/:id/members/:userId").returns<TribeResponse>(),
  handOver: post("/api/tribes/:id/leader").body<TribeLeader>().returns<TribeResponse>(),
  /** Stammes-Eingänge (tribe-board.ts). */
  board: get("/api/tribes/:id/incomings").query<TribeBoardQuery>().returns<TribeBoardResponse>(),
  /** Unterstützung anfordern (tribe-requests.ts). */
  requests: get("/api/tribes/:id/requests").returns<TribeRequestListResponse>(),
  createRequest: post("/api/tribes/:id/requests").body<TribeRequestCreate>().returns<TribeRequestResponse>(),
  withdrawRequest: del("/api/tribes/:id/requests/:requestId"),
  /** Verteidigung planen (tribe-defence.ts). */
  planDefence: post("/api/tribes/:id/requests/:requestId/plan").body<TribeDefencePlanInput>().returns<TribeDefenceResponse>(),
};
