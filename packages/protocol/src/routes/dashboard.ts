// The route of the dashboard's overview cards.
import type { DashboardResponse } from "../war-room/api.js";
import { get } from "./route.js";

export const dashboardRoutes = {
  /** The overview cards' figures. */
  get: get("/api/dashboard").returns<DashboardResponse>(),
};
