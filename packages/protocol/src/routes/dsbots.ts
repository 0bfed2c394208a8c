// The routes of the bots: list, detail, actions, modules, permissions.
import type { RenamerPreviewResponse, ScannerPlansResponse } from "../bot-module-data.js";
import type {
  BotCreate,
  BotListResponse,
  BotLogListResponse,
  BotLogQuery,
  BotPermissionsResponse,
  BotResponse,
  BotStart,
  BotUpdate,
  BotVillagesResponse,
  ModuleResponse,
  ModuleSave,
  ToggleModuleResponse,
  WebsocketConnectionsResponse,
} from "../bots.js";
import type { ModuleName } from "../modules/index.js";
import type { BotUsageResponse } from "../runner.js";
import type { BotVillageStatesQuery, BotVillageStatesResponse } from "../village-states.js";
import { del, get, patch, post } from "./route.js";

export const dsbotRoutes = {
  /** The bots the caller may see, a page at a time (`websocketConnections=true` adds their connections). */
  list: get("/api/dsbot").returns<BotListResponse>(),
  create: post("/api/dsbot").body<BotCreate>().returns<BotResponse>(),
  detail: get("/api/dsbot/:id").returns<BotResponse>(),
  /** General settings (owner and admins). */
  update: patch("/api/dsbot/:id").body<BotUpdate>().returns<BotResponse>(),
  remove: del("/api/dsbot/:id"),
  connections: get("/api/dsbot/:id/connections").returns<WebsocketConnectionsResponse>(),
  /** The bot-user connections of the caller's runners. */
  runnerConnections: get("/api/websocket-connections").returns<WebsocketConnectionsResponse>(),
  /** Start on the named runner connection. */
  start: post("/api/dsbot/:id/start").body<BotStart>().returns<BotResponse>(),
  /** Stop through the named runner connection. */
  stop: post("/api/dsbot/:id/stop").body<BotStart>().returns<BotResponse>(),
  forceStop: post("/api/dsbot/:id/force-stop").returns<BotResponse>(),
  pause: post("/api/dsbot/:id/pause").returns<BotResponse>(),
  resume: post("/api/dsbot/:id/resume").returns<BotResponse>(),
  /** "Gelöst": the player solved the game's bot protection in their own game tab; the bot goes on. */
  protectionSolved: post("/api/dsbot/:id/protection-solved").returns<BotResponse>(),
  toggleModule: post("/api/dsbot/:id/toggle-module").body<{ moduleName: ModuleName }>().returns<ToggleModuleResponse>(),
  /** One module's configuration, and why it cannot be switched on. */
  module: get("/api/dsbot/:id/module").query<{ moduleName: ModuleName }>().returns<ModuleResponse>(),
  saveModule: post("/api/dsbot/:id/module").body<ModuleSave>().returns<ModuleResponse>(),
  /** The Offplaner Scanner's plan choices. */
  scannerPlans: get("/api/dsbot/:id/scanner-plans").returns<ScannerPlansResponse>(),
  /** The Umbenenner's preview: the bot's upcoming incoming attacks. */
  renamerPreview: get("/api/dsbot/:id/renamer-preview").returns<RenamerPreviewResponse>(),
  /** The villages of the bot's last inventory scan, a page at a time. */
  villageStates: get("/api/dsbot/:id/village-states").query<BotVillageStatesQuery>().returns<BotVillageStatesResponse>(),
  /** The bot's last request budget report. */
  usage: get("/api/dsbot/:id/usage").returns<BotUsageResponse>(),
  /** The bot's player's villages, for the module forms' pickers. */
  villages: get("/api/dsbot/:id/villages").returns<BotVillagesResponse>(),
  /** The users the bot is shared with. */
  permissions: get("/api/dsbot/:id/permissions").returns<BotPermissionsResponse>(),
  grantPermission: post("/api/dsbot/:id/permission/user/:userId"),
  revokePermission: del("/api/dsbot/:id/permission/user/:userId"),
  logs: get("/api/dsbot/:id/logs").query<BotLogQuery>().returns<BotLogListResponse>(),
};
