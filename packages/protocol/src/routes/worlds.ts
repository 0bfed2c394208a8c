// The routes of worlds, their data and the world map.
import type { World } from "../world.js";
import type { WorldOwnersResponse, WorldVillageResponse } from "../world-map.js";
import type {
  WorldAlliesResponse,
  WorldImportResponse,
  WorldPlayersResponse,
  WorldResponse,
  WorldSearchQuery,
  WorldsResponse,
  WorldUpdate,
} from "../worlds.js";
import { get, patch, post } from "./route.js";

export const worldRoutes = {
  list: get("/api/worlds").returns<WorldsResponse>(),
  create: post("/api/worlds").body<World>().returns<WorldResponse>(),
  /** Whether the server syncs the world, and its time zone. */
  update: patch("/api/worlds/:id").body<WorldUpdate>().returns<WorldResponse>(),
  /** Multipart upload of the game's files (XMLHttpRequest, for its progress), replacing the world's data. */
  importFiles: post("/api/worlds/:id/import").returns<WorldImportResponse>(),
  /** Fetch the world from the game now. */
  sync: post("/api/worlds/:id/sync").returns<WorldResponse>(),
  /** Binary map data (village-map.ts), not JSON: fetched directly, ETag → 304. */
  villages: get("/api/worlds/:id/villages"),
  players: get("/api/worlds/:id/players").query<Partial<WorldSearchQuery>>().returns<WorldPlayersResponse>(),
  allies: get("/api/worlds/:id/allies").query<Partial<WorldSearchQuery>>().returns<WorldAlliesResponse>(),
  /** Every player and tribe of the world, columnar. */
  owners: get("/api/worlds/:id/owners").returns<WorldOwnersResponse>(),
  /** One village with its owner and tribe. */
  village: get("/api/worlds/:id/villages/:villageId").returns<WorldVillageResponse>(),
};
