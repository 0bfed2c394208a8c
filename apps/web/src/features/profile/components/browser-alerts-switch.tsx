// "Im Browser melden": the browser's own notifications for this browser (features/notifications,
// browser-notifications.ts). Switching on asks the browser; a refusal or a browser without them says so.
import { Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { browserPermission, requestBrowserPermission, useBrowserAlerts, type BrowserPermission } from "@/features/notifications";
import { alert } from "@/lib/alerts";
import { alertTexts as texts } from "../texts";

export function BrowserAlertsSwitch() {
  const enabled = useBrowserAlerts((s) => s.enabled);
  const setEnabled = useBrowserAlerts((s) => s.setEnabled);
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const blocked = permission === "denied" || permission === "unsupported";

  const toggle = async (on: boolean) => {
    if (!on) return setEnabled(false);
    const answer = await requestBrowserPermission();
    setPermission(answer);
    if (answer !== "granted") return alert.warning(answer === "unsupported" ? texts.browserUnsupported : texts.browserDenied);
    setEnabled(true);
    alert.success(texts.browserOn);
  };

  return (
    <Stack gap={4}>
      <Switch label={texts.browser} checked={enabled && permission === "granted"} disabled={permission === "unsupported"} onChange={(e) => void toggle(e.currentTarget.checked)} />
      <Text size="xs" c={blocked ? "orange.4" : "dimmed"}>
        {permission === "unsupported" ? texts.browserUnsupported : permission === "denied" ? texts.browserDenied : texts.browserHint}
      </Text>
    </Stack>
  );
}
