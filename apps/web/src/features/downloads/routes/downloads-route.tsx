// Downloads (/downloads?script=dsbot|userscript): Dsbot and Userscript. Its content arrives with a later issue; until then only the page header.
import { RoutePageHeader } from "@/components/ui/route-page-header";

export function DownloadsRoute() {
  return <RoutePageHeader />;
}
