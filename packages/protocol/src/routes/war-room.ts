// The routes of incomings and troops (the war room).
import type {
  DashboardResponse,
  Incoming,
  IncomingListQuery,
  IncomingListResponse,
  IncomingPatch,
  SosImport,
  TroopListQuery,
  TroopListResponse,
  WarRoomImportResponse,
  WarRoomText,
} from "../war-room/api.js";
import { del, get, patch, post } from "./route.js";

export const warRoomRoutes = {
  incomings: get("/api/incomings").query<Partial<IncomingListQuery>>().returns<IncomingListResponse>(),
  /** Set or clear an incoming's tag. */
  tagIncoming: patch("/api/incomings/:id").body<IncomingPatch>().returns<{ incoming: Incoming }>(),
  /** Remove all of the caller's pasted incomings. */
  clearPastedIncomings: del("/api/incomings/pasted"),
  /** Remove one of the caller's pasted incomings. */
  removeIncoming: del("/api/incomings/:id"),
  /** Paste an SOS text. */
  importSos: post("/api/incomings/import").body<SosImport>().returns<WarRoomImportResponse>(),
  /** The overview cards' figures. */
  dashboard: get("/api/dashboard").returns<DashboardResponse>(),
  troops: get("/api/troops").query<Partial<TroopListQuery>>().returns<TroopListResponse>(),
  /** Paste a troops overview. */
  importTroops: post("/api/troops/import").body<WarRoomText>().returns<WarRoomImportResponse>(),
  /** Remove all of the caller's pasted troops. */
  clearPastedTroops: del("/api/troops/pasted"),
};
