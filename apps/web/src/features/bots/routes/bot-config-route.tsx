// Bot config (/bots/:id/config): general bot settings. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function BotConfigRoute() {
  return <RoutePageHeader />;
}
