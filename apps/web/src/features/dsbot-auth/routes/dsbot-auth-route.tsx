// Dsbot Auth (/dsbot-auth): pair the runner and list paired runners. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function DsbotAuthRoute() {
  return <RoutePageHeader />;
}
