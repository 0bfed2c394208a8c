// The routes of health and readiness, and the client config the SPA reads before login.
import type { ClientConfig, HealthResponse } from "../client-config.js";
import { get } from "./route.js";

export const healthRoutes = {
  /** Whether the database is reachable (503 otherwise). */
  health: get("/api/health").returns<HealthResponse>(),
  /** The API bases per game server and the server's version. */
  clientConfig: get("/api/client-config").returns<ClientConfig>(),
};
