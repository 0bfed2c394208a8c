// The routes of the userscript's calls.
import type { UserscriptOverviewQuery, UserscriptOverviewResponse } from "../userscript.js";
import { get } from "./route.js";

export const userscriptRoutes = {
  /** The open tab requests of the world and the planned attacks leaving the shown village. */
  overview: get("/api/userscript/overview").query<UserscriptOverviewQuery>().returns<UserscriptOverviewResponse>(),
};
