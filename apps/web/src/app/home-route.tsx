// Home ("/") re-initialises the app: response error handling, bots, alerts; then it sends
// the user on to the dashboard (the route guard already sent anonymous visitors to the login page).
import { useEffect } from "react";
import { Navigate } from "react-router";
import { paths } from "@/config/paths";
import { useBotsLoader } from "@/features/bots";
import { setupAlerts } from "@/lib/alerts";
import { registerApiErrorHandling } from "@/lib/api-error-handling";
import { useSession } from "@/lib/session";

export function HomeRoute() {
  const user = useSession((state) => state.user);
  const loadBots = useBotsLoader();

  useEffect(() => {
    registerApiErrorHandling();
    loadBots();
    if (user) setupAlerts();
  }, [loadBots, user]);

  return <Navigate to={user ? paths.dashboard : paths.login} replace />;
}
