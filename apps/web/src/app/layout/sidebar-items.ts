// The sidebar: its entries in order, the admin-only entry, and which routes light up
// which entry.
import { paths } from "@/config/paths";
import { botRouteNames, routes } from "@/config/routes";

export interface SidebarItem {
  label: string;
  to: string;
  icon: string;
  /** Route names on which this entry is highlighted. */
  routeNames: readonly string[];
  adminOnly?: boolean;
  /** Visual group; a new group starts a new section. */
  section: "overview" | "manage" | "tools" | "software";
}

export const sidebarSections: Record<SidebarItem["section"], string> = {
  overview: "Übersicht",
  manage: "Verwaltung",
  tools: "Werkzeuge",
  software: "Dsbot",
};

export const sidebarItems: readonly SidebarItem[] = [
  { label: "Dashboard", to: paths.dashboard, icon: routes.Dashboard.icon, routeNames: [routes.Dashboard.name], section: "overview" },
  { label: "Truppen", to: paths.dashboardUnits, icon: routes.DashboardUnits.icon, routeNames: [routes.DashboardUnits.name], section: "overview" },
  { label: "Raubzug", to: paths.scavenge, icon: routes.Scavenge.icon, routeNames: [routes.Scavenge.name], section: "overview" },
  { label: "Eingehende Angriffe", to: paths.incomings, icon: routes.DashboardIncommings.icon, routeNames: [routes.DashboardIncommings.name], section: "overview" },
  { label: "Stamm", to: paths.tribe, icon: routes.Tribe.icon, routeNames: [routes.Tribe.name, routes.TribeJoin.name, routes.TribeDetail.name], section: "overview" },
  { label: "Bots", to: paths.bots, icon: routes.Dsbots.icon, routeNames: botRouteNames, section: "manage" },
  { label: "Angriffspläne", to: paths.attackPlans, icon: routes.AttackPlans.icon, routeNames: [routes.AttackPlans.name, routes.AttackPlanDetail.name], section: "manage" },
  // The sidebar has no entry for the worlds: the admin reaches "Welten" from Benutzer, which stays highlighted there.
  { label: "Benutzer", to: paths.users, icon: routes.Users.icon, routeNames: [routes.Users.name, routes.UserDetail.name, routes.Worlds.name], adminOnly: true, section: "manage" },
  { label: "Koordinaten Filter", to: paths.coordsFilter, icon: routes.AttackPlannerCoordsFilter.icon, routeNames: [routes.AttackPlannerCoordsFilter.name], section: "tools" },
  { label: "Tab Anfragen", to: paths.tabRequests, icon: routes.TabRequests.icon, routeNames: [routes.TabRequests.name], section: "tools" },
  { label: "Spieler Skills", to: paths.playerSkills, icon: routes.DsPlayerSkills.icon, routeNames: [routes.DsPlayerSkills.name], section: "tools" },
  { label: "Karte", to: paths.map, icon: routes.Map.icon, routeNames: [routes.Map.name], section: "tools" },
  { label: "Templates", to: paths.templates, icon: routes.AccountManagerTemplates.icon, routeNames: [routes.AccountManagerTemplates.name, routes.AccountManagerTemplateDetail.name], section: "tools" },
  { label: "Downloads", to: paths.downloads, icon: routes.Downloads.icon, routeNames: [routes.Downloads.name], section: "software" },
  { label: "Dsbot Auth", to: paths.dsbotAuth, icon: routes.DsbotAuth.icon, routeNames: [routes.DsbotAuth.name], section: "software" },
];

/** Entries a user sees: 'Benutzer' only for admins. */
export function visibleSidebarItems(isAdmin: boolean): SidebarItem[] {
  return sidebarItems.filter((item) => !item.adminOnly || isAdmin);
}

export function isSidebarItemActive(item: SidebarItem, routeName: string | undefined): boolean {
  return routeName !== undefined && item.routeNames.includes(routeName);
}

/** A plain left click (no modifier) is handled by the app; anything else is left to the browser. */
export function isPlainLeftClick(event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented">): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}
