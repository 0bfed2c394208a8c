// The routes of the Ctrl+K search.
import type { SearchRequest, SearchResponse } from "../search.js";
import { post } from "./route.js";

export const searchRoutes = {
  /** Bots, attack plans and downloads matching the value. */
  search: post("/api/search").body<SearchRequest>().returns<SearchResponse>(),
};
