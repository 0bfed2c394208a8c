// The response error handling: 401 outside Login logs out, network failures warn once.
import { paths } from "@/config/paths";
import { showNetworkErrorAlert } from "./alerts";
import { setApiErrorHandlers } from "./api";
import { endSession, useSession } from "./session";

function onLoginPage(): boolean {
  return window.location.pathname === paths.login;
}

/**
 * (Re-)register the handlers. After a 401 the session is gone, so the route guard sends the user to
 * /login?redirect=<current route>; the error itself is still thrown to the caller.
 */
export function registerApiErrorHandling(): void {
  setApiErrorHandlers({
    onUnauthorized: () => {
      if (onLoginPage()) return;
      if (!useSession.getState().token) return;
      endSession();
    },
    onNetworkError: () => showNetworkErrorAlert(),
  });
}
