// Truppen (/dashboard-units): troops of every village of the user's bots. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function TroopsRoute() {
  return <RoutePageHeader />;
}
