// The bell's popup: Mantine's Popover with the list, loaded when the user reaches for the bell
// (notification-bell.tsx), not with the first page.
import type { Notification } from "@dsbot/protocol";
import { ActionIcon, Loader, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBellOff, IconChecks } from "@tabler/icons-react";
import { useId, type ReactElement } from "react";
import { Tooltip } from "@/components/ui/tooltip";
import type { NotificationActions } from "../api/use-notification-actions";
import { notificationTexts } from "../texts";
import classes from "./notification-bell.module.css";
import { NotificationItem } from "./notification-item";

/** Popup 600px at most: the header row takes ~52px, the list scrolls in the rest. */
const LIST_MAX_HEIGHT = 540;

export interface NotificationPopupProps {
  opened: boolean;
  close: () => void;
  target: ReactElement;
  notifications: readonly Notification[];
  unread: number;
  loading: boolean;
  failed: boolean;
  actions: NotificationActions;
}

export function NotificationPopup({ opened, close, target, notifications, unread, loading, failed, actions }: NotificationPopupProps) {
  const headingId = useId();
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
        {target}
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
                  <NotificationItem notification={notification} onMarkRead={actions.markRead} onRemove={actions.remove} onOpen={close} />
                </div>
              ))}
            </div>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
