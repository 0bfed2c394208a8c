// Search results and recent searches as one flat list of navigable items (keyboard navigation and
// "open" work the same for both), plus the path each item leads to.
import { downloadLabels, worldLabel, type SearchResponse } from "@dsbot/protocol";
import { paths } from "@/config/paths";
import type { RecentRouterLink, RecentSearch } from "../stores/recent-searches-store";
import { recentRouteLabels, type RecentRouteLabel } from "../texts";

export type SearchGroupKey = "dsbots" | "attackPlans" | "downloads";

export interface SearchItem {
  /** Stable DOM id part (option ids for aria-activedescendant). */
  key: string;
  group: SearchGroupKey;
  label: string;
  description?: string;
  routeLabel: RecentRouteLabel;
  routerLink: RecentRouterLink;
  icon: string;
}

export const groupIcons: Record<SearchGroupKey, string> = {
  dsbots: "IconRobot",
  attackPlans: "IconTargetArrow",
  downloads: "IconDownload",
};

export function linkToPath(link: RecentRouterLink): string {
  switch (link.name) {
    case "DsbotDetail":
      return paths.botDetail(link.params?.id ?? "");
    case "AttackPlanDetail":
      return paths.attackPlanDetail(link.params?.id ?? "");
    case "Downloads":
      return link.query ? `${paths.downloads}?script=${encodeURIComponent(link.query.script)}` : paths.downloads;
  }
}

export function searchItems(result: SearchResponse): Record<SearchGroupKey, SearchItem[]> {
  return {
    dsbots: result.dsbots.map((bot) => ({
      key: `bot-${bot.id}`,
      group: "dsbots",
      label: bot.dsPlayer.name,
      description: worldLabel(bot.world),
      routeLabel: recentRouteLabels.bot,
      routerLink: { name: "DsbotDetail", params: { id: bot.id } },
      icon: groupIcons.dsbots,
    })),
    attackPlans: result.attackPlans.map((plan) => ({
      key: `plan-${plan.id}`,
      group: "attackPlans",
      label: plan.name,
      routeLabel: recentRouteLabels.attackPlan,
      routerLink: { name: "AttackPlanDetail", params: { id: plan.id } },
      icon: groupIcons.attackPlans,
    })),
    downloads: result.downloads.map((download) => ({
      key: `download-${download.type}`,
      group: "downloads",
      label: downloadLabels[download.type],
      routeLabel: recentRouteLabels.download,
      routerLink: { name: "Downloads", query: { script: download.type } },
      icon: groupIcons.downloads,
    })),
  };
}

export function toRecentSearch(item: Pick<SearchItem, "label" | "routeLabel" | "routerLink" | "icon">, date: Date): RecentSearch {
  return { label: item.label, routeLabel: item.routeLabel, routerLink: item.routerLink, icon: item.icon, date: date.toISOString() };
}

export function isEmptyGroups(groups: Record<SearchGroupKey, SearchItem[]>): boolean {
  return groups.dsbots.length === 0 && groups.attackPlans.length === 0 && groups.downloads.length === 0;
}
