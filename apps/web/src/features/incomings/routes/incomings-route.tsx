// Eingehende Angriffe (/incomings): incoming commands found by the command scanners. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function IncomingsRoute() {
  return <RoutePageHeader />;
}
