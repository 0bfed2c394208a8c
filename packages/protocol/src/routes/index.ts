// The REST route table, one file per area of the API (a server module serves one or more of them).
import { alertRoutes } from "./alerts.js";
import { attackPlanRoutes } from "./attack-plans.js";
import { authRoutes } from "./auth.js";
import { dashboardRoutes } from "./dashboard.js";
import { downloadFileUrl, downloadRoutes } from "./downloads.js";
import { dsbotAuthRoutes } from "./dsbot-auth.js";
import { dsbotRoutes } from "./dsbots.js";
import { healthRoutes } from "./health.js";
import { incomingRoutes } from "./incomings.js";
import { notificationRoutes } from "./notifications.js";
import { playerSkillRoutes } from "./player-skills.js";
import { profileRoutes } from "./profile.js";
import { searchRoutes } from "./search.js";
import { tabRequestRoutes } from "./tab-requests.js";
import { templateRoutes } from "./templates.js";
import { tribeRoutes } from "./tribes.js";
import { troopRoutes } from "./troops.js";
import { userRoutes } from "./users.js";
import { userscriptRoutes } from "./userscript.js";
import { worldRoutes } from "./worlds.js";

export * from "./route.js";
export {
  alertRoutes,
  attackPlanRoutes,
  authRoutes,
  dashboardRoutes,
  downloadFileUrl,
  downloadRoutes,
  dsbotAuthRoutes,
  dsbotRoutes,
  healthRoutes,
  incomingRoutes,
  notificationRoutes,
  playerSkillRoutes,
  profileRoutes,
  searchRoutes,
  tabRequestRoutes,
  templateRoutes,
  tribeRoutes,
  troopRoutes,
  userRoutes,
  userscriptRoutes,
  worldRoutes,
};

/** Every module's routes, for the server's check that the table and its registered routes are one list. */
export const routeTable = {
  alerts: alertRoutes,
  attackPlans: attackPlanRoutes,
  auth: authRoutes,
  dashboard: dashboardRoutes,
  downloads: downloadRoutes,
  dsbotAuth: dsbotAuthRoutes,
  dsbots: dsbotRoutes,
  health: healthRoutes,
  incomings: incomingRoutes,
  notifications: notificationRoutes,
  playerSkills: playerSkillRoutes,
  profile: profileRoutes,
  search: searchRoutes,
  tabRequests: tabRequestRoutes,
  templates: templateRoutes,
  tribes: tribeRoutes,
  troops: troopRoutes,
  users: userRoutes,
  userscript: userscriptRoutes,
  worlds: worldRoutes,
};
