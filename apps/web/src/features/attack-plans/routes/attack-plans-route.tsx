// Angriffspläne (/attack-plans): the plan list. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function AttackPlansRoute() {
  return <RoutePageHeader />;
}
