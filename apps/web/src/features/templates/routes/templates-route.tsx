// Templates (/account-manager/templates): account-manager build templates. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function TemplatesRoute() {
  return <RoutePageHeader />;
}
