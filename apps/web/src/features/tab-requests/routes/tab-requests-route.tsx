// Tab Anfragen (/tab-requests): actions the player must do in a game tab. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function TabRequestsRoute() {
  return <RoutePageHeader />;
}
