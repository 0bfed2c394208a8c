// Every route but Login needs a signed-in user (else /login?redirect=<path+query>);
// admin-only routes show a clear "no permission" state to everyone else.
import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { loginPathWithRedirect } from "@/lib/redirect";
import { useSession } from "@/lib/session";
import { RouteLoading } from "./route-loading";

const AdminForbidden = lazy(async () => ({ default: (await import("./admin-forbidden")).AdminForbidden }));

export function RequireAuth() {
  const token = useSession((state) => state.token);
  const loggedOut = useSession((state) => state.loggedOut);
  const location = useLocation();
  if (!token) {
    const target = loggedOut ? paths.login : loginPathWithRedirect(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

export function RequireAdmin() {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  if (isAdmin) return <Outlet />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <AdminForbidden />
    </Suspense>
  );
}
