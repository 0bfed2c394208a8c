// Angriffsplan (/attack-plans/:id): the attack table of one plan. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function AttackPlanDetailRoute() {
  return <RoutePageHeader />;
}
