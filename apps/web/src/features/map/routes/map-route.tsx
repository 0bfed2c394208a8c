// Karte (/map): the world's villages on a canvas. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function MapRoute() {
  return <RoutePageHeader />;
}
