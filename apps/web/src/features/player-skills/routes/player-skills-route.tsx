// Skills (/ds-player-skills): tribe skills per game player. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function PlayerSkillsRoute() {
  return <RoutePageHeader />;
}
