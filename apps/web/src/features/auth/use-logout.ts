// Logout: confirm 'Logout bestätigen' → revoke on the server → forget everything → /login.
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { confirm } from "@/components/ui/confirm-store";
import { paths } from "@/config/paths";
import { endSession } from "@/lib/session";
import { logoutOnServer } from "./api/auth-api";
import { authTexts } from "./texts";

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const confirmed = await confirm({
      title: authTexts.logoutTitle,
      message: authTexts.logoutMessage,
      confirmLabel: authTexts.logoutConfirm,
      danger: true,
    });
    if (!confirmed) return;
    await logoutOnServer();
    endSession(true);
    await navigate(paths.login, { replace: true });
  }, [navigate]);
}
