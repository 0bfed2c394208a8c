// The page header of the current route, from the route table (title, icon, subtitle); props override.
import { useRouteMeta } from "@/lib/route-meta";
import { PageHeader, type PageHeaderProps } from "./page-header";

export function RoutePageHeader({ title, icon, subtitle, ...props }: Partial<PageHeaderProps>) {
  const meta = useRouteMeta();
  return (
    <PageHeader title={title ?? meta?.title ?? ""} icon={icon ?? meta?.icon} subtitle={subtitle ?? meta?.subtitle} {...props} />
  );
}
