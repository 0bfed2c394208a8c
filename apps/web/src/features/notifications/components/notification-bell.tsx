// The header's bell: a badge with the unread count (none at 0) and the popup titled
// 'Benachrichtigungen (n)' (n = unread count, like the badge), ≤ 600px high, 500px wide (less on phones).
// The bell, its count and the live updates are here at once; the popup (notification-popup.tsx, with
// Mantine's Popover) loads when the pointer or the focus reaches the bell, and a click before it is
// there opens it once it is.
import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useDisclosure, useWindowEvent } from "@mantine/hooks";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useIntentImport } from "@/lib/use-intent-import";
import { useSession } from "@/lib/session";
import { useNotificationActions } from "../api/use-notification-actions";
import { notificationTexts } from "../texts";
import { useNotificationRealtime, useNotifications } from "../use-notifications";

const loadPopup = () => import("./notification-popup");

export function NotificationBell() {
  const userId = useSession((state) => state.user?.id) ?? 0;
  const { notifications, unread, loading, failed } = useNotifications();
  const actions = useNotificationActions(userId);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const popup = useIntentImport(loadPopup);
  useNotificationRealtime();
  // Without a focus trap Escape must be caught on the window; Ctrl/Cmd+K opens the search on top, so
  // the popup gives way; a route change leaves it behind.
  useWindowEvent("keydown", (event) => {
    if (event.key === "Escape" || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k")) close();
  });
  useEffect(close, [pathname, close]);

  const target = (
    <Indicator label={unread > 99 ? "99+" : unread} size={17} disabled={unread === 0} color="red" offset={5} inline data-testid="notification-badge">
      <ActionIcon
        ref={popup.track}
        onClick={() => {
          popup.prime();
          toggle();
        }}
        variant="subtle"
        color="gray"
        size="lg"
        radius="md"
        aria-label={unread > 0 ? notificationTexts.bellUnread(unread) : notificationTexts.bell}
        aria-haspopup="dialog"
        aria-expanded={opened}
      >
        <IconBell size={20} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
  if (!popup.module) return target;
  return (
    <popup.module.NotificationPopup
      opened={opened}
      close={close}
      target={target}
      notifications={notifications}
      unread={unread}
      loading={loading}
      failed={failed}
      actions={actions}
    />
  );
}
