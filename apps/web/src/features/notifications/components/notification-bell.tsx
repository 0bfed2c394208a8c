// The header's bell (spec §2): a badge with the unread count (none at 0) and the popup titled
// 'Benachrichtigungen (n)' (n = unread count, like the badge), ≤ 600px high, 500px wide (less on phones).
import { ActionIcon, Indicator, Loader, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBell, IconBellOff, IconChecks } from "@tabler/icons-react";
import { useDisclosure, useWindowEvent } from "@mantine/hooks";
import { useEffect, useId } from "react";
import { useLocation } from "react-router";
import { Tooltip } from "@/components/ui/tooltip";
import { useSession } from "@/lib/session";
import { useNotificationActions } from "../api/use-notification-actions";
import { notificationTexts } from "../texts";
import { useNotificationRealtime, useNotifications } from "../use-notifications";
import classes from "./notification-bell.module.css";
import { NotificationItem } from "./notification-item";

/** Popup 600px at most: the header row takes ~52px, the list scrolls in the rest. */
const LIST_MAX_HEIGHT = 540;

export function NotificationBell() {
  const userId = useSession((state) => state.user?.id) ?? 0;
  const { notifications, unread, loading, failed } = useNotifications();
  const actions = useNotificationActions(userId);
  const headingId = useId();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useNotificationRealtime();
  // Without a focus trap Escape must be caught on the window; Ctrl/Cmd+K opens the search on top, so
  // the popup gives way; a route change leaves it behind.
  useWindowEvent("keydown", (event) => {
    if (event.key === "Escape" || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k")) close();
  });
  useEffect(close, [pathname, close]);

  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width="min(500px, calc(100vw - 16px))"
      shadow="lg"
      radius="md"
      trapFocus={false}
    >
      <Popover.Target>
        <Indicator label={unread > 99 ? "99+" : unread} size={17} disabled={unread === 0} color="red" offset={5} inline data-testid="notification-badge">
          <ActionIcon
            onClick={toggle}
            variant="subtle"
            color="gray"
            size="lg"
            radius="md"
            aria-label={unread > 0 ? notificationTexts.bellUnread(unread) : notificationTexts.bell}
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown} aria-labelledby={headingId}>
        <div className={classes.head}>
          <Text id={headingId} fw={600} role="heading" aria-level={2}>
            {notificationTexts.title(unread)}
          </Text>
          <Tooltip label={notificationTexts.markAllRead}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="md"
              aria-label={notificationTexts.markAllRead}
              disabled={unread === 0}
              onClick={actions.markAllRead}
            >
              <IconChecks size={18} />
            </ActionIcon>
          </Tooltip>
        </div>
        <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" offsetScrollbars={false}>
          {loading ? (
            <Stack align="center" py="xl">
              <Loader size="sm" type="dots" />
            </Stack>
          ) : notifications.length === 0 ? (
            <Stack align="center" gap={6} py="xl" px="md" c="dimmed" className={classes.empty}>
              <IconBellOff size={28} stroke={1.5} />
              <Text size="sm">{failed ? notificationTexts.loadFailed : notificationTexts.empty}</Text>
            </Stack>
          ) : (
            <div role="list" className={classes.list}>
              {notifications.map((notification) => (
                <div role="listitem" key={notification.id}>
                  <NotificationItem notification={notification} onMarkRead={actions.markRead} onRemove={actions.remove} />
                </div>
              ))}
            </div>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
