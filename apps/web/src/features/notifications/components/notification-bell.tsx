// The header's bell: a badge with the unread count (only when > 0) and the notification popup.
import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBell, IconBellOff } from "@tabler/icons-react";
import { notificationTexts } from "../texts";
import { useNotifications } from "../use-notifications";
import classes from "./notification-bell.module.css";

export function NotificationBell() {
  const { notifications, unread } = useNotifications();
  return (
    <Popover position="bottom-end" width="min(500px, calc(100vw - 24px))" shadow="lg" radius="md">
      <Popover.Target>
        <Indicator label={unread} size={16} disabled={unread === 0} color="red" offset={4} inline>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="md" aria-label={notificationTexts.bell}>
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text className={classes.title}>{notificationTexts.title(notifications.length)}</Text>
        <ScrollArea.Autosize mah={540}>
          {notifications.length === 0 ? (
            <Stack align="center" gap={6} py="xl" c="dimmed">
              <IconBellOff size={26} stroke={1.5} />
              <Text size="sm">{notificationTexts.empty}</Text>
            </Stack>
          ) : (
            <Stack gap={0}>
              {notifications.map((n) => (
                <div key={n.id} className={classes.item}>
                  <Text size="sm" fw={600}>
                    {n.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {n.message}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
