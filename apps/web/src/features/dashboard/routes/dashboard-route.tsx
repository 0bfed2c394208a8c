// Dashboard (/dashboard): the overview cards arrive with a later issue; for now the header and a greeting.
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { useSession } from "@/lib/session";
import { dashboardTexts } from "../texts";

export function DashboardRoute() {
  const username = useSession((state) => state.user?.username);
  return <RoutePageHeader hideBack subtitle={username ? dashboardTexts.welcome(username) : undefined} />;
}
