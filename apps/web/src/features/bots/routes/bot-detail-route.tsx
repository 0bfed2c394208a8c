// Bot detail (/bots/:id): status, actions, connections, modules, access, log. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function BotDetailRoute() {
  return <RoutePageHeader />;
}
