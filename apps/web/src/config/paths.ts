// Every path of the app in one place; features link through these builders, never through literals.
import type { ModuleName } from "@dsbot/protocol";

export const paths = {
  home: "/",
  login: "/login",
  dsbotAuth: "/dsbot-auth",
  dashboard: "/dashboard",
  dashboardUnits: "/dashboard-units",
  attackPlans: "/attack-plans",
  attackPlanDetail: (id: number | string) => `/attack-plans/${id}`,
  bots: "/bots",
  incomings: "/incomings",
  botDetail: (id: number | string) => `/bots/${id}`,
  botConfig: (id: number | string) => `/bots/${id}/config`,
  botModule: (id: number | string, module: ModuleName) => `/bots/${id}/${module}`,
  users: "/users",
  userDetail: (id: number | string) => `/users/${id}`,
  worlds: "/worlds",
  profile: "/profile",
  downloads: "/downloads",
  coordsFilter: "/coords-filter",
  tabRequests: "/tab-requests",
  playerSkills: "/ds-player-skills",
  map: "/map",
  templates: "/account-manager/templates",
  templateDetail: (id: number | string) => `/account-manager/templates/${id}`,
} as const;
