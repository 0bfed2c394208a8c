// The routes of incomings: the list, tags, an SOS text pasted by a player and the pasted ones removed.
import type { Incoming, IncomingListQuery, IncomingListResponse, IncomingPatch, SosImport, WarRoomImportResponse } from "../war-room/api.js";
import { del, get, patch, post } from "./route.js";

export const incomingRoutes = {
  list: get("/api/incomings").query<Partial<IncomingListQuery>>().returns<IncomingListResponse>(),
  /** Set or clear an incoming's tag. */
  tag: patch("/api/incomings/:id").body<IncomingPatch>().returns<{ incoming: Incoming }>(),
  /** Remove all of the caller's pasted incomings. */
  clearPasted: del("/api/incomings/pasted"),
  /** Remove one of the caller's pasted incomings. */
  remove: del("/api/incomings/:id"),
  /** Paste an SOS text. */
  importSos: post("/api/incomings/import").body<SosImport>().returns<WarRoomImportResponse>(),
};
