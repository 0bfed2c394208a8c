// What an admin-only route shows everyone else: the page's header and the "no permission" state.
// Loaded on demand by RequireAdmin (route-guard.tsx): the header's icon map is no first-page code.
import { PageHeader } from "@/components/ui/page-header";
import { ForbiddenState } from "@/components/ui/states";
import { useRouteMeta } from "@/lib/route-meta";

export function AdminForbidden() {
  const meta = useRouteMeta();
  return (
    <>
      <PageHeader title={meta?.title ?? ""} icon={meta?.icon} />
      <ForbiddenState />
    </>
  );
}
