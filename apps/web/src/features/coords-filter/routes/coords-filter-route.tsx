// Koordinaten Filter (/coords-filter): extract and filter coordinates. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function CoordsFilterRoute() {
  return <RoutePageHeader />;
}
