// The routes of troops: the list of the villages' troops and a troops overview pasted by a player.
import type { TroopListQuery, TroopListResponse, WarRoomImportResponse, WarRoomText } from "../war-room/api.js";
import { del, get, post } from "./route.js";

export const troopRoutes = {
  list: get("/api/troops").query<Partial<TroopListQuery>>().returns<TroopListResponse>(),
  /** Paste a troops overview. */
  import: post("/api/troops/import").body<WarRoomText>().returns<WarRoomImportResponse>(),
  /** Remove all of the caller's pasted troops. */
  clearPasted: del("/api/troops/pasted"),
};
