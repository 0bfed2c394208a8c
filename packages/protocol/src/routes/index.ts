// The REST route table, one file per server module; each file's object is that module's routes.
import { attackPlanRoutes } from "./attack-plans.js";
import { authRoutes } from "./auth.js";
import { downloadFileUrl, downloadRoutes } from "./downloads.js";
import { dsbotAuthRoutes } from "./dsbot-auth.js";
import { dsbotRoutes } from "./dsbots.js";
import { healthRoutes } from "./health.js";
import { notificationRoutes } from "./notifications.js";
import { playerSkillRoutes } from "./player-skills.js";
import { profileRoutes } from "./profile.js";
import { searchRoutes } from "./search.js";
import { tabRequestRoutes } from "./tab-requests.js";
import { templateRoutes } from "./templates.js";
import { userRoutes } from "./users.js";
import { userscriptRoutes } from "./userscript.js";
import { warRoomRoutes } from "./war-room.js";
import { worldRoutes } from "./worlds.js";

export * from "./route.js";
export {
  attackPlanRoutes,
  authRoutes,
  downloadFileUrl,
  downloadRoutes,
  dsbotAuthRoutes,
  dsbotRoutes,
  healthRoutes,
  notificationRoutes,
  playerSkillRoutes,
  profileRoutes,
  searchRoutes,
  tabRequestRoutes,
  templateRoutes,
  userRoutes,
  userscriptRoutes,
  warRoomRoutes,
  worldRoutes,
};

/** Every module's routes, for the server's check that the table and its registered routes are one list. */
export const routeTable = {
  attackPlans: attackPlanRoutes,
  auth: authRoutes,
  downloads: downloadRoutes,
  dsbotAuth: dsbotAuthRoutes,
  dsbots: dsbotRoutes,
  health: healthRoutes,
  notifications: notificationRoutes,
  playerSkills: playerSkillRoutes,
  profile: profileRoutes,
  search: searchRoutes,
  tabRequests: tabRequestRoutes,
  templates: templateRoutes,
  users: userRoutes,
  userscript: userscriptRoutes,
  warRoom: warRoomRoutes,
  worlds: worldRoutes,
};
