// The routes of tab requests.
import type { TabRequestListResponse, TabRequestResponse } from "../tab-requests.js";
import { get, post } from "./route.js";

export const tabRequestRoutes = {
  /** The caller's own requests, open only unless `done`. */
  list: get("/api/tab-requests").returns<TabRequestListResponse>(),
  /** "Erledigt": an attack request counts the attack as sent by hand. */
  markDone: post("/api/tab-requests/:id/done").returns<TabRequestResponse>(),
};
