// The routes of troops: the list of the villages' troops and a troops overview pasted by a player.
import type { TroopListQuery, TroopListResponse, WarRoomImportResponse, WarRoomText } from "../war-room/api.js";
import type { ScavengeStateResponse } from "../scavenge-state.js";
import { del, get, post } from "./route.js";

export const troopRoutes = {
  list: get("/api/troops").query<Partial<TroopListQuery>>().returns<TroopListResponse>(),
  /** What the Raubzug modules of the bots one may see last found in each village: options free, out, locked. */
  scavenge: get("/api/troops/scavenge").returns<ScavengeStateResponse>(),
  /** Paste a troops overview. */
  import: post("/api/troops/import").body<WarRoomText>().returns<WarRoomImportResponse>(),
  /** Remove all of the caller's pasted troops. */
  clearPasted: del("/api/troops/pasted"),
};
