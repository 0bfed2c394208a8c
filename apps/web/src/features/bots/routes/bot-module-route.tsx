// Module page (/bots/:id/<module>): the module's form; title from the module registry. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function BotModuleRoute() {
  return <RoutePageHeader />;
}
