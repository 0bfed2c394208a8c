// Template (/account-manager/templates/:id): the steps of one template. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function TemplateDetailRoute() {
  return <RoutePageHeader />;
}
