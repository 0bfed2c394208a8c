// The routes of player skills.
import type { PlayerSkillsDelete, PlayerSkillsListResponse, PlayerSkillsSave, PlayerSkillsSaveResponse } from "../player-skills.js";
import { del, get, put } from "./route.js";

export const playerSkillRoutes = {
  /** The caller's players with their skills. */
  list: get("/api/ds-player-skills").returns<PlayerSkillsListResponse>(),
  /** Save one player's skills (created on first save). */
  save: put("/api/ds-player-skills").body<PlayerSkillsSave>().returns<PlayerSkillsSaveResponse>(),
  /** Forget a player's saved skills. */
  remove: del("/api/ds-player-skills").body<PlayerSkillsDelete>(),
};
