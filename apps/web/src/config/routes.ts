// The route table as data: name, path pattern, title and layout flags of every screen.
// The router (app/router.tsx) binds components to these entries; sidebar, guard and body class read them.
// The module catalog (no zod): the route table is on the first page's path.
import { moduleCatalog, moduleNames, type ModuleName } from "@dsbot/protocol";

export interface RouteMeta {
  /** Route name; the body gets the class `page--<name>`. */
  name: string;
  /** react-router path pattern. */
  path: string;
  title: string;
  /** Short neutral description shown under the page title. */
  subtitle?: string;
  /** Tabler icon name (see components/ui/app-icon). */
  icon: string;
  hideHeader?: boolean;
  hideSidebar?: boolean;
  requiresAuth: boolean;
  adminOnly?: boolean;
}

function route(meta: Omit<RouteMeta, "requiresAuth"> & { requiresAuth?: boolean }): RouteMeta {
  return { requiresAuth: true, ...meta };
}

export const routes = {
  Home: route({ name: "Home", path: "/", title: "dsbot", icon: "IconHome" }),
  Login: route({ name: "Login", path: "/login", title: "Anmelden", icon: "IconLogin", hideHeader: true, hideSidebar: true, requiresAuth: false }),
  DsbotAuth: route({ name: "DsbotAuth", path: "/dsbot-auth", title: "Dsbot Auth", subtitle: "Verbinde den Dsbot auf deinem Rechner mit deinem Konto.", icon: "IconKey" }),
  Dashboard: route({ name: "Dashboard", path: "/dashboard", title: "Dashboard", subtitle: "Dein Überblick über Bots, Angriffe und Meldungen.", icon: "IconLayoutDashboard" }),
  DashboardUnits: route({ name: "DashboardUnits", path: "/dashboard-units", title: "Truppen", subtitle: "Truppen aller Dörfer deiner Bots.", icon: "IconShieldHalf" }),
  Scavenge: route({ name: "Scavenge", path: "/scavenge", title: "Raubzug", subtitle: "Wie deine Dörfer ihre Truppen am besten auf die Sammler verteilen.", icon: "IconShovel" }),
  AttackPlans: route({ name: "AttackPlans", path: "/attack-plans", title: "Angriffspläne", subtitle: "Plane Angriffe und verfolge ihre Ausführung.", icon: "IconTargetArrow" }),
  AttackPlanDetail: route({ name: "AttackPlanDetail", path: "/attack-plans/:id", title: "Angriffsplan", subtitle: "Angriffe dieses Plans.", icon: "IconTargetArrow" }),
  Dsbots: route({ name: "Dsbots", path: "/bots", title: "Bots", subtitle: "Deine Bots und ihr Status.", icon: "IconRobot" }),
  DashboardIncommings: route({ name: "DashboardIncommings", path: "/incomings", title: "Eingehende Angriffe", subtitle: "Erkannte eingehende Befehle auf deine Dörfer.", icon: "IconSwords" }),
  Tribe: route({ name: "Tribe", path: "/tribe", title: "Stamm", subtitle: "Dein Stamm auf dieser Welt: Stammes-Eingänge, Mitglieder, Rollen und Einladungen.", icon: "IconUsersGroup" }),
  TribeJoin: route({ name: "TribeJoin", path: "/tribe/join/:code", title: "Stamm", subtitle: "Mit einem Einladungscode einem Stamm beitreten.", icon: "IconUsersGroup" }),
  TribeDetail: route({ name: "TribeDetail", path: "/tribe/:id", title: "Stamm", subtitle: "Stammes-Eingänge, Mitglieder, Rollen und Einladungen dieses Stamms.", icon: "IconUsersGroup" }),
  DsbotDetail: route({ name: "DsbotDetail", path: "/bots/:id", title: "Bot", subtitle: "Status, Verbindungen und Module des Bots.", icon: "IconRobot" }),
  DsbotDetailConfig: route({ name: "DsbotDetailConfig", path: "/bots/:id/config", title: "Bot-Konfiguration", subtitle: "Allgemeine Einstellungen des Bots.", icon: "IconSettings" }),
  Users: route({ name: "Users", path: "/users", title: "Benutzer", subtitle: "Benutzerkonten anlegen und verwalten.", icon: "IconUsers", adminOnly: true }),
  UserDetail: route({ name: "UserDetail", path: "/users/:id", title: "Benutzer", subtitle: "Rolle, Welt, Passwort und Sitzungen.", icon: "IconUser", adminOnly: true }),
  Worlds: route({ name: "Worlds", path: "/worlds", title: "Welten", subtitle: "Spielwelten anlegen, ihre Dateien importieren und mit dem Spiel abgleichen.", icon: "IconWorld", adminOnly: true }),
  UserProfile: route({ name: "UserProfile", path: "/profile", title: "Profil", subtitle: "Deine Welt, dein Passwort und deine Sitzungen.", icon: "IconUserCircle" }),
  Downloads: route({ name: "Downloads", path: "/downloads", title: "Downloads", subtitle: "Dsbot und Userscript herunterladen.", icon: "IconDownload" }),
  AttackPlannerCoordsFilter: route({ name: "AttackPlannerCoordsFilter", path: "/coords-filter", title: "Koordinaten Filter", subtitle: "Koordinaten aus beliebigem Text filtern.", icon: "IconFilter" }),
  TabRequests: route({ name: "TabRequests", path: "/tab-requests", title: "Tab Anfragen", subtitle: "Aktionen, die du selbst im Spiel ausführen musst.", icon: "IconBrowser" }),
  DsPlayerSkills: route({ name: "DsPlayerSkills", path: "/ds-player-skills", title: "Skills", subtitle: "Stammesfertigkeiten deiner Spieler.", icon: "IconStar" }),
  Map: route({ name: "Map", path: "/map", title: "Karte", subtitle: "Die Dörfer deiner Welt auf einen Blick.", icon: "IconMap" }),
  AccountManagerTemplates: route({ name: "AccountManagerTemplates", path: "/account-manager/templates", title: "Templates", subtitle: "Bauvorlagen des Account-Managers.", icon: "IconTemplate" }),
  AccountManagerTemplateDetail: route({ name: "AccountManagerTemplateDetail", path: "/account-manager/templates/:id", title: "Template", subtitle: "Bauschritte dieser Vorlage.", icon: "IconTemplate" }),
  NotFound: route({ name: "NotFound", path: "*", title: "Seite nicht gefunden", icon: "IconMoodEmpty" }),
} as const satisfies Record<string, RouteMeta>;

export type RouteName = keyof typeof routes;

/** "command-scanner" → "DsbotCommandScanner": the route name of a module page. */
export function moduleRouteName(module: ModuleName): string {
  const pascal = module
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return `Dsbot${pascal}`;
}

/** The 16 per-bot module pages under /bots/:id/<segment>, titled with the module label. */
export const moduleRoutes: RouteMeta[] = moduleNames.map((module) => {
  const entry = moduleCatalog[module];
  return route({
    name: moduleRouteName(module),
    path: `/bots/:id/${module}`,
    title: entry.label,
    subtitle: entry.description,
    icon: entry.icon,
  });
});

/** Every route name that belongs to the bot area (list, detail, config, module pages). */
export const botRouteNames: string[] = [
  routes.Dsbots.name,
  routes.DsbotDetail.name,
  routes.DsbotDetailConfig.name,
  ...moduleRoutes.map((r) => r.name),
];
